"""Organiser forms: they check shape and show errors; the services do the writing (and check again)."""

from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.exceptions import TournamentError
from tournaments.models import CheckIn, Club, Event, Player, Season, Table
from tournaments.services import RESERVED_EVENT_SLUGS, player_duplicates


def apply_errors(form: forms.Form, exc: Exception) -> None:
    """Show a service's ValidationError or TournamentError on `form`, on the named field when it has one."""
    if isinstance(exc, TournamentError):
        form.add_error(exc.field if exc.field in form.fields else None, str(exc.message))
        return
    if isinstance(exc, ValidationError) and hasattr(exc, "error_dict"):
        for name, errors in exc.error_dict.items():
            target = name if name in form.fields else None
            for error in errors:
                form.add_error(target, error)
        return
    if isinstance(exc, ValidationError):
        form.add_error(None, exc)
        return
    raise exc


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["slug", "name", "city"]
        help_texts = {"slug": _("Letters, digits and hyphens; it appears in every link, e.g. hoheluft.")}


class ClubEditForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "city"]


class PlayerForm(forms.ModelForm):
    """A member or guest. A likely duplicate (same or very similar name in the club) is a warning: the form
    is shown again with the similar names until `confirm_new` is ticked."""

    confirm_new = forms.BooleanField(
        label=_("Yes, this is a different person"), required=False, widget=forms.CheckboxInput
    )

    class Meta:
        model = Player
        fields = ["first_name", "last_name", "email", "is_guest", "home_club", "is_active"]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.duplicates: list[Player] = []

    def clean(self):
        data = super().clean()
        first, last = data.get("first_name", ""), data.get("last_name", "")
        if first.strip() == "" and last.strip() == "":
            return data
        self.duplicates = player_duplicates(
            club=self.club, first_name=first, last_name=last, exclude_id=self.instance.pk
        )
        if self.duplicates and not data.get("confirm_new"):
            names = ", ".join(str(p) for p in self.duplicates)
            raise ValidationError(
                gettext("A member with a very similar name exists: %(names)s. Tick the box to add anyway.")
                % {"names": names},
                code="duplicate_name",
            )
        return data


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "start_date", "end_date", "ranking_rule", "best_n"]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}),
            "end_date": forms.DateInput(attrs={"type": "date"}),
        }


def _preset_choices():
    from scoring.rules import list_presets

    return [(p["name"], p["name"]) for p in list_presets()]


def _word_list(text: str) -> list[str]:
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


