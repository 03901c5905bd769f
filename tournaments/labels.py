"""Names people read for the codes the engine and the database keep: rule sets, pairing methods, rule-set
settings and their values. Pages, forms and exports show these, never the codes (`hoheluft`, `round_robin`).

Every code of the registries (`scoring.rules.PRESETS`, `tournaments.pairing.types.METHOD_NAMES`,
`scoring.rules.SETTING_NAMES`) has a name here; `tests/scoring/test_labels_no_raw_codes.py` checks that.
"""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.rules import messages as rules_messages

# The rules engine names the rule sets (its messages say "In {rules} ..."); pages and forms show the same.
PRESET_LABELS = {code: _(name) for code, name in rules_messages.PRESET_LABELS.items()}

PAIRING_METHOD_LABELS = {
    "random": _("Random"),
    "swiss": _("Swiss system"),
    "round_robin": _("Round robin"),
    "melee": _("Mêlée"),
}

# Not the engine's SETTING_LABELS: its messages need fragments to use mid-sentence, a form needs labels.
# The settings of spec §4 by name, as the rule-set form shows them (the game length has its own field and
# the card value tables are kept as the preset or import gave them).
SETTING_LABELS = {
    "capot_total": _("Points for a capot"),
    "capot_bonus": _("Capot premium"),
    "make_rule": _("The contract is made when the taker has"),
    "litige": _("A tie is held (litige)"),
    "announcements": _("Announcements"),
    "announcement_tie": _("Equal announcements"),
    "rounding": _("Rounding"),
    "multipliers": _("Multipliers"),
    "bid_max": _("Highest bid"),
    "surcoinche_factor": _("Surcoinche counts"),
    "coinche_make_rule": _("A coinche contract is made when the taker has"),
    "failed_base": _("Base of a failed contract"),
    "end_while_held": _("The game may end while points are held"),
    "deals": _("Deals per game"),
    "target": _("Points to win a game"),
    "values": _("Card values"),
}

SETTING_VALUE_LABELS = {
    "make_rule": {"majority": _("more points than the defenders")},
    "announcements": {
        "none": _("none"),
        "belote_only": _("belote only"),
        "all": _("all (runs, carrés and belote)"),
    },
    "announcement_tie": {"cancel": _("cancel each other"), "eldest": _("the eldest hand's count")},
    "rounding": {
        "none": _("none"),
        "nearest_ten_5_up": _("to the nearest ten, 5 up (85 → 90)"),
        "nearest_ten_6_up": _("to the nearest ten, 6 up (85 → 80)"),
        "belot": _("belot tens"),
    },
    "coinche_make_rule": {
        "bid_and_majority": _("at least the bid and more than the defenders"),
        "bid_only": _("at least the bid"),
    },
    "surcoinche_factor": {4: _("four times"), 3: _("three times")},
}


def preset_label(code: str) -> str:
    """A rule set's name in the active language (an unknown code, e.g. from an old archive, as it is)."""
    return str(PRESET_LABELS.get(code, code))


def pairing_method_label(code: str) -> str:
    return str(PAIRING_METHOD_LABELS.get(code, code))


def join_words(items) -> str:
    """A list as a sentence writes it in the active language: "6", "5 and 6", "4, 5 and 6"."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return gettext("%(items)s and %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def join_choices(items) -> str:
    """Alternatives as a sentence writes them: "Random, Swiss system or Round robin"."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return gettext("%(items)s or %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def setting_value_label(name: str, value) -> str:
    """A setting's value as words: "yes", "belote only", "more points than the defenders", "1, 2, 4"."""
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    labels = SETTING_VALUE_LABELS.get(name, {})
    if isinstance(value, str | int) and value in labels:
        return str(labels[value])
    if name == "make_rule" and isinstance(value, int):
        return gettext("at least %(points)s points") % {"points": value}
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def setting_rows(settings: dict) -> list[tuple[str, str]]:
    """A rule set's settings as (name, value) in words, for pages; the card value tables are left out."""
    return [
        (str(SETTING_LABELS[name]), setting_value_label(name, value))
        for name, value in settings.items()
        if name in SETTING_LABELS and name != "values"
    ]
