"""The rule set's named settings (spec §4) as form fields, and the choices of presets and metrics the event
form offers."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.rules import PRESETS
from scoring.rules.ruleset import ANNOUNCEMENT_TIES, ANNOUNCEMENTS, BIDS, COINCHE_MAKE_RULES, ROUNDINGS
from scoring.standings.metrics import METRICS
from tournaments.labels import SETTING_LABELS, SETTING_VALUE_LABELS, preset_label


def preset_choices():
    return [(code, preset_label(code)) for code in PRESETS]


def preset_lengths() -> dict[str, tuple[int, str]]:
    """Each preset's own game length as (number, unit): hoheluft (12, "deals"), classic (1000, "target")."""
    lengths = {}
    for code, preset in PRESETS.items():
        unit = "deals" if "deals" in preset.settings else "target"
        lengths[code] = (preset.settings[unit], unit)
    return lengths


def setting_presets() -> dict[str, list[str]]:
    """For each setting field (`rule_setting_fields`), the presets that use it: the event form offers a
    setting only under those ("Highest bid" and "Surcoinche" only for coinche). The taker's points go with
    "make_rule"."""
    fields = rule_setting_fields()
    uses = {name: [code for code, preset in PRESETS.items() if name in preset.settings] for name in fields}
    uses["make_rule_points"] = uses["make_rule"]
    return uses


def metric_choices():
    return [(key, metric.name) for key, metric in METRICS.items()]


_BOOL_CHOICES = [("", _("as the rule set says")), ("yes", _("yes")), ("no", _("no"))]
BOOL_VALUES = {"yes": True, "no": False}


def _choices_of(name: str, values) -> list:
    return [("", _("as the rule set says"))] + [(str(v), SETTING_VALUE_LABELS[name][v]) for v in values]


def rule_setting_fields() -> dict[str, forms.Field]:
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
