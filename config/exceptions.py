"""The API's one error contract: every 4xx answer is `{code, detail, errors: [{field, code, message}]}`.

The one DRF exception handler (settings `REST_FRAMEWORK["EXCEPTION_HANDLER"]`) for every endpoint:
- score-entry refusals (`ScoringError`) keep their status and extras (a 409 conflict also carries `version`
  and the current sheet, rendered by the view's `sheet_payload`; a refused round close its `tables`);
- tournaments' refusals (`TournamentError`) and Django's `ValidationError` name their field;
- serializer 400s are flattened to one error per message, with dotted field paths (`deal.tricks.A`,
  `deals.2.contract`) and DRF's error codes (`required`, `min_value`, ...);
- every other DRF answer (401/403/404/405/415/429, parse errors) keeps its status and headers and takes the
  same shape, with `errors` empty.
Errors that "cannot happen" are not caught: they stay bugs and answer 500.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.exceptions import ErrorDetail
from rest_framework.exceptions import ValidationError as DrfValidationError
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler

from scoring.exceptions import ScoringError, SheetConflict
from tournaments.exceptions import TournamentError

_NON_FIELD = {NON_FIELD_ERRORS, api_settings.NON_FIELD_ERRORS_KEY}


def error_body(code: str, detail: str, errors: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    """The answer's body in the one shape."""
    return {"code": code, "detail": detail, "errors": errors or [], **extra}


def flatten_errors(detail: Any, path: str = "") -> list[dict[str, Any]]:
    """DRF's nested `ValidationError.detail` as a flat list of {field, code, message}, with dotted paths.

    Dict keys and list positions join with dots (`deal.tricks.A`, `deals.0.contract`); a non-field error is
    filed under its parent's path (None at the top)."""
    if isinstance(detail, dict):
        errors = []
        for key, value in detail.items():
            key = str(key)
            child = path if key in _NON_FIELD else (f"{path}.{key}" if path else key)
            errors.extend(flatten_errors(value, child))
        return errors
    if isinstance(detail, list):
        if all(isinstance(item, str) for item in detail):
            return [_item(path, item) for item in detail]
        # `many=True` answers one entry per item, empty for the valid ones: keep the position in the path.
        errors = []
        for index, item in enumerate(detail):
            if isinstance(item, str):
                errors.append(_item(path, item))
            elif item:
                errors.extend(flatten_errors(item, f"{path}.{index}" if path else str(index)))
        return errors
    return [_item(path, detail)]


def _item(path: str, message: Any) -> dict[str, Any]:
    code = message.code if isinstance(message, ErrorDetail) and message.code else "invalid"
    return {"field": path or None, "code": code, "message": str(message)}


def _summary(errors: list[dict[str, Any]]) -> str:
    """The first error as one sentence that names its field (DRF's own messages do not)."""
    if not errors:
        return _("The request is not valid.")
    first = errors[0]
    if not first["field"]:
        return first["message"]
    return _("%(field)s: %(message)s") % {"field": first["field"], "message": first["message"]}


def api_exception_handler(exc, context):
    if isinstance(exc, ScoringError):
        data = exc.as_dict()
        if isinstance(exc, SheetConflict):
            render = getattr(context.get("view"), "sheet_payload", None)
            if render is not None:
                data["sheet"] = render(exc.sheet)
        return Response(data, status=exc.status_code)
    if isinstance(exc, TournamentError):
        message = str(exc.message)
        return Response(
            error_body(exc.code, message, [{"field": exc.field, "code": exc.code, "message": message}]),
            status=exc.status_code,
        )
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            errors = [
                {"field": None if field == NON_FIELD_ERRORS else field, "code": "invalid", "message": message}
                for field, messages in exc.message_dict.items()
                for message in messages
            ]
        else:
            errors = [{"field": None, "code": "invalid", "message": m} for m in exc.messages]
        return Response(
            error_body("invalid", errors[0]["message"] if errors else _("The request is not valid."), errors),
            status=status.HTTP_400_BAD_REQUEST,
        )
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, DrfValidationError):
        errors = flatten_errors(exc.detail)
        response.data = error_body("invalid", _summary(errors), errors)
        return response
    detail = response.data.get("detail") if isinstance(response.data, dict) else None
    code = getattr(detail, "code", None) or getattr(exc, "default_code", None) or "error"
    response.data = error_body(code, str(detail) if detail is not None else str(exc), [])
    return response
