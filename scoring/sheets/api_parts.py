"""The parts every score-entry endpoint shares: its permission classes, the sheet as the API shows it (in
`SheetSerializer`'s shape), the version a write names (body or If-Match), and the OpenAPI parameters and
error answers the endpoints declare."""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.permissions import BasePermission

from scoring.engine import game_rules
from scoring.exceptions import FieldRequired
from scoring.models import Sheet
from scoring.sheets import serializers as s
from scoring.sheets.permissions import sheet_permissions
from scoring.sheets.selectors import (
    SheetAccess,
    sheet_view,
)
from scoring.sheets.sides_cache import game_sides_cached

# --- permissions ----------------------------------------------------------------------------------------


class TableLinkAccess(BasePermission):
    """Anyone: the token in the path is the credential. The view's `initial()` looks it up, and it opens
    only its own game's sheet, only while the round is released (404 unknown or revoked, 403 closed)."""

    def has_permission(self, request, view):
        return True


class SheetOrganiserAccess(BasePermission):
    """A logged-in organiser; the view's `initial()` looks the sheet up among their clubs' (others: 404)."""

    def has_permission(self, request, view):
        return bool(request.user and request.user.is_authenticated)


class RoundOrganiserAccess(SheetOrganiserAccess):
    """A logged-in organiser; the view's `initial()` looks the round up among their clubs' (others: 404)."""


TABLE = {"permission_classes": [TableLinkAccess], "authentication_classes": []}
ORGANISER = {"permission_classes": [SheetOrganiserAccess]}


def deal_payload(row) -> dict[str, Any]:
    return {
        "position": row.position,
        "data": row.data,
        "outcome": row.outcome,
        "score": {"A": row.score_a, "B": row.score_b},
        "running": {"A": row.total_a, "B": row.total_b},
        "held": row.held,
        "collected": row.collected,
    }


def sheet_payload(
    access: SheetAccess, sheet: Sheet | None = None, deals: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """The sheet as the API shows it to this actor, in SheetSerializer's shape (which documents it; the
    dict is rendered as it is, a test keeps the two equal). One query for the deals unless `deals` (their
    data in order) is given, one for the teams."""
    sheet = sheet or access.sheet
    if sheet is not access.sheet:
        sheet.game = access.game  # the locked copy from a service lacks the loaded entries and players
    view = sheet_view(sheet, deals)
    game = access.game
    event = access.event
    result = view.result
    return {
        "id": sheet.pk,
        "game": {
            "id": game.pk,
            "event": {"id": event.pk, "name": event.name, "date": event.date},
            "round": game.round.number,
            "round_id": game.round_id,
            "table_number": game.table_number,
            "first_dealer": game.first_dealer,
            "sides": {
                side: {
                    "side": side,
                    "label": str(info["label"]),
                    "name": info["name"],
                    "numbers": info["numbers"],
                    "seats": [{"seat": seat, "player": player} for seat, player in info["seats"]],
                }
                for side, info in game_sides_cached(game).items()
            },
        },
        "rules": game_rules(event),
        "status": sheet.status,
        "version": sheet.version,
        "entering_side": sheet.entering_side,
        "side": access.link.side if access.link else None,
        "permissions": sheet_permissions(sheet, access.actor),
        "deal_count": len(view.rows),
        "deals": [deal_payload(row) for row in view.rows],
        "totals": result.get("totals") or {"A": 0, "B": 0},
        "held": result.get("held") or 0,
        "finished": bool(result.get("finished")),
        "winner": result.get("winner"),
        "submitted_at": sheet.submitted_at,
        "confirmed_at": sheet.confirmed_at,
        "dispute_message": sheet.dispute_message,
        "updated_at": sheet.updated_at,
    }


_IF_MATCH = re.compile(r'^\s*(?:W/)?"?(\d{1,9})"?\s*$')


def version_of(request, data: dict[str, Any]) -> int:
    """The client's version: the body's `version`, else the If-Match header."""
    if data.get("version") is not None:
        return data["version"]
    header = request.headers.get("If-Match")
    if header:
        match = _IF_MATCH.match(header)
        if match:
            return int(match.group(1))
    raise FieldRequired("version", _("version is required: send the sheet version in the body or as If-Match."))


def reason_of(data: dict[str, Any]) -> str:
    return data.get("reason") or ""


VERSION_PARAMS = [
    OpenApiParameter(
        "If-Match",
        OpenApiTypes.STR,
        OpenApiParameter.HEADER,
        required=False,
        description='The sheet version as an ETag ("3"); instead of `version` in the body.',
    ),
]
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=True,
    description="A client-made id of this deal (1–64 of A-Z a-z 0-9 _ . : -).",
)
ERRORS = {
    400: OpenApiResponse(s.SheetErrorSerializer, description="Invalid input; the fields at fault are named."),
    403: OpenApiResponse(s.SheetErrorSerializer, description="Not allowed (other side, closed round, not logged in)."),
    404: OpenApiResponse(s.SheetErrorSerializer, description="Unknown or revoked link, or another club's sheet."),
    409: OpenApiResponse(s.SheetErrorSerializer, description="Stale version (with the current sheet) or wrong status."),
}
