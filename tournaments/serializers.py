"""API shapes: output serializers render (reads are select_related in the views), input serializers check shape
only; the services apply the rules."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.draws import SEED_LIMIT
from tournaments.labels import flag_label
from tournaments.models import Club, Entry, Event, Game, Player, Round
from tournaments.pairing.types import METHOD_NAMES


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["id", "slug", "name", "city"]


class EventSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    rules = serializers.JSONField(
        read_only=True, help_text=_("The rule set in force: {rules, options}; frozen once started.")
    )

    class Meta:
        model = Event
        fields = [
            "id",
            "club",
            "season",
            "name",
            "slug",
            "date",
            "venue",
            "status",
            "team_mode",
            "rounds",
            "pairing_methods",
            "ranking_precedence",
            "points_win",
            "points_draw",
            "points_loss",
            "bye_points",
            "rules_preset",
            "rules_options",
            "rules",
            "entries_open",
            "public_draw",
            "public_standings",
            "public_sheets",
            "started_at",
        ]


class PlayerRefSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "first_name", "last_name"]


class EntrySerializer(serializers.ModelSerializer):
    player_1 = PlayerRefSerializer(read_only=True)
    player_2 = PlayerRefSerializer(read_only=True, allow_null=True)
    display_name = serializers.CharField(read_only=True)

    class Meta:
        model = Entry
        fields = [
            "id",
            "number",
            "name",
            "display_name",
            "player_1",
            "player_2",
            "affiliation",
            "fixed_table",
            "needs_step_free",
            "late",
        ]


class PlayerIdField(serializers.PrimaryKeyRelatedField):
    """A player's id: a whole number, or its digits as text. 1.0 or "1.0" is refused (the database would
    have read it as player 1)."""

    def to_internal_value(self, data):
        if not (type(data) is int or (isinstance(data, str) and data.isascii() and data.isdigit())):
            self.fail("incorrect_type", data_type=type(data).__name__)
        return super().to_internal_value(data)


class EntryCreateSerializer(serializers.Serializer):
    """Input of a new entry: player ids of the event's club (player_2 only in fixed pairs)."""

    player_1 = PlayerIdField(queryset=Player.objects.none(), help_text=_("A player id of the club."))
    player_2 = PlayerIdField(
        queryset=Player.objects.none(), required=False, allow_null=True, help_text=_("The partner (fixed pairs).")
    )
    name = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    affiliation = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    fixed_table = serializers.IntegerField(min_value=1, required=False, allow_null=True, default=None)
    needs_step_free = serializers.BooleanField(required=False, default=False)
    check_in_round = serializers.IntegerField(
        min_value=1, required=False, allow_null=True, default=None, help_text=_("Check the entry in for this round.")
    )

    def __init__(self, *args, event: Event | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if event is not None:
            players = Player.objects.filter(club_id=event.club_id)
            self.fields["player_1"].queryset = players
            self.fields["player_2"].queryset = players


class RoundGameSerializer(serializers.ModelSerializer):
    flag_labels = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = [
            "id",
            "table_number",
            "is_bye",
            "entry_a",
            "entry_a_partner",
            "entry_b",
            "entry_b_partner",
            "seats",
            "first_dealer",
            "flags",
            "flag_labels",
        ]

    def get_flag_labels(self, game) -> list[str]:
        return [flag_label(code) for code in game.flags or []]


class RoundSerializer(serializers.ModelSerializer):
    event = serializers.PrimaryKeyRelatedField(read_only=True)

    class Meta:
        model = Round
        fields = [
            "id",
            "event",
            "number",
            "method",
            "seed",
            "status",
            "quality",
            "created_at",
            "confirmed_at",
            "released_at",
            "closed_at",
        ]


class RoundDetailSerializer(RoundSerializer):
    games = RoundGameSerializer(many=True, read_only=True)

    class Meta(RoundSerializer.Meta):
        fields = [*RoundSerializer.Meta.fields, "games"]


class RoundDrawSerializer(serializers.Serializer):
    """Input of a draw: all optional. `number` defaults to the next round; `regenerate` must be true to replace
    an existing draft."""

    number = serializers.IntegerField(min_value=1, required=False)
    seed = serializers.IntegerField(min_value=0, max_value=SEED_LIMIT - 1, required=False, allow_null=True)
    method = serializers.ChoiceField(choices=METHOD_NAMES, required=False)
    regenerate = serializers.BooleanField(required=False, default=False)


class ErrorItemSerializer(serializers.Serializer):
    """One thing to fix: the field's dotted path (`deal.tricks.A`; null for the request as a whole), a stable
    code, and the translated message."""

    field = serializers.CharField(allow_null=True)
    code = serializers.CharField()
    message = serializers.CharField()


class TournamentErrorSerializer(serializers.Serializer):
    """The answer to a refused action or bad input (the API's one error shape): a machine code, the
    translated message, and the fields concerned."""

    code = serializers.CharField()
    detail = serializers.CharField()
    errors = ErrorItemSerializer(many=True)
