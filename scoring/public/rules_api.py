"""Public rules API: the presets, and scoring a game with the rules engine (spec §6).

Permission: anyone. Both endpoints are read-only computations on the posted data: nothing is stored, nothing
of the database is read, so no authentication is used (and no CSRF token is needed). Messages come in the
request's language (LocaleMiddleware: language cookie, then Accept-Language).
"""

from __future__ import annotations

from django.http import QueryDict
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ParseError, UnsupportedMediaType
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from config.throttles import RulesScoreThrottle, UserThrottle
from scoring.rules import PRESETS, list_presets, score_game
from scoring.rules.words import OUTCOMES, TEAMS
from scoring.sheets.serializers import DealInputSerializer

# --- schema documentation (the rules engine validates; these serializers only describe the shapes; the deal
# is the same serializer the score-entry API validates with) ---


class GameSerializer(serializers.Serializer):
    rules = serializers.ChoiceField(choices=list(PRESETS))
    options = serializers.DictField(required=False, allow_null=True, help_text="settings by name (spec §4)")
    deals = DealInputSerializer(many=True)


class ErrorSerializer(serializers.Serializer):
    deal = serializers.IntegerField(allow_null=True)
    field = serializers.CharField()
    code = serializers.CharField()
    message = serializers.CharField()


class DealResultSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=list(OUTCOMES), allow_null=True)
    score = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    held = serializers.IntegerField(allow_null=True)
    collected = serializers.ChoiceField(choices=list(TEAMS), allow_null=True)
    errors = ErrorSerializer(many=True)


class ResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    deals = DealResultSerializer(many=True)
    totals = serializers.DictField(child=serializers.IntegerField())
    held = serializers.IntegerField()
    finished = serializers.BooleanField()
    winner = serializers.ChoiceField(choices=list(TEAMS), allow_null=True)
    errors = ErrorSerializer(many=True)


class RefusedResultSerializer(ResultSerializer):
    """A 400: the result, plus the API's one error contract (`code`, `detail`; `errors` as above)."""

    code = serializers.CharField()
    detail = serializers.CharField()


class PresetSerializer(serializers.Serializer):
    name = serializers.CharField()
    seed = serializers.CharField()
    family = serializers.ChoiceField(choices=["take", "coinche", "belot"])
    contracts = serializers.ListField(child=serializers.CharField())
    trumps = serializers.ListField(child=serializers.CharField())
    settings = serializers.DictField(help_text="every setting by name, incl. the value tables")
    deal_totals = serializers.DictField(child=serializers.IntegerField())
    capot_tricks = serializers.DictField(child=serializers.IntegerField())
    unreachable = serializers.DictField(child=serializers.ListField(child=serializers.IntegerField()))


EXAMPLE_GAME = {
    "rules": "hoheluft",
    "options": {"deals": 4},
    "deals": [
        {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}, "belote": ["A"]},
        {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 81, "B": 81}},
        {"contract": None},
    ],
}
EXAMPLE_RESULT = {
    "valid": True,
    "deals": [
        {"outcome": "made", "score": {"A": 112, "B": 70}, "held": 0, "collected": None, "errors": []},
        {"outcome": "litige", "score": {"A": 81, "B": 0}, "held": 81, "collected": None, "errors": []},
        {"outcome": "passed", "score": {"A": 0, "B": 0}, "held": 81, "collected": None, "errors": []},
    ],
    "totals": {"A": 193, "B": 70},
    "held": 81,
    "finished": False,
    "winner": None,
    "errors": [],
}
EXAMPLE_INVALID = {
    "code": "game_invalid",
    "detail": "Deal 1: Trick points must add up to 162; got 92 + 72 = 164.",
    "valid": False,
    "deals": [
        {
            "outcome": None,
            "score": None,
            "held": None,
            "collected": None,
            "errors": [
                {
                    "deal": 0,
                    "field": "tricks",
                    "code": "sum_mismatch",
                    "message": "Deal 1: Trick points must add up to 162; got 92 + 72 = 164.",
                }
            ],
        },
    ],
    "totals": {"A": 0, "B": 0},
    "held": 0,
    "finished": False,
    "winner": None,
    "errors": [
        {
            "deal": 0,
            "field": "tricks",
            "code": "sum_mismatch",
            "message": "Deal 1: Trick points must add up to 162; got 92 + 72 = 164.",
        }
    ],
}


class RulesListApi(APIView):
    """The five presets with every setting and value table. Permission: anyone (public reference data)."""

    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        operation_id="rules_list",
        summary="Rule set presets",
        description="Each preset's name, seed document, family, contracts, every setting by name (incl. value "
        "tables), the deal total and capot trick points per contract, and the trick totals no deal can give.",
        responses={200: PresetSerializer(many=True)},
        tags=["rules"],
    )
    def get(self, request):
        return Response(list_presets())


class RulesScoreApi(APIView):
    """Score a game (a sheet of deals) with the rules engine. Permission: anyone (stateless computation)."""

    throttle_classes = [RulesScoreThrottle, UserThrottle]
    permission_classes = [AllowAny]
    authentication_classes: list = []

    @extend_schema(
        operation_id="rules_score",
        summary="Score a game",
        description="Validates and scores the deals in order (spec §5, §6). 200 with the result when the sheet "
        "is valid (a sheet in progress is valid); 400 with the same body when it is not: `valid` false, "
        "scoring stopped at the first invalid deal, each error naming the deal, the field, a stable code and "
        "a message in the request's language.",
        request=GameSerializer,
        responses={
            200: OpenApiResponse(ResultSerializer, description="valid sheet"),
            400: OpenApiResponse(RefusedResultSerializer, description="invalid sheet or body"),
        },
        examples=[
            OpenApiExample("A game in progress", value=EXAMPLE_GAME, request_only=True),
            OpenApiExample("Result", value=EXAMPLE_RESULT, response_only=True, status_codes=["200"]),
            OpenApiExample("Invalid deal", value=EXAMPLE_INVALID, response_only=True, status_codes=["400"]),
        ],
        tags=["rules"],
    )
    def post(self, request):
        if request.META.get("CONTENT_LENGTH") in (None, "", "0"):
            return Response(_body_error(gettext("the body is empty.")), status=400)
        try:
            game = request.data
        except (ParseError, UnsupportedMediaType) as exc:
            return Response(_body_error(str(exc.detail)), status=400)
        if isinstance(game, QueryDict):  # what DRF gives for an empty body
            return Response(_body_error(gettext("the body is empty.")), status=400)
        result = score_game(game, translate=gettext, ngettext=ngettext)
        if result["valid"]:
            return Response(result, status=200)
        return Response(_refused("game_invalid", result), status=400)


def _refused(code: str, result: dict) -> dict:
    """A refused game in the API's one error shape: `code` and `detail` (the first error) before the result."""
    detail = result["errors"][0]["message"] if result["errors"] else gettext("The game is not valid.")
    return {"code": code, "detail": detail, **result}


def _body_error(detail: str) -> dict:
    message = _("The request body must be a game as JSON: {detail}").format(detail=detail)
    error = {"deal": None, "field": "game", "code": "invalid_json", "message": str(message)}
    return _refused(
        "invalid_json",
        {
            "valid": False,
            "deals": [],
            "totals": {"A": 0, "B": 0},
            "held": 0,
            "finished": False,
            "winner": None,
            "errors": [error],
        },
    )
