"""API serializers for score entry: the deal JSON of spec §6 (shape only), write bodies, and the sheet.

Input serializers check types and allowed values and name the field at fault; the rules engine then checks
the deal itself (sums, reachable points, announcements, game end). Unknown fields are refused, never
silently dropped. Output serializers render plain dicts built by `scoring.sheets.api_parts.sheet_payload`.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from scoring.models import MAX_REASON
from scoring.rules.words import RANKS, SUITS, TEAMS, TRUMPS

MAX_POINTS = 10_000


@extend_schema_field({"type": "string", "enum": list(TEAMS)})
class TeamField(serializers.ChoiceField):
    """Team A (North/South) or B (East/West)."""

    def __init__(self, **kwargs):
        super().__init__(choices=TEAMS, **kwargs)


@extend_schema_field({"type": "string", "enum": list(SUITS)})
class SuitField(serializers.ChoiceField):
    def __init__(self, **kwargs):
        super().__init__(choices=SUITS, **kwargs)


@extend_schema_field({"type": "string", "enum": list(RANKS)})
class RankField(serializers.ChoiceField):
    def __init__(self, **kwargs):
        super().__init__(choices=RANKS, **kwargs)


class StrictSerializer(serializers.Serializer):
    """Refuses fields it does not know, naming them (a typo must not vanish silently)."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(str(k) for k in data if k not in self.fields)
            if unknown:
                raise serializers.ValidationError(
                    {
                        name: [_("Unknown field; the fields are: %(fields)s.") % {"fields": ", ".join(self.fields)}]
                        for name in unknown
                    }
                )
        return super().to_internal_value(data)

    def compact(self, data: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in data.items() if v is not None}


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 80, "maximum": 160, "multipleOf": 10},
            {"type": "string", "enum": ["capot"]},
        ]
    }
)
class BidField(serializers.Field):
    """A coinche bid: 80..160 in tens, or "capot" (the range against the rule set is the engine's check)."""

    default_error_messages = {"invalid": _('A bid is a whole number (80, 90, … 160) or "capot"; got {got}.')}

    def to_internal_value(self, data):
        if data == "capot":
            return data
        if type(data) is int and 0 <= data <= MAX_POINTS:
            return data
        self.fail("invalid", got=repr(data)[:40])

    def to_representation(self, value):
        return value


class DealContractInputSerializer(StrictSerializer):
    taker = TeamField()
    trump = serializers.ChoiceField(choices=TRUMPS)
    bid = BidField(required=False, allow_null=True)
    multiplier = serializers.ChoiceField(choices=(1, 2, 4), required=False, allow_null=True)

    def to_internal_value(self, data):
        return self.compact(super().to_internal_value(data))


class DealTricksInputSerializer(StrictSerializer):
    A = serializers.IntegerField(min_value=0, max_value=MAX_POINTS)
    B = serializers.IntegerField(min_value=0, max_value=MAX_POINTS)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": list(TEAMS)},
            {
                "type": "object",
                "properties": {
                    "team": {"type": "string", "enum": list(TEAMS)},
                    "suit": {"type": "string", "enum": list(SUITS)},
                },
                "required": ["team"],
                "additionalProperties": False,
            },
        ]
    }
)
class BeloteField(serializers.Field):
    """One belote: "A"/"B", or {"team": "A", "suit": "hearts"} (all-trumps)."""

    default_error_messages = {
        "invalid": _('A belote is "A", "B" or {{"team": "A", "suit": "hearts"}}; got {got}.'),
    }

    def to_internal_value(self, data):
        if data in TEAMS:
            return data
        if isinstance(data, dict) and set(data) <= {"team", "suit"} and data.get("team") in TEAMS:
            suit = data.get("suit")
            if suit is None:
                return {"team": data["team"]}
            if isinstance(suit, str) and suit in SUITS:
                return {"team": data["team"], "suit": suit}
        self.fail("invalid", got=repr(data)[:60])

    def to_representation(self, value):
        return value


class DeclarationInputSerializer(StrictSerializer):
    type = serializers.ChoiceField(choices=("tierce", "quarte", "quinte", "carre"))
    suit = SuitField(required=False)
    high = RankField(required=False)
    length = serializers.IntegerField(min_value=3, max_value=8, required=False)
    rank = RankField(required=False)

    def to_internal_value(self, data):
        return self.compact(super().to_internal_value(data))


class DeclarationsInputSerializer(StrictSerializer):
    A = DeclarationInputSerializer(many=True, required=False, max_length=8)
    B = DeclarationInputSerializer(many=True, required=False, max_length=8)


class DealInputSerializer(StrictSerializer):
    """One deal as entered (spec §6). `contract: null` is a passed-out deal."""

    contract = DealContractInputSerializer(allow_null=True)
    tricks = DealTricksInputSerializer(required=False, allow_null=True)
    last_trick = TeamField(required=False, allow_null=True)
    capot = TeamField(required=False, allow_null=True)
    belote = serializers.ListField(child=BeloteField(), required=False, max_length=8)
    declarations = DeclarationsInputSerializer(required=False, allow_null=True)
    eldest = TeamField(required=False, allow_null=True)

    def to_internal_value(self, data):
        value = super().to_internal_value(data)
        # Stored as entered, minus empty parts: {"contract": null} stays, nulls and empty lists go.
        deal = {"contract": value["contract"]}
        for key in ("tricks", "last_trick", "capot", "belote", "declarations", "eldest"):
            if value.get(key) not in (None, [], {}):
                deal[key] = value[key]
        if "declarations" in deal:
            deal["declarations"] = {team: items for team, items in deal["declarations"].items() if items}
            if not deal["declarations"]:
                del deal["declarations"]
        return deal


