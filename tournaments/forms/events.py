"""An event's settings: format, pairing, ranking and the rule set, validated by the rules engine."""

from __future__ import annotations

import json
import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rules import Problem, render
from scoring.rules.resolve import resolve_ruleset
from scoring.standings.metrics import precedence_errors
from tournaments.forms.base import DateInput
from tournaments.forms.rule_settings import (
    BOOL_VALUES,
    metric_choices,
    preset_choices,
    preset_lengths,
    rule_setting_fields,
    setting_presets,
)
from tournaments.labels import SETTING_LABELS, pairing_method_label, preset_label
from tournaments.models import Club, Event, Season
from tournaments.models.events import clock_errors
from tournaments.pairing.types import METHOD_NAMES
from tournaments.services.events import RESERVED_EVENT_SLUGS
from tournaments.widgets import OrderedPickField, OrderedPickWidget

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
    round_minutes = forms.IntegerField(
        label=_("minutes per round"),
        required=False,
        help_text=_("The round clock, e.g. 70 for 12 deals; leave it empty to keep no time."),
    )
    warning_minutes = forms.CharField(
        label=_("warnings (minutes before the end)"),
        required=False,
        max_length=100,
        help_text=_("Shown on the venue screen and every table, e.g. 10, 5."),
    )
    unfinished_rule = forms.ChoiceField(
        label=_("unfinished games at the close"),
        choices=Event.UnfinishedRule.choices,
        initial=Event.UnfinishedRule.PLAYED,
        required=False,
        help_text=_("What a game counts when its round is closed before its last deal."),
    )
    seed_by_rating = forms.BooleanField(
        label=_("first Swiss round by the club's rating"),
        required=False,
        help_text=_(
            "When the club rates its players: the first round pairs the strongest by their mean rating, instead "
            "of at random. The standings decide every later round."
        ),
    )
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
        for name, field in rule_setting_fields().items():
            self.fields[f"rule_{name}"] = field
        self.fields["season"].queryset = club.seasons.all()
        self.fields["rules_preset"].choices = preset_choices()
        lengths = preset_lengths()
        self.fields["rules_preset"].widget.attrs["data-lengths"] = json.dumps(lengths)
        # Every method is offered; the event's check says which fit its team mode.
        methods = [(m, pairing_method_label(m)) for m in METHOD_NAMES]
        self.fields["pairing_methods"].widget = OrderedPickWidget(
            choices=methods,
            places=4,
            place_label=lambda n: gettext("Round %(number)s") % {"number": n},
        )
        self.fields["ranking_precedence"].widget = OrderedPickWidget(
            choices=metric_choices(),
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

    def rule_field_rows(self) -> list[tuple[forms.BoundField, str, bool]]:
        """(bound field, the presets that use it as "a b", whether it is shown): the template shows a setting
        only under the presets that use it (or when it is refused, so the refusal is seen), and the page's
        script follows the preset, leaving out of the post what it hides."""
        uses, chosen = setting_presets(), self["rules_preset"].value() or ""
        rows = []
        for field in self.rule_fields():
            presets = uses[field.name.removeprefix("rule_")]
            rows.append((field, " ".join(presets), chosen in presets or bool(field.errors)))
        return rows

    @property
    def preset_length_text(self) -> str:
        """The chosen rule set's own game length in words (the page's script keeps it in step)."""
        own = preset_lengths().get(self["rules_preset"].value() or "")
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
        preset_length = preset_lengths().get(event.rules_preset)
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
            "round_minutes": event.round_minutes,
            "warning_minutes": ", ".join(str(m) for m in event.warning_minutes or []),
            "unfinished_rule": event.unfinished_rule,
            "seed_by_rating": event.seed_by_rating,
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

    def clean_unfinished_rule(self) -> str:
        """Not posted (an older page, a script): the event's rule stays, a new event counts games as played."""
        rule = self.cleaned_data.get("unfinished_rule")
        if rule:
            return rule
        return self.event.unfinished_rule if self.event is not None else Event.UnfinishedRule.PLAYED

    def clean_warning_minutes(self) -> list[int]:
        """ "10, 5" (commas, semicolons or spaces) → [10, 5], largest first, each once."""
        text = self.cleaned_data.get("warning_minutes") or ""
        minutes = []
        for part in re.split(r"[,;\s]+", text.strip()):
            if not part:
                continue
            if not part.isdigit() or not part.isascii():
                raise ValidationError(
                    gettext("“%(got)s” is not a whole number of minutes; give the warnings as e.g. 10, 5.")
                    % {"got": part[:20]}
                )
            minutes.append(int(part))
        return sorted(set(minutes), reverse=True)

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
                value = BOOL_VALUES[value]
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
        shown = preset_lengths().get(data.get("length_of") or "")
        if length is not None and shown == (length, unit):
            length = None  # untouched: the chosen preset's own length applies
        if length is not None:
            options[unit] = length
        data["options"] = options
        # Methods for rounds the event does not have are never used: the page's script hides their places,
        # and without it a prefilled "round 2: Swiss" of a one-round event is dropped here, not refused.
        data["methods"] = (data.get("pairing_methods") or [])[: data["rounds"]] if data.get("rounds") else []
        data["precedence"] = data.get("ranking_precedence") or []
        if "round_minutes" in data and "warning_minutes" in data:
            for field, messages in clock_errors(data["round_minutes"], data["warning_minutes"]).items():
                for message in messages:
                    self.add_error(field, message)
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
                "round_minutes",
                "warning_minutes",
                "unfinished_rule",
                "seed_by_rating",
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


class RoomMessageForm(forms.Form):
    """The venue screen's line, from the round pages. The length rule is the service's
    (`tournaments.services.room.room_message_clean`, with its message); this bound only stops a pasted
    novel before it is read."""

    room_message = forms.CharField(
        label=_("Message to the room"),
        required=False,
        max_length=2000,
        error_messages={"max_length": _("Message to the room: at most %(limit_value)s characters can be sent.")},
    )
