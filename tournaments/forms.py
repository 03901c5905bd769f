"""Organiser forms: they check shape and show errors; the services do the writing (and check again)."""

from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from scoring.rules import PRESETS, Problem, render
from scoring.rules.ruleset import (
    ANNOUNCEMENT_TIES,
    ANNOUNCEMENTS,
    BIDS,
    COINCHE_MAKE_RULES,
    ROUNDINGS,
    resolve_ruleset,
)
from scoring.standings.metrics import METRICS, precedence_errors
from tournaments.exceptions import TournamentError
from tournaments.labels import (
    SETTING_LABELS,
    SETTING_VALUE_LABELS,
    join_words,
    pairing_method_label,
    preset_label,
)
from tournaments.models import CheckIn, Club, Event, Player, Season, Table
from tournaments.pairing.types import METHOD_NAMES
from tournaments.selectors import player_duplicates
from tournaments.services.events import RESERVED_EVENT_SLUGS
from tournaments.widgets import OrderedPickField, OrderedPickWidget


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


class DateInput(forms.DateInput):
    """The browser's date picker: its value is always ISO `YYYY-MM-DD`, whatever the page's language
    (a localised "30.11.2026" leaves it empty, and the form then fails as if no date were given)."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["slug", "name", "city"]
        help_texts = {"slug": _("Letters, digits and hyphens; it appears in every link, e.g. bc-hoheluft.")}


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
            names = join_words(self.duplicates)
            raise ValidationError(
                ngettext(
                    "A member with a very similar name exists: %(names)s. Tick the box to add anyway.",
                    "Members with very similar names exist: %(names)s. Tick the box to add anyway.",
                    len(self.duplicates),
                )
                % {"names": names},
                code="duplicate_name",
            )
        return data


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = ["name", "start_date", "end_date", "ranking_rule", "best_n"]
        widgets = {
            "start_date": DateInput(),
            "end_date": DateInput(),
        }


def _preset_choices():
    return [(code, preset_label(code)) for code in PRESETS]


def _preset_lengths() -> dict[str, tuple[int, str]]:
    """Each preset's own game length as (number, unit): hoheluft (12, "deals"), classic (1000, "target")."""
    lengths = {}
    for code, preset in PRESETS.items():
        unit = "deals" if "deals" in preset.settings else "target"
        lengths[code] = (preset.settings[unit], unit)
    return lengths


def _metric_choices():
    return [(key, metric.name) for key, metric in METRICS.items()]


_BOOL_CHOICES = [("", _("as the rule set says")), ("yes", _("yes")), ("no", _("no"))]
_BOOL_VALUES = {"yes": True, "no": False}


def _choices_of(name: str, values) -> list:
    return [("", _("as the rule set says"))] + [(str(v), SETTING_VALUE_LABELS[name][v]) for v in values]


def _rule_fields() -> dict[str, forms.Field]:
    """One form field per named setting of spec §4 (`rule_<name>`); blank keeps the preset's value. The
    game length has its own fields; the card value tables stay as the preset or an import gave them."""

    def label(name):
        return SETTING_LABELS[name]

    return {
        "capot_total": forms.IntegerField(label=label("capot_total"), required=False, min_value=0, max_value=1000),
        "capot_bonus": forms.IntegerField(label=label("capot_bonus"), required=False, min_value=0, max_value=1000),
        "make_rule": forms.ChoiceField(
            label=label("make_rule"),
            required=False,
            choices=[*_choices_of("make_rule", ["majority"]), ("points", _("at least the points below"))],
        ),
        "make_rule_points": forms.IntegerField(
            label=_("points the taker needs"), required=False, min_value=1, max_value=500
        ),
        "litige": forms.ChoiceField(label=label("litige"), required=False, choices=_BOOL_CHOICES),
        "announcements": forms.ChoiceField(
            label=label("announcements"), required=False, choices=_choices_of("announcements", ANNOUNCEMENTS)
        ),
        "announcement_tie": forms.ChoiceField(
            label=label("announcement_tie"),
            required=False,
            choices=_choices_of("announcement_tie", ANNOUNCEMENT_TIES),
        ),
        "rounding": forms.ChoiceField(
            label=label("rounding"), required=False, choices=_choices_of("rounding", ROUNDINGS)
        ),
        "multipliers": forms.TypedMultipleChoiceField(
            label=label("multipliers"),
            required=False,
            coerce=int,
            widget=forms.CheckboxSelectMultiple,
            choices=[(1, _("simple")), (2, _("doubled (coinche, contra)")), (4, _("redoubled (surcoinche, recontra)"))],
        ),
        "bid_max": forms.TypedChoiceField(
            label=label("bid_max"),
            required=False,
            coerce=int,
            empty_value=None,
            choices=[("", _("as the rule set says"))] + [(b, b) for b in BIDS],
        ),
        "surcoinche_factor": forms.TypedChoiceField(
            label=label("surcoinche_factor"),
            required=False,
            coerce=int,
            empty_value=None,
            choices=_choices_of("surcoinche_factor", (4, 3)),
        ),
        "coinche_make_rule": forms.ChoiceField(
            label=label("coinche_make_rule"),
            required=False,
            choices=_choices_of("coinche_make_rule", COINCHE_MAKE_RULES),
        ),
        "failed_base": forms.TypedChoiceField(
            label=label("failed_base"),
            required=False,
            coerce=int,
            empty_value=None,
            choices=[("", _("as the rule set says")), (160, 160), (162, 162)],
        ),
        "end_while_held": forms.ChoiceField(label=label("end_while_held"), required=False, choices=_BOOL_CHOICES),
    }


