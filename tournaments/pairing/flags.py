"""Flag codes: each one explains a compromise in a draw. Templates translate the codes.

A game's flags fall in two families: pairing flags (who plays whom) and table flags (where they sit).
Manual edits keep a game's pairing flags when its sides did not change and recompute them otherwise;
table flags and bye flags are always recomputed.
"""

from __future__ import annotations

#: Flag code → English description, for the docs and the translators.
FLAG_CODES: dict[str, str] = {
    # Pairing flags, every method: the organiser's forbidden pairings.
    "forbidden_opponents_no_alternative": (
        "Players here play against each other though they must never meet; every possible draw has at least as many."
    ),
    "forbidden_opponents": "Players here play against each other though they must never meet (not avoided).",
    # Pairing flags, fixed pairs.
    "rematch_no_alternative": "The two sides have met before; every possible draw has at least as many rematches.",
    "rematch": "The two sides have met before (set by hand).",
    "same_club": "Both sides come from the same club.",
    "pulled_up": "Swiss: the sides come from different score groups; the lower side was pulled up.",
    # Pairing flags, mêlée.
    "repeated_partner_no_alternative": (
        "The partners have played together before; every possible draw repeats at least as many partners."
    ),
    "repeated_partner": "The partners have played together before (set by hand).",
    "repeated_opponent": "Some players on opposite sides have met before.",
    "forbidden_partners_no_alternative": (
        "Partners here must never be partners; every possible draw has at least as many such pairs."
    ),
    "forbidden_partners": "Partners here must never be partners (not avoided).",
    "season_partner_no_alternative": (
        "The partners played together on an earlier evening of the season; every possible draw repeats as many."
    ),
    "season_partner": "The partners played together on an earlier evening of the season (not avoided).",
    # Table flags.
    "fixed_table": "An entrant at this table is held at its fixed table.",
    "fixed_table_unmet": "An entrant at this table is fixed to another table, which could not be given.",
    "step_free_unmet": "An entrant here needs a step-free table; none was free.",
    # Bye flags.
    "repeat_bye": "This entrant has had a bye before; every entrant who plays has had at least as many.",
    "bye_unfair": "This entrant gets a bye although an entrant who plays has had fewer byes (set by hand).",
    "schedule_bye": "Round robin: the schedule gives this entrant no opponent this round.",
    "opponent_absent": "Round robin: the scheduled opponent is absent this round.",
}

PAIRING_FLAGS: frozenset[str] = frozenset(
    {
        "rematch_no_alternative",
        "rematch",
        "same_club",
        "pulled_up",
        "repeated_partner_no_alternative",
        "repeated_partner",
        "repeated_opponent",
        "forbidden_opponents_no_alternative",
        "forbidden_opponents",
        "forbidden_partners_no_alternative",
        "forbidden_partners",
        "season_partner_no_alternative",
        "season_partner",
    }
)
#: Pairing flags that name an organiser's forbidden pairing (the edge names the players and the reason).
FORBIDDEN_FLAGS: frozenset[str] = frozenset(
    {
        "forbidden_opponents_no_alternative",
        "forbidden_opponents",
        "forbidden_partners_no_alternative",
        "forbidden_partners",
    }
)
TABLE_FLAGS: frozenset[str] = frozenset({"fixed_table", "fixed_table_unmet", "step_free_unmet"})
BYE_FLAGS: frozenset[str] = frozenset({"repeat_bye", "bye_unfair", "schedule_bye", "opponent_absent"})
