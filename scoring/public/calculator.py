"""The public score calculator: pick a rule set, type deals, see scores, totals, held points and errors.

Permission: anyone. The page is static apart from the presets; its script posts the deals typed so far to the
public rules API (`RulesScoreApi`) as you type. Nothing is stored on the server.
"""

from __future__ import annotations

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.labels import CALCULATOR_OUTCOMES, RANK_LABELS, RUN_RANKS, SUITS, TRUMP_LABELS, side_short
from scoring.rules import list_presets
from scoring.rules.ruleset import BIDS
from scoring.rules.words import TEAMS, TRUMPS


def _preset_summaries() -> dict[str, str]:
    return {
        "hoheluft": _("Hamburg club tournament rules: suit contracts, belote only, a tie is held (litige), capot 252."),
        "dertele": _("Alsatian Dertele: the taker needs 82 points incl. belote; 81-81 is inside; capot 162."),
        "classic": _("Classic belote with announcements: runs and carrés count, a tie is held (litige)."),
        "coinche": _("Coinche: bids 80 to 160 or capot, no-trumps and all-trumps, coinche ×2 and surcoinche ×4."),
        "belot": _("Bulgarian belot: scores in tens, contra and recontra, capot premium 90, hanging ties."),
    }


def _length_text(settings: dict) -> str:
    if "deals" in settings:
        return _("Game: %(deals)s deals.") % {"deals": settings["deals"]}
    return _("Game: to %(target)s points.") % {"target": settings["target"]}


def _strings() -> dict[str, str]:
    """Everything the script writes itself, in the page's language."""
    return {
        "deal": _("Deal %(n)s"),
        **{outcome: str(word) for outcome, word in CALCULATOR_OUTCOMES.items()},
        "not_scored": _("not scored: fix the deal above first"),
        "held": _("held: %(points)s"),
        "collected": _("%(side)s collects the held points"),
        "total": _("Total"),
        "running": _("so far %(side_a)s %(a)s, %(side_b)s %(b)s"),
        "held_total": _("Held points: %(points)s"),
        "in_progress": _("Game in progress."),
        "won": _("Game over: %(side)s wins."),
        "draw": _("Game over: a draw."),
        "checking": _("Checking…"),
        "offline": _("Cannot reach the server; the scores will update when the connection is back."),
        "deal_total": _("Deal total: %(total)s"),
        "remove": _("Remove"),
        # The sides as the referee page and the table write them (N/S, E/W; O/W in German), never "team A".
        "side_A": side_short("A"),
        "side_B": side_short("B"),
        "outcome": _("Outcome"),
        "held_col": _("Held"),
        "confirm_clear": _("Remove all deals?"),
    }


@require_GET
def calculator(request):
    """GET rules/calculator/: the calculator page (works in every site language, 360 px and up)."""
    presets = list_presets()
    summaries = _preset_summaries()
    for preset in presets:
        preset["summary"] = summaries.get(preset["name"], "")
        preset["length_text"] = _length_text(preset["settings"])
    config = {
        "presets": presets,
        "score_url": reverse("rules-score"),
        "strings": _strings(),
    }
    return render(
        request,
        "public/calculator.html",
        {
            "presets": presets,
            "config": config,
            "bids": BIDS,
            "ranks": [(rank, RANK_LABELS[rank]) for rank in RUN_RANKS],
            "trumps": [(trump, TRUMP_LABELS[trump]) for trump in TRUMPS],
            "suits": [(suit, TRUMP_LABELS[suit]) for suit in SUITS],
            "side_a": side_short("A"),
            "side_b": side_short("B"),
            "sides": [(side, side_short(side)) for side in TEAMS],
        },
    )
