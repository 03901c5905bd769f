"""User errors of score entry; `config.exceptions.api_exception_handler` turns them into answers.

Every `ScoringError` carries a translated message, a machine `code`, the HTTP status it maps to, and
`errors`: a list of {field, code, message} (plus `deal` for the rules engine's errors) naming what to fix.
Errors that "cannot happen" are not ScoringErrors: they stay bugs and answer 500.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import status

from tournaments.labels import join_words


class ScoringError(Exception):
    """Base of score-entry user errors. `status_code` is the HTTP answer; `errors` name fields."""

    status_code = status.HTTP_400_BAD_REQUEST
    code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        field: str | None = None,
        errors: list[dict[str, Any]] | None = None,
    ):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        if errors is None:
            errors = [{"field": field, "code": self.code, "message": message}] if field else []
        self.errors = errors

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "detail": self.message, "errors": self.errors}


class DealInvalid(ScoringError):
    """The rules engine refused the sheet with this deal; `errors` are its error objects (translated)."""

    code = "deal_invalid"

    def __init__(self, errors: list[dict[str, Any]]):
        first = errors[0]["message"] if errors else _("The deal is not valid.")
        super().__init__(first, errors=errors)


class FieldRequired(ScoringError):
    """A needed value is missing or malformed (version, reason, Idempotency-Key, dispute message)."""

    code = "required"

    def __init__(self, field: str, message: str, *, code: str | None = None):
        super().__init__(message, field=field, code=code)


class SheetConflict(ScoringError):
    """The client wrote against an older version of the sheet: 409 with the current sheet, never an overwrite."""

    status_code = status.HTTP_409_CONFLICT
    code = "version_conflict"

    def __init__(self, *, sheet, sent: int):
        self.sheet = sheet
        self.sent = sent
        # Said to a person at a table: no version numbers (the answer's "version" field carries them).
        super().__init__(
            _(
                "Another phone or the desk changed the sheet in the meantime; here it is as it is now. "
                "Check the deals and try again."
            ),
            field="version",
        )

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "version": self.sheet.version}


class SheetStateError(ScoringError):
    """The action does not fit the sheet's status (submitted, confirmed, locked, unfinished...)."""

    status_code = status.HTTP_409_CONFLICT
    code = "sheet_state"


class TableClosed(SheetStateError):
    """A table link of a closed round: it no longer opens the sheet."""

    status_code = status.HTTP_403_FORBIDDEN
    code = "round_closed"

    def __init__(self):
        super().__init__(
            _("This round is closed: its table links no longer work. Ask the organiser for any correction.")
        )


class TableNotReady(SheetStateError):
    """A table link whose game has no sheet yet: the round-release hook makes them, a read never does."""

    status_code = status.HTTP_409_CONFLICT
    code = "table_not_ready"

    def __init__(self) -> None:
        super().__init__(_("The sheet of this table is not ready yet: please ask the organiser."))


class SideNotAllowed(ScoringError):
    """This table link's side may not do that (e.g. the entering side confirming its own sheet)."""

    status_code = status.HTTP_403_FORBIDDEN
    code = "other_side"


class RoundNotClosable(ScoringError):
    """Closing a round while sheets are unconfirmed; `tables` lists the table numbers concerned."""

    status_code = status.HTTP_409_CONFLICT
    code = "sheets_unconfirmed"

    def __init__(self, tables: list[int]):
        self.tables = tables
        super().__init__(
            ngettext(
                "The round cannot be closed: the sheet of table %(tables)s is not confirmed. Confirm it first "
                "(or confirm it as organiser).",
                "The round cannot be closed: the sheets of tables %(tables)s are not confirmed. Confirm them first "
                "(or confirm them as organiser).",
                len(tables),
            )
            % {"tables": join_words(tables)}
        )

    def as_dict(self) -> dict[str, Any]:
        return {**super().as_dict(), "tables": self.tables}


class UnfinishedNotRuled(ScoringError):
    """Closing a round with unfinished games that no rule was chosen for, or that changed since the close
    page showed them (`code` says which); the message names the tables."""

    code = "unfinished_not_ruled"

    status_code = status.HTTP_409_CONFLICT


class PinWrong(SideNotAllowed):
    """A game link's confirmation or dispute with a PIN that is not its side's (the try was counted)."""

    code = "pin_wrong"

    def __init__(self, *, side: str, left: int):
        super().__init__(
            ngettext(
                "The PIN is wrong. It is the four digits printed under %(side)s on your side of the table card. "
                "%(left)s more try, then this side waits 10 minutes.",
                "The PIN is wrong. It is the four digits printed under %(side)s on your side of the table card. "
                "%(left)s more tries, then this side waits 10 minutes.",
                left,
            )
            % {"side": side, "left": left},
            field="pin",
        )


class PinLocked(ScoringError):
    """Too many wrong PINs for one side of one sheet lately: nothing is checked until the wait is over."""

    status_code = status.HTTP_429_TOO_MANY_REQUESTS
    code = "pin_locked"

    def __init__(self, *, limit: int, minutes: int):
        super().__init__(
            ngettext(
                "Too many wrong PINs (%(limit)s within 10 minutes): this side of the sheet can try again in "
                "%(minutes)s minute, or the organiser confirms it.",
                "Too many wrong PINs (%(limit)s within 10 minutes): this side of the sheet can try again in "
                "%(minutes)s minutes, or the organiser confirms it.",
                minutes,
            )
            % {"limit": limit, "minutes": minutes},
            field="pin",
        )