#: Settings kept from the stored overrides although the form has no field for them.
_KEPT_SETTINGS = ("values",)


class EventForm(forms.Form):
    """Event settings: format, pairing, ranking and the rule set (preset + named settings), validated by the
    rules engine so that each error appears on its field.

    The game length follows the chosen preset unless the organiser changed it: `length_of` names the preset
    whose own length the page showed, and a length still equal to that preset's is not stored (the chosen
    preset's applies). The page's script keeps the shown length in step with the preset."""

    LENGTH_CHOICES = [("deals", _("deals")), ("target", _("points"))]

    name = forms.CharField(label=_("name"), max_length=200)
    slug = forms.SlugField(label=_("short name"), help_text=_("Appears in links, e.g. 2026-11-30."))
    season = forms.ModelChoiceField(label=_("season"), queryset=Season.objects.none(), required=False)
    date = forms.DateField(label=_("date"), widget=DateInput())
    venue = forms.CharField(label=_("venue"), max_length=200, required=False)
    team_mode = forms.ChoiceField(label=_("teams"), choices=Event.TeamMode.choices)
    rounds = forms.IntegerField(label=_("rounds"), min_value=1, max_value=50)
    game_length = forms.IntegerField(
        label=_("game length"),
        min_value=1,
        required=False,
        help_text=_("Filled in from the rule set; change it only to play a different length."),
    )
    game_length_unit = forms.ChoiceField(label=_("counted in"), choices=LENGTH_CHOICES, required=False)
    length_of = forms.CharField(required=False, widget=forms.HiddenInput)
    pairing_methods = OrderedPickField(
        label=_("pairing method per round"),
        required=False,
        help_text=_("The last method chosen repeats for the later rounds."),
    )
    ranking_precedence = OrderedPickField(
        label=_("ranking precedence"),
        required=False,
        help_text=_("Most important first; the next criterion decides only between entries still tied."),
    )
    points_win = forms.IntegerField(label=_("match points for a win"), min_value=0, max_value=100, initial=2)
    points_draw = forms.IntegerField(label=_("match points for a draw"), min_value=0, max_value=100, initial=1)
    points_loss = forms.IntegerField(label=_("match points for a loss"), min_value=0, max_value=100, initial=0)
    bye_points = forms.IntegerField(label=_("game points for a bye"), min_value=0, max_value=100000, initial=0)
    rules_preset = forms.ChoiceField(label=_("rule set"), choices=())
    public_draw = forms.BooleanField(label=_("draw is public"), required=False)
    public_standings = forms.BooleanField(label=_("standings are public"), required=False)
    public_sheets = forms.BooleanField(label=_("sheets are public"), required=False)

    FROZEN = (
        "team_mode",
        "rules_preset",
        "game_length",
        "game_length_unit",
        "points_win",
        "points_draw",
        "points_loss",
        "bye_points",
    )

    def __init__(self, *args, club: Club, event: Event | None = None, **kwargs):
        if event is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_from(event)
        super().__init__(*args, **kwargs)
        self.club, self.event = club, event
        for name, field in _rule_fields().items():
            self.fields[f"rule_{name}"] = field
        self.fields["season"].queryset = club.seasons.all()
        self.fields["rules_preset"].choices = _preset_choices()
        lengths = _preset_lengths()
        self.fields["rules_preset"].widget.attrs["data-lengths"] = json.dumps(lengths)
        # Every method is offered; the event's check says which fit its team mode.
        methods = [(m, pairing_method_label(m)) for m in METHOD_NAMES]
        self.fields["pairing_methods"].widget = OrderedPickWidget(
            choices=methods,
            places=4,
            place_label=lambda n: gettext("Round %(number)s") % {"number": n},
        )
        self.fields["ranking_precedence"].widget = OrderedPickWidget(
            choices=_metric_choices(),
            places=5,
            place_label=lambda n: gettext("%(position)s.") % {"position": n},
        )
        if event is not None and event.started_at is not None:
            for name in self.FROZEN + tuple(self.rule_field_names()):
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Frozen: the event has started.")

    def rule_field_names(self) -> list[str]:
        return [name for name in self.fields if name.startswith("rule_")]

    def rule_fields(self):
        """The bound fields of the rule-set settings, for the template."""
        return [self[name] for name in self.rule_field_names()]

    @property
    def preset_length_text(self) -> str:
        """The chosen rule set's own game length in words (the page's script keeps it in step)."""
        own = _preset_lengths().get(self["rules_preset"].value() or "")
        if own is None:
            return ""
        if own[1] == "deals":
            return gettext("This rule set plays __N__ deals per game.").replace("__N__", str(own[0]))
        return gettext("This rule set plays to __N__ points.").replace("__N__", str(own[0]))

    @property
    def rules_open(self) -> bool:
        """Show the single settings unfolded when one is set or refused."""
        return any(f.errors or f.value() not in (None, "", []) for f in self.rule_fields())

    @staticmethod
    def initial_from(event: Event) -> dict:
        options = dict(event.rules_options or {})
        preset_length = _preset_lengths().get(event.rules_preset)
        if "deals" in options or "target" in options:
            unit = "deals" if "deals" in options else "target"
            length, length_of = options.pop(unit), ""
        elif preset_length:
            (length, unit), length_of = preset_length, event.rules_preset
        else:
            length, unit, length_of = None, "deals", ""
        initial = {
            "name": event.name,
            "slug": event.slug,
            "season": event.season_id,
            "date": event.date,
            "venue": event.venue,
            "team_mode": event.team_mode,
            "rounds": event.rounds,
            "game_length": length,
            "game_length_unit": unit,
            "length_of": length_of,
            "pairing_methods": list(event.pairing_methods or []),
            "ranking_precedence": list(event.ranking_precedence or []),
            "points_win": event.points_win,
            "points_draw": event.points_draw,
            "points_loss": event.points_loss,
            "bye_points": event.bye_points,
            "rules_preset": event.rules_preset,
            "public_draw": event.public_draw,
            "public_standings": event.public_standings,
            "public_sheets": event.public_sheets,
        }
        for name, value in options.items():
            if name == "make_rule" and isinstance(value, int):
                initial["rule_make_rule"], initial["rule_make_rule_points"] = "points", value
            elif name in ("litige", "end_while_held") and isinstance(value, bool):
                initial[f"rule_{name}"] = "yes" if value else "no"
            else:
                initial[f"rule_{name}"] = value
        return initial

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

    def clean_ranking_precedence(self):
        keys = self.cleaned_data.get("ranking_precedence") or []
        errors = [str(message) for message in precedence_errors(keys)]
        if errors:
            raise ValidationError(errors)
        return keys

    def _rule_options(self, data: dict) -> dict:
        """The named settings the organiser set (blank ones left to the preset)."""
        options = {}
        kept = dict(self.event.rules_options or {}) if self.event is not None else {}
        for name in _KEPT_SETTINGS:
            if name in kept:
                options[name] = kept[name]
        for field_name in self.rule_field_names():
            name = field_name.removeprefix("rule_")
            value = data.get(field_name)
            if name == "make_rule_points" or value in (None, "", []):
                continue
            if name == "make_rule" and value == "points":
                points = data.get("rule_make_rule_points")
                if points is None:
                    self.add_error("rule_make_rule_points", gettext("Give the points the taker needs."))
                    continue
                value = points
            elif name in ("litige", "end_while_held"):
                value = _BOOL_VALUES[value]
            elif name == "multipliers":
                value = sorted(value)
            options[name] = value
        return options

    @staticmethod
    def _ruleset_problems(preset: str, options: dict) -> list[dict]:
        """The rules engine's refusals, with settings and rule sets named as the page names them."""
        result = []
        for problem in resolve_ruleset(preset, options)[1]:
            params = dict(problem.params)
            if params.get("name") in SETTING_LABELS:
                params["name"] = f"«{SETTING_LABELS[params['name']]}»"
            if "rules" in params:
                params["rules"] = preset_label(params["rules"])
            result.append(render(Problem(problem.deal, problem.field, problem.code, params), gettext))
        return result

    def clean(self):
        data = super().clean()
        frozen = bool(self.event and self.event.started_at)
        options = self._rule_options(data)
        length, unit = data.get("game_length"), data.get("game_length_unit") or "deals"
        shown = _preset_lengths().get(data.get("length_of") or "")
        if length is not None and shown == (length, unit):
            length = None  # untouched: the chosen preset's own length applies
        if length is not None:
            options[unit] = length
        data["options"] = options
        data["methods"] = data.get("pairing_methods") or []
        data["precedence"] = data.get("ranking_precedence") or []
        if "rules_preset" in data and not frozen:
            for problem in self._ruleset_problems(data["rules_preset"], options):
                field = problem["field"]
                target = f"rule_{field.removeprefix('options.')}" if field.startswith("options.") else None
                if field in ("options.deals", "options.target"):
                    target = "game_length"
                elif field == "rules":
                    target = "rules_preset"
                elif target not in self.fields:
                    target = None
                self.add_error(target, problem["message"])
        return data

    def service_data(self) -> dict:
        """The cleaned form as `event_create`/`event_update` data (model field names)."""
        data = self.cleaned_data
        result = {
            name: data[name]
            for name in (
                "name",
                "slug",
                "season",
                "date",
                "venue",
                "rounds",
                "public_draw",
                "public_standings",
                "public_sheets",
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
        self.fields["method"].choices = [(m, pairing_method_label(m)) for m in event.allowed_pairing_methods()]
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