class VersionSerializer(StrictSerializer):
    """The sheet version the change is based on (or the `If-Match` header)."""

    version = serializers.IntegerField(min_value=0, required=False)


class DealWriteSerializer(VersionSerializer):
    deal = DealInputSerializer()
    client_id = serializers.CharField(
        required=False,
        max_length=64,
        help_text=_("The client's id of this deal; the Idempotency-Key header takes precedence."),
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_REASON,
        help_text=_("Required for organisers: kept in the sheet's history."),
    )


class DealValidateSerializer(StrictSerializer):
    deal = DealInputSerializer()
    position = serializers.IntegerField(
        min_value=0,
        required=False,
        help_text=_("Check an edit of the deal at this position; a new deal at the end when left out."),
    )


class DeleteSerializer(VersionSerializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=MAX_REASON)


def _pin_field():
    return serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=12,
        help_text=_(
            "Through a game link's token: its side's PIN, printed on that side's table card; a table card's "
            "token needs none. After five wrong PINs in 10 minutes, that side of the sheet waits."
        ),
    )


class ConfirmSerializer(VersionSerializer):
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_REASON,
        help_text=_("Organisers: required when the game is not finished."),
    )
    pin = _pin_field()


class DisputeSerializer(VersionSerializer):
    message = serializers.CharField(max_length=MAX_REASON, help_text=_("What is wrong with the sheet."))
    pin = _pin_field()


class CorrectSerializer(VersionSerializer):
    deals = DealInputSerializer(many=True, max_length=500)
    reason = serializers.CharField(max_length=MAX_REASON)


# --- output -----------------------------------------------------------------------------------------------


class PairSerializer(serializers.Serializer):
    A = serializers.IntegerField(allow_null=True)
    B = serializers.IntegerField(allow_null=True)


class SeatSerializer(serializers.Serializer):
    seat = serializers.CharField()
    player = serializers.CharField()


class SideSerializer(serializers.Serializer):
    side = serializers.CharField()
    label = serializers.CharField()
    name = serializers.CharField()
    numbers = serializers.ListField(child=serializers.IntegerField())
    seats = SeatSerializer(many=True)


class SidesSerializer(serializers.Serializer):
    A = SideSerializer()
    B = SideSerializer()


class EventBriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    date = serializers.DateField()


class SheetGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = EventBriefSerializer()
    round = serializers.IntegerField(help_text=_("The round number."))
    round_id = serializers.IntegerField()
    table_number = serializers.IntegerField()
    first_dealer = serializers.CharField()
    sides = SidesSerializer()


class SheetDealSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    data = serializers.JSONField(help_text=_("The deal as entered (spec §6)."))
    outcome = serializers.CharField()
    score = PairSerializer()
    running = PairSerializer(help_text=_("Totals after this deal."))
    held = serializers.IntegerField()
    collected = serializers.CharField(allow_null=True)


class PermissionsSerializer(serializers.Serializer):
    edit = serializers.BooleanField()
    submit = serializers.BooleanField()
    confirm = serializers.BooleanField()
    dispute = serializers.BooleanField()
    pin = serializers.BooleanField(help_text=_("Confirming or disputing needs the side's PIN (`pin`)."))


class RulesSerializer(serializers.Serializer):
    rules = serializers.CharField()
    options = serializers.DictField()


class SheetSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = SheetGameSerializer()
    rules = RulesSerializer()
    status = serializers.CharField()
    version = serializers.IntegerField()
    entering_side = serializers.CharField(allow_blank=True)
    side = serializers.CharField(allow_null=True, help_text=_("The side of the table link used (null: organiser)."))
    permissions = PermissionsSerializer()
    deal_count = serializers.IntegerField()
    deals = SheetDealSerializer(many=True)
    totals = PairSerializer()
    held = serializers.IntegerField()
    finished = serializers.BooleanField()
    winner = serializers.CharField(allow_null=True)
    submitted_at = serializers.DateTimeField(allow_null=True)
    confirmed_at = serializers.DateTimeField(allow_null=True)
    dispute_message = serializers.CharField(allow_blank=True)
    updated_at = serializers.DateTimeField()


class DealWrittenSerializer(serializers.Serializer):
    deal = SheetDealSerializer(allow_null=True)
    replayed = serializers.BooleanField(help_text=_("True when this client id was seen before: nothing stored."))
    sheet = SheetSerializer()


class ValidationResultSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    errors = serializers.ListField(child=serializers.DictField())
    deal = SheetDealSerializer(allow_null=True)
    totals = PairSerializer()
    finished = serializers.BooleanField()


class SheetErrorItemSerializer(serializers.Serializer):
    field = serializers.CharField(allow_null=True)
    code = serializers.CharField()
    message = serializers.CharField()
    deal = serializers.IntegerField(required=False, allow_null=True)


class SheetErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()
    errors = SheetErrorItemSerializer(many=True)
    version = serializers.IntegerField(required=False)
    sheet = SheetSerializer(required=False)


class RoundSheetSerializer(serializers.Serializer):
    sheet_id = serializers.IntegerField(allow_null=True)
    game_id = serializers.IntegerField()
    table_number = serializers.IntegerField()
    status = serializers.CharField()
    version = serializers.IntegerField()
    deal_count = serializers.IntegerField()
    totals = PairSerializer()
    finished = serializers.BooleanField()
    updated_at = serializers.DateTimeField(allow_null=True)
