"""Domain errors of the tournaments app: user errors with a translated message, shown as they are.

Services raise these; organiser views turn them into a message on the page, the API into a 400 (bad input)
or 409 (the object is not in a state that allows the action). `field` names the form/API field at fault
when there is one. Anything else that goes wrong is a bug and is not caught.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _


class TournamentError(Exception):
    """A user error: `message` is translated text naming the rule and the numbers; `field` is optional."""

    status_code = 400
    default_message = _("This action is not possible.")

    def __init__(self, message=None, *, field: str | None = None, code: str | None = None):
        self.message = message if message is not None else self.default_message
        self.field = field
        self.code = code or self.__class__.__name__
        super().__init__(str(self.message))

    def __str__(self) -> str:
        return str(self.message)


class InvalidInput(TournamentError):
    """Input that breaks a rule (a missing player, a table number out of range, ...)."""


class IllegalTransition(TournamentError):
    """The object's status does not allow the action (releasing a draft, closing a closed round, ...)."""

    status_code = 409


class EntriesClosed(TournamentError):
    """The organiser has closed entries for the event."""

    status_code = 409


class RulesFrozen(TournamentError):
    """The event has started: its rule set can no longer change."""

    status_code = 409


class DrawFailed(TournamentError):
    """The pairing core refused the draw (too few entrants present, not enough tables, ...)."""


class ConfirmationRequired(TournamentError):
    """A destructive action (regenerating a draft) needs an explicit confirmation."""

    status_code = 409


class RoundCloseRefused(TournamentError):
    """A check registered for closing rounds (e.g. "every sheet is confirmed") refused."""

    status_code = 409