class EventForm(forms.Form):
    """Event settings: format, pairing, ranking and the rule set (preset + overrides), validated by the rules
    engine so that each error appears on its field (game length on `game_length`, others on the overrides)."""

    LENGTH_CHOICES = [("deals", _("deals")), ("target", _("points"))]

    name = forms.CharField(label=_("name"), max_length=200)
    slug = forms.SlugField(label=_("short name"), help_text=_("Appears in links, e.g. 2026-11-30."))
    season = forms.ModelChoiceField(label=_("season"), queryset=Season.objects.none(), required=False)
    date = forms.DateField(label=_("date"), widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(label=_("venue"), max_length=200, required=False)
    team_mode = forms.ChoiceField(label=_("teams"), choices=Event.TeamMode.choices)
    rounds = forms.IntegerField(label=_("rounds"), min_value=1, max_value=50)
    game_length = forms.IntegerField(
        label=_("game length"), min_value=1, required=False, help_text=_("Empty: the rule set's default.")
    )
    game_length_unit = forms.ChoiceField(label=_("counted in"), choices=LENGTH_CHOICES, required=False)
    pairing_methods = forms.CharField(
        label=_("pairing method per round"),
        required=False,
        help_text=_("Comma-separated, one per round, the last repeats: e.g. random, swiss. Mêlée: melee."),
    )
    ranking_precedence = forms.CharField(
        label=_("ranking precedence"),
        required=False,
        help_text=_("Metric names, most important first: e.g. match_points, total_points, point_difference."),
    )
    points_win = forms.IntegerField(label=_("match points for a win"), min_value=0, max_value=100, initial=2)
    points_draw = forms.IntegerField(label=_("match points for a draw"), min_value=0, max_value=100, initial=1)
    points_loss = forms.IntegerField(label=_("match points for a loss"), min_value=0, max_value=100, initial=0)
    bye_points = forms.IntegerField(label=_("game points for a bye"), min_value=0, max_value=100000, initial=0)
    rules_preset = forms.ChoiceField(label=_("rule set"), choices=())
    rules_options = forms.CharField(
        label=_("rule set overrides"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "spellcheck": "false"}),
        help_text=_('JSON, settings by name, e.g. {"rounding": "nearest_ten_5_up"}.'),
    )
    public_draw = forms.BooleanField(label=_("draw is public"), required=False)
    public_standings = forms.BooleanField(label=_("standings are public"), required=False)
    public_sheets = forms.BooleanField(label=_("sheets are public"), required=False)

    FROZEN = ("team_mode", "rules_preset", "rules_options", "game_length", "game_length_unit", "points_win",
              "points_draw", "points_loss", "bye_points")

    def __init__(self, *args, club: Club, event: Event | None = None, **kwargs):
        if event is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_from(event)
        super().__init__(*args, **kwargs)
        self.club, self.event = club, event
        self.fields["season"].queryset = club.seasons.all()
        self.fields["rules_preset"].choices = _preset_choices()
        if event is not None and event.started_at is not None:
            for name in self.FROZEN:
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Frozen: the event has started.")

    @staticmethod
    def initial_from(event: Event) -> dict:
        options = dict(event.rules_options or {})
        unit = "deals" if "deals" in options else ("target" if "target" in options else "deals")
        length = options.pop(unit, None)
        return {
            "name": event.name,
            "slug": event.slug,
            "season": event.season_id,
            "date": event.date,
            "venue": event.venue,
            "team_mode": event.team_mode,
            "rounds": event.rounds,
            "game_length": length,
            "game_length_unit": unit,
            "pairing_methods": ", ".join(event.pairing_methods or []),
            "ranking_precedence": ", ".join(event.ranking_precedence or []),
            "points_win": event.points_win,
            "points_draw": event.points_draw,
            "points_loss": event.points_loss,
            "bye_points": event.bye_points,
            "rules_preset": event.rules_preset,
            "rules_options": json.dumps(options, ensure_ascii=False) if options else "",
            "public_draw": event.public_draw,
            "public_standings": event.public_standings,
            "public_sheets": event.public_sheets,
        }

    def clean_rules_options(self):
        text = (self.cleaned_data.get("rules_options") or "").strip()
        if not text:
            return {}
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValidationError(
                gettext("This is not valid JSON (line %(line)s, column %(column)s): %(error)s")
                % {"line": exc.lineno, "column": exc.colno, "error": exc.msg}
            ) from exc
        if not isinstance(value, dict):
            raise ValidationError(gettext('Give an object of settings by name, e.g. {"rounding": "none"}.'))
        return value

    def clean_slug(self):
        slug = self.cleaned_data["slug"]
        others = Event.objects.filter(club=self.club, slug=slug)
        if self.event is not None:
            others = others.exclude(pk=self.event.pk)
        if slug in RESERVED_EVENT_SLUGS:
            raise ValidationError(gettext("The short name %(slug)s is reserved; choose another.") % {"slug": slug})
        if others.exists():
            message = gettext("The club already has an event with the short name %(slug)s.") % {"slug": slug}
            raise ValidationError(message)
        return slug

    def clean(self):
        from scoring.rules import ruleset_errors

        data = super().clean()
        options = dict(data.get("rules_options") or {})
        length, unit = data.get("game_length"), data.get("game_length_unit") or "deals"
        if length is not None:
            if ("deals" if unit == "target" else "target") in options or unit in options:
                self.add_error(
                    "game_length", gettext("Give the game length here or in the overrides, not in both places.")
                )
            options[unit] = length
        data["options"] = options
        data["methods"] = _word_list(data.get("pairing_methods") or "")
        data["precedence"] = _word_list(data.get("ranking_precedence") or "")
        if "rules_preset" in data and "rules_options" in data and not (self.event and self.event.started_at):
            for problem in ruleset_errors(data["rules_preset"], options, translate=gettext):
                if problem["field"] in ("options.deals", "options.target") and length is not None:
                    self.add_error("game_length", problem["message"])
                elif problem["field"] == "rules":
                    self.add_error("rules_preset", problem["message"])
                else:
                    self.add_error("rules_options", problem["message"])
        return data

    def service_data(self) -> dict:
        """The cleaned form as `event_create`/`event_update` data (model field names)."""
        data = self.cleaned_data
        result = {
            name: data[name]
            for name in (
                "name", "slug", "season", "date", "venue", "rounds", "public_draw", "public_standings", "public_sheets",
            )
        }
        result["pairing_methods"] = data["methods"]
        result["ranking_precedence"] = data["precedence"]
        if not (self.event and self.event.started_at):
            result.update(
                team_mode=data["team_mode"],
                rules_preset=data["rules_preset"],
                rules_options=data["options"],
                points_win=data["points_win"],
                points_draw=data["points_draw"],
                points_loss=data["points_loss"],
                bye_points=data["bye_points"],
            )
        return result


class PlayerChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, obj):
        return f"{obj.last_name}, {obj.first_name}" + (f" ({obj.home_club})" if obj.is_guest and obj.home_club else "")


class EntryForm(forms.Form):
    """A team (two players) or, in mêlée, one player; optionally checked in at once."""

    player_1 = PlayerChoiceField(label=_("player"), queryset=Player.objects.none())
    player_2 = PlayerChoiceField(label=_("partner"), queryset=Player.objects.none(), required=False)
    name = forms.CharField(label=_("team name"), max_length=200, required=False)
    affiliation = forms.CharField(
        label=_("club"), max_length=200, required=False, help_text=_("For open events: same-club games are avoided.")
    )
    fixed_table = forms.IntegerField(label=_("stays at table"), min_value=1, required=False)
    needs_step_free = forms.BooleanField(label=_("needs a step-free table"), required=False)
    check_in = forms.BooleanField(label=_("checked in (present) for the next round"), required=False, initial=True)

    def __init__(self, *args, event: Event, edit: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        players = Player.objects.filter(club_id=event.club_id, is_active=True).order_by("last_name", "first_name")
        self.fields["player_1"].queryset = players
        self.fields["player_2"].queryset = players
        if event.team_mode == Event.TeamMode.MELEE:
            del self.fields["player_2"]
            del self.fields["name"]
        else:
            self.fields["player_2"].required = True
        if edit:
            del self.fields["check_in"]

    def clean(self):
        data = super().clean()
        if data.get("player_1") and data.get("player_2") and data["player_1"] == data["player_2"]:
            self.add_error("player_2", gettext("The partner must be another player."))
        return data


class CheckInForm(forms.Form):
    entry = forms.IntegerField(min_value=1, required=False)
    status = forms.ChoiceField(choices=CheckIn.Status.choices)
    all_remaining = forms.BooleanField(required=False)


class TableForm(forms.ModelForm):
    class Meta:
        model = Table
        fields = ["number", "label", "step_free"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"].min_value = 1
        self.fields["number"].widget.attrs["min"] = 1


class TableRangeForm(forms.Form):
    first = forms.IntegerField(label=_("from table"), min_value=1, initial=1)
    last = forms.IntegerField(label=_("to table"), min_value=1, max_value=2000)

    def clean(self):
        data = super().clean()
        if data.get("first") and data.get("last") and data["last"] < data["first"]:
            self.add_error("last", gettext("The last table must not be below the first."))
        return data


class DrawForm(forms.Form):
    method = forms.ChoiceField(label=_("pairing method"), choices=())
    seed = forms.IntegerField(
        label=_("seed"), required=False, min_value=0, max_value=2**53 - 1, help_text=_("Empty: a random seed.")
    )
    regenerate = forms.BooleanField(required=False, widget=forms.HiddenInput)
    confirm = forms.BooleanField(label=_("Yes, replace the current draft"), required=False)

    def __init__(self, *args, event: Event, replacing: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["method"].choices = [(m, m) for m in event.allowed_pairing_methods()]
        if not replacing:
            # A first draw replaces nothing: no confirmation to ask for.
            del self.fields["confirm"]
            del self.fields["regenerate"]


class SwapForm(forms.Form):
    entry_a = forms.ModelChoiceField(label=_("entry"), queryset=None)
    entry_b = forms.ModelChoiceField(label=_("swap with"), queryset=None)

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entry_a"].queryset = entries
        self.fields["entry_b"].queryset = entries
        for name in ("entry_a", "entry_b"):
            self.fields[name].label_from_instance = lambda e: f"{e.number}. {e.display_name}"


class MoveForm(forms.Form):
    from_table = forms.IntegerField(label=_("game at table"), min_value=1)
    to_table = forms.IntegerField(label=_("moves to table"), min_value=1)
