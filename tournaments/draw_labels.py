"""The words of the season's and the organiser's draw rules: the flags of forbidden pairings and season
partner repeats (merged into `tournaments.labels.FLAG_LABELS`), and the sentence on the organiser's draw page
that names the players and the reason of each pairing the draw could not avoid."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

# Flag code → the flag without names (API, counts); `flag_sentence` names the players on the draw page.
SEASON_FLAG_LABELS: dict[str, Any] = {
    "forbidden_opponents_no_alternative": _(
        "Players who should never meet play against each other: every possible draw has at least as many."
    ),
    "forbidden_opponents": _("Players who should never meet play against each other (not avoided)."),
    "forbidden_partners_no_alternative": _(
        "Partners who should never be partners: every possible draw has at least as many."
    ),
    "forbidden_partners": _("Partners who should never be partners (not avoided)."),
    "season_partner_no_alternative": _(
        "Partners already on an earlier evening of this season: every possible draw repeats at least as many."
    ),
    "season_partner": _("Partners already on an earlier evening of this season (not avoided)."),
}

_SENTENCES: dict[str, Any] = {
    "forbidden_opponents_no_alternative": _(
        "%(names)s play against each other, though they should never meet (%(reason)s): no draw could avoid it."
    ),
    "forbidden_opponents": _(
        "%(names)s play against each other, though they should never meet (%(reason)s): this draw did not avoid it."
    ),
    "forbidden_partners_no_alternative": _(
        "%(names)s are partners, though they should never be (%(reason)s): no draw could avoid it."
    ),
    "forbidden_partners": _(
        "%(names)s are partners, though they should never be (%(reason)s): this draw did not avoid it."
    ),
    "season_partner_no_alternative": _(
        "%(names)s were already partners on an earlier evening of this season: no draw could avoid it."
    ),
    "season_partner": _(
        "%(names)s were already partners on an earlier evening of this season: this draw did not avoid it."
    ),
}

OPPONENT_CODES = frozenset({"forbidden_opponents_no_alternative", "forbidden_opponents"})
PARTNER_CODES = frozenset({"forbidden_partners_no_alternative", "forbidden_partners"})
SEASON_CODES = frozenset({"season_partner_no_alternative", "season_partner"})


def _names(first: object, second: object) -> str:
    return gettext("%(first)s and %(second)s") % {"first": first, "second": second}


def flag_sentences(
    code: str,
    *,
    partners: Iterable[tuple[Any, Any]],
    opponents: Iterable[tuple[Any, Any]],
    forbidden: Mapping[frozenset[int], tuple[str, str]],
    season: Iterable[frozenset[int]] = (),
) -> list[str]:
    """The sentences of one flag `code` at one table: `partners` and `opponents` are the table's pairs of
    players (objects with `pk`, shown by their name), `forbidden` maps a pair of player ids to its reason and
    kind label (the club's forbidden pairings), `season` holds the pairs of player ids partnered on an
    earlier evening of the season. Empty when the flag names no pair (the generic label is shown then)."""
    template = _SENTENCES.get(code)
    if template is None:
        return []
    if code in SEASON_CODES:
        known = set(season)
        pairs = [(p, q) for p, q in partners if frozenset({p.pk, q.pk}) in known]
        return [str(template) % {"names": _names(p, q)} for p, q in pairs]
    pairs = list(partners if code in PARTNER_CODES else opponents)
    sentences = []
    for p, q in pairs:
        found = forbidden.get(frozenset({p.pk, q.pk}))
        if found is None:
            continue
        reason, kind = found
        sentences.append(str(template) % {"names": _names(p, q), "reason": reason or kind})
    return sentences
