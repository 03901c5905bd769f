"""The score-entry API: read a game and its sheet; create, change, delete deals; submit, confirm, dispute.

Two ways in, each with its explicit permission class:
- a table link, by its token in the path: `/api/v1/table/<token>/...`. No account and no session: the
  token is the credential (256 bits), and it reaches only its own game, only while the round is released
  (`TableLinkAccess`: 404 for an unknown or revoked token, 403 once the round is closed). A table card's
  token works there too: it reaches the game at its table in the released round, with its side's rights
  (404 with "waiting for round N" between rounds).
- an organiser, by session: `/api/v1/sheets/<id>/...` (`SheetOrganiserAccess`: 403 when not logged in, 404
  for another club's sheet). Every organiser change needs a `reason`, kept in the history.

Writes carry the sheet version (`version` in the body, or `If-Match: "<version>"`); a stale one answers 409
with the current sheet. A create carries `Idempotency-Key` (or `client_id`): a retry is answered from the
first write and stores nothing. Reads send the version as `ETag`. Domain errors are mapped to 400/403/409
by `config.exceptions.api_exception_handler`.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.utils.cache import add_never_cache_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.response import Response
from rest_framework.views import APIView

from config.throttles import AnonThrottle, TableTokenThrottle, UserThrottle
from scoring.models import Sheet
from scoring.sheets import serializers as s
from scoring.sheets.access import CardWaiting, state_text, token_access
from scoring.sheets.addresses import organiser_access, organiser_round
from scoring.sheets.api_parts import (
    ERRORS,
    IDEMPOTENCY_KEY,
    VERSION_PARAMS,
    RoundOrganiserAccess,
    deal_payload,
    reason_of,
    sheet_payload,
    version_of,
)
from scoring.sheets.preview import deal_preview
from scoring.sheets.selectors import (
    SheetAccess,
    sheet_of,
    sheet_view,
)
from scoring.sheets.services import (
    deal_create,
    deal_delete,
    deal_insert,
    deal_update,
    sheet_correct,
    sheet_step,
)
from tournaments.models import Game, Round


def _token_access(request, token: str) -> SheetAccess:
    """What the token opens (`scoring.sheets.access.token_access`); a card between rounds answers 404 saying
    which round it waits for."""
    try:
        return token_access(request, token)
    except CardWaiting as waiting:
        raise NotFound(state_text(waiting.state)) from None


class SheetBaseApi(APIView):
    """Shared by every sheet endpoint; `access` (the sheet, its game and the actor) is set in `initial()`."""

    access: SheetAccess
    throttle_classes = [AnonThrottle, UserThrottle, TableTokenThrottle]

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)  # authentication and the yes/no permission first
        if "token" in kwargs:
            self.access = _token_access(request, kwargs["token"])
        else:
            self.access = organiser_access(request, kwargs["sheet_id"])

    def finalize_response(self, request, response, *args, **kwargs):
        # A sheet read under a table token (or an organiser's session) is nobody else's: no shared cache, no
        # browser copy, whatever the answer (an error too).
        response = super().finalize_response(request, response, *args, **kwargs)
        add_never_cache_headers(response)
        return response

    def sheet_payload(self, sheet: Sheet | None = None, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The sheet for this caller (also the current sheet of a 409 answer)."""
        return sheet_payload(self.access, sheet, deals)

    def respond(self, sheet: Sheet, code: int = status.HTTP_200_OK, deals=None) -> Response:
        data = self.sheet_payload(sheet, deals)
        return Response(data, status=code, headers={"ETag": f'"{data["version"]}"'})

    def parse(self, serializer_class, data=None):
        serializer = serializer_class(data=self.request.data if data is None else data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


# --- endpoints ------------------------------------------------------------------------------------------


class SheetDetailApi(SheetBaseApi):
    """Read the game (event, round, table, teams and seats, first dealer), its rule set and its sheet: deals
    as entered with each deal's score, running totals and held points, status, version, and what the
    caller may do now."""

    @extend_schema(responses={200: s.SheetSerializer, 403: ERRORS[403], 404: ERRORS[404]})
    def get(self, request, **kwargs):
        return self.respond(self.access.sheet)


class DealWriteBaseApi(SheetBaseApi):
    def written(self, write, position: int | None, *, replayed: bool, code: int) -> Response:
        """DealWrittenSerializer's shape: the deal written, whether it was a replay, the whole sheet."""
        payload = sheet_payload(self.access, write.sheet, write.deals)
        deal = payload["deals"][position] if position is not None and position < len(payload["deals"]) else None
        data = {"deal": deal, "replayed": replayed, "sheet": payload}
        return Response(data, status=code, headers={"ETag": f'"{write.sheet.version}"'})

    def stored(self, write) -> Response:
        """The answer to an idempotent create or insert: 201 when stored, 200 with `replayed: true` for a key
        seen before."""
        return self.written(
            write,
            write.deal.position if write.deal else None,
            replayed=not write.created,
            code=status.HTTP_201_CREATED if write.created else status.HTTP_200_OK,
        )

    def deal_write(self, request) -> dict[str, Any]:
        """A create's or an insert's arguments from the body: the deal, the version (body or If-Match), the
        client id (Idempotency-Key, else the body's `client_id`) and an organiser's reason."""
        data = self.parse(s.DealWriteSerializer)
        client_id = request.headers.get("Idempotency-Key") or data.get("client_id") or ""
        return {
            "sheet": self.access.sheet,
            "data": data["deal"],
            "version": version_of(request, data),
            "client_id": client_id.strip(),
            "actor": self.access.actor,
            "reason": reason_of(data),
        }


class DealCreateApi(DealWriteBaseApi):
    """Append a deal. Idempotent by `Idempotency-Key`: 201 when stored, 200 with `replayed: true` when this
    key was seen before (nothing stored). An impossible deal answers 400 with the rules engine's errors."""

    @extend_schema(
        request=s.DealWriteSerializer,
        parameters=[
            IDEMPOTENCY_KEY,
            *VERSION_PARAMS,
        ],
        responses={201: s.DealWrittenSerializer, 200: s.DealWrittenSerializer, **ERRORS},
    )
    def post(self, request, **kwargs):
        return self.stored(deal_create(**self.deal_write(request)))


class DealInsertApi(DealWriteBaseApi):
    """Insert a forgotten deal before the deal at `position` (0-based; the number of deals appends); the
    later deals move down one place and the whole sheet is checked again. Idempotent by `Idempotency-Key`
    like a create: 201 when stored, 200 with `replayed: true` for a key seen before."""

    @extend_schema(
        request=s.DealWriteSerializer,
        parameters=[
            IDEMPOTENCY_KEY,
            *VERSION_PARAMS,
        ],
        responses={201: s.DealWrittenSerializer, 200: s.DealWrittenSerializer, **ERRORS},
    )
    def post(self, request, position: int, **kwargs):
        return self.stored(deal_insert(position=position, **self.deal_write(request)))


class DealDetailApi(DealWriteBaseApi):
    """Read (GET), change (PUT) or delete (DELETE) the deal at `position` (0-based). Later deals move up one
    place after a delete. Changes carry the version; organisers add a `reason`."""

    def _row(self, position: int):
        rows = sheet_view(self.access.sheet).rows
        if not 0 <= position < len(rows):
            raise Http404
        return rows[position]

    @extend_schema(responses={200: s.SheetDealSerializer, 403: ERRORS[403], 404: ERRORS[404]})
    def get(self, request, position: int, **kwargs):
        return Response(
            s.SheetDealSerializer(deal_payload(self._row(position))).data,
            headers={"ETag": f'"{self.access.sheet.version}"'},
        )

    @extend_schema(
        request=s.DealWriteSerializer, parameters=VERSION_PARAMS, responses={200: s.DealWrittenSerializer, **ERRORS}
    )
    def put(self, request, position: int, **kwargs):
        data = self.parse(s.DealWriteSerializer)
        write = deal_update(
            sheet=self.access.sheet,
            position=position,
            data=data["deal"],
            version=version_of(request, data),
            actor=self.access.actor,
            reason=reason_of(data),
        )
        return self.written(write, position, replayed=False, code=status.HTTP_200_OK)

    @extend_schema(
        request=s.DeleteSerializer,
        parameters=[
            *VERSION_PARAMS,
            OpenApiParameter(
                "version",
                OpenApiTypes.INT,
                OpenApiParameter.QUERY,
                required=False,
                description="The sheet version (instead of If-Match).",
            ),
            OpenApiParameter(
                "reason",
                OpenApiTypes.STR,
                OpenApiParameter.QUERY,
                required=False,
                description="Organisers: why the deal is deleted.",
            ),
        ],
        responses={200: s.SheetSerializer, **ERRORS},
    )
    def delete(self, request, position: int, **kwargs):
        body = request.data if isinstance(request.data, dict) and request.data else request.query_params.dict()
        data = self.parse(s.DeleteSerializer, data=body)
        write = deal_delete(
            sheet=self.access.sheet,
            position=position,
            version=version_of(request, data),
            actor=self.access.actor,
            reason=reason_of(data),
        )
        return self.respond(write.sheet, deals=write.deals)


class DealValidateApi(SheetBaseApi):
    """Check a deal against the sheet and the rule set without storing it (e.g. on every change of a form):
    the rules engine's errors, or the deal's score and the totals it would give."""

    @extend_schema(request=s.DealValidateSerializer, responses={200: s.ValidationResultSerializer, **ERRORS})
    def post(self, request, **kwargs):
        data = self.parse(s.DealValidateSerializer)
        checked = deal_preview(sheet=self.access.sheet, deal=data["deal"], position=data.get("position"))
        result = checked.result
        deal = None
        if checked.valid:
            scored = checked.scored
            deal = {
                "position": checked.position,
                "data": checked.deals[checked.position],
                "outcome": scored["outcome"],
                "score": scored["score"],
                "running": checked.running,
                "held": scored["held"] or 0,
                "collected": scored["collected"],
            }
        return Response(
            s.ValidationResultSerializer(
                {
                    "valid": result["valid"],
                    "errors": result["errors"],
                    "deal": deal,
                    "totals": result["totals"],
                    "finished": result["finished"],
                }
            ).data
        )


class SheetStepApi(SheetBaseApi):
    """One of the sheet's steps to confirmed (`sheet_step`): the body's serializer and the field that carries
    the step's text are the subclass's."""

    step: str
    body: type[serializers.Serializer]

    def post(self, request, **kwargs):
        data = self.parse(self.body)
        text = reason_of(data) if self.step == "confirm" else data.get("message", "")
        return self.respond(
            sheet_step(
                sheet=self.access.sheet,
                step=self.step,
                version=version_of(request, data),
                actor=self.access.actor,
                text=text,
                pin=data.get("pin", ""),
            )
        )


@extend_schema_view(
    post=extend_schema(
        request=s.VersionSerializer, parameters=VERSION_PARAMS, responses={200: s.SheetSerializer, **ERRORS}
    )
)
class SheetSubmitApi(SheetStepApi):
    """The entering side hands in the finished sheet; the other side then confirms or disputes it."""

    step, body = "submit", s.VersionSerializer


@extend_schema_view(
    post=extend_schema(
        request=s.ConfirmSerializer, parameters=VERSION_PARAMS, responses={200: s.SheetSerializer, **ERRORS}
    )
)
class SheetConfirmApi(SheetStepApi):
    """The other side confirms a submitted sheet (or an organiser any unsettled one; an unfinished game
    needs a `reason`). Only confirmed sheets count for the standings."""

    step, body = "confirm", s.ConfirmSerializer


@extend_schema_view(
    post=extend_schema(
        request=s.DisputeSerializer, parameters=VERSION_PARAMS, responses={200: s.SheetSerializer, **ERRORS}
    )
)
class SheetDisputeApi(SheetStepApi):
    """The other side disputes a submitted sheet with a message; it goes back to the entering side."""

    step, body = "dispute", s.DisputeSerializer


class SheetCorrectApi(SheetBaseApi):
    """Organisers: replace all deals of a sheet in any status (also confirmed or locked), with a reason;
    the history keeps before and after, and the standings are recomputed for a confirmed sheet."""

    @extend_schema(request=s.CorrectSerializer, parameters=VERSION_PARAMS, responses={200: s.SheetSerializer, **ERRORS})
    def post(self, request, **kwargs):
        data = self.parse(s.CorrectSerializer)
        return self.respond(
            sheet_correct(
                sheet=self.access.sheet,
                deals=data["deals"],
                version=version_of(request, data),
                actor=self.access.actor,
                reason=data["reason"],
            )
        )


class RoundSheetsApi(APIView):
    """Organisers: every table of a round with its sheet's status, version, progress and totals."""

    permission_classes = [RoundOrganiserAccess]
    round: Round

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        self.round = organiser_round(request, kwargs["round_id"])

    @extend_schema(responses={200: s.RoundSheetSerializer(many=True), 403: ERRORS[403], 404: ERRORS[404]})
    def get(self, request, round_id: int):
        # A read: the round-release hook made the sheets and links; a game without a sheet shows none.
        games = Game.objects.filter(round=self.round, is_bye=False).select_related("sheet").order_by("table_number")
        rows = []
        for game in games:
            sheet = sheet_of(game)
            rows.append(
                {
                    "sheet_id": sheet.pk if sheet else None,
                    "game_id": game.pk,
                    "table_number": game.table_number,
                    "status": sheet.status if sheet else "missing",
                    "version": sheet.version if sheet else 0,
                    "deal_count": sheet.deal_count if sheet else 0,
                    "totals": {"A": sheet.total_a if sheet else 0, "B": sheet.total_b if sheet else 0},
                    "finished": bool(sheet and sheet.finished),
                    "updated_at": sheet.updated_at if sheet else None,
                }
            )
        return Response(s.RoundSheetSerializer(rows, many=True).data)
