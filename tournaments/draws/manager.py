"""DrawManager: loads what a draw needs in a fixed number of queries, maps the event's settings to the
generator's options (OPTIONS_TO_CONFIG_MAPPING), calls the pairing core, stores the round and its games."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from tournaments.draws.rating_seed import rating_ranks
from tournaments.draws.rows import delete_games, draw_of, effective_statuses, games_of, quality_dict
from tournaments.draws.season import with_season
from tournaments.exceptions import ConfirmationRequired, IllegalTransition, InvalidInput
from tournaments.labels import draw_error, join_choices, pairing_method_label
from tournaments.models import CheckIn, Entry, Event, Game, Round, Standing
from tournaments.models import Table as TableRow
from tournaments.pairing import (
    METHODS,
    Draw,
    DrawRequest,
    DrawUserError,
    Entrant,
    History,
    Table,
    generate_draw,
    move_game,
    swap_entrants,
)

# A seed that survives JSON in any client (JavaScript numbers are exact up to 2**53).
SEED_LIMIT = 2**53

# Standing columns a precedence key may name directly; other keys are read from `Standing.metrics`.
STANDING_COLUMNS = frozenset({"match_points", "total_points", "wins", "deals_won", "games", "byes"})


def new_seed() -> int:
    return random.SystemRandom().randrange(1, SEED_LIMIT)


@dataclass
class DrawInputs:
    """What the manager loaded for one round of one event (plain data, no more queries needed)."""

    entries: dict[int, dict]
    statuses: dict[int, str]
    tables: list[Table]
    history: History
    byes: Counter
    scores: dict[int, tuple[float, int | None]]
    clubs: dict[int, int | None] = field(default_factory=dict)
    # Registered player id → the substitute who sits in their place this round.
    seats_map: dict[int, int] = field(default_factory=dict)

    @property
    def present(self) -> list[int]:
        present = CheckIn.Status.PRESENT
        return sorted(e for e, status in self.statuses.items() if status == present and e in self.entries)


class DrawManager:
    """Loads, draws and saves one round of one event.

    `load()` runs six or seven queries whatever the number of entries. `draw()` is the whole operation under locks;
    `edit()` swaps or moves teams in a draft and stores it the same way (`_store()`).
    """

    def __init__(self, event: Event, round_number: int):
        if round_number < 1:
            raise InvalidInput(
                _("The round number must be 1 or more, got %(number)s.") % {"number": round_number}, field="number"
            )
        self.event = event
        self.round_number = round_number
        self.inputs: DrawInputs | None = None

    @property
    def is_melee(self) -> bool:
        return self.event.team_mode == Event.TeamMode.MELEE

    # --- loading ------------------------------------------------------------------------------------

    def load(self) -> DrawInputs:
        """Six queries (seven for mêlée in a season): entries (with their substitutes), check-ins, tables,
        earlier games, the latest standings snapshot, the club's forbidden pairings (and the season's earlier
        evenings, `tournaments.draws.season`)."""
        event, number = self.event, self.round_number
        entries: dict[int, dict] = {}
        seats_map: dict[int, int] = {}
        # The entries, each with its substitutions joined (a row per substitution; most entries have none).
        for row in Entry.objects.filter(event=event).values(
            "id",
            "number",
            "player_1_id",
            "player_2_id",
            "affiliation",
            "fixed_table",
            "needs_step_free",
            "joined_round",
            "missed_rounds_rule",
            "substitutions__player_id",
            "substitutions__substitute_id",
            "substitutions__from_round",
            "substitutions__to_round",
        ):
            entries[row["id"]] = row
            first, last = row["substitutions__from_round"], row["substitutions__to_round"]
            if first is not None and first <= number and (last is None or number <= last):
                seats_map[row["substitutions__player_id"]] = row["substitutions__substitute_id"]
        checkins = CheckIn.objects.filter(entry__event=event, round_number__lte=number).values_list(
            "entry_id", "round_number", "status"
        )
        statuses = effective_statuses(checkins, number)
        tables = [
            Table(number=row["number"], label=row["label"], step_free=row["step_free"])
            for row in TableRow.objects.filter(event=event).order_by("number").values("number", "label", "step_free")
        ]
        history, byes = self._history(entries)
        history = with_season(self.event, history)
        scores = self._scores() or rating_ranks(self.event, self.round_number, entries)
        # Same-club avoidance only means something when entries name a club (open events).
        names = sorted({(row["affiliation"] or "").strip().casefold() for row in entries.values()} - {""})
        club_index = {name: index + 1 for index, name in enumerate(names)}
        clubs = {
            entry_id: club_index.get((row["affiliation"] or "").strip().casefold()) for entry_id, row in entries.items()
        }
        self.inputs = DrawInputs(entries, statuses, tables, history, byes, scores, clubs, seats_map)
        return self.inputs

    def _history(self, entries: Mapping[int, dict]) -> tuple[History, Counter]:
        """Who met whom and who partnered whom in earlier rounds, and byes had: one query over Game rows."""
        rows = Game.objects.filter(round__event=self.event, round__number__lt=self.round_number).values_list(
            "round__number", "is_bye", "entry_a_id", "entry_a_partner_id", "entry_b_id", "entry_b_partner_id"
        )
        opponents: dict[int, set[int]] = {}
        partners: dict[int, set[int]] = {}
        byes: Counter = Counter()
        rounds: set[int] = set()
        played: dict[int, set[int]] = {}
        for round_number, is_bye, a, a2, b, b2 in rows:
            rounds.add(round_number)
            side_a = [e for e in (a, a2) if e is not None]
            for e in (a, a2, b, b2):
                if e is not None:
                    played.setdefault(e, set()).add(round_number)
            if is_bye:
                byes.update(side_a)
                continue
            side_b = [e for e in (b, b2) if e is not None]
            for x in side_a:
                opponents.setdefault(x, set()).update(side_b)
            if self.is_melee:
                for side in (side_a, side_b):
                    players = [entries[e]["player_1_id"] for e in side if e in entries]
                    for p in players:
                        partners.setdefault(p, set()).update(q for q in players if q != p)
        # A late entry whose missed rounds count as byes has had those byes: nobody gets a second bye score
        # while someone has none.
        for entry_id, row in entries.items():
            if row.get("missed_rounds_rule") == Entry.MissedRounds.BYE and row.get("joined_round"):
                missed = set(range(1, min(row["joined_round"], self.round_number))) - played.get(entry_id, set())
                byes[entry_id] += len(missed)
        return History(opponents=opponents, partners=partners, past_rounds=len(rounds)), byes

    def _scores(self) -> dict[int, tuple[float, int | None]]:
        """Entry id → (score, rank) from the latest standings snapshot before this round; empty without one."""
        latest = (
            Standing.objects.filter(event=self.event, round_number__lt=self.round_number)
            .order_by("-round_number")
            .values("round_number")[:1]
        )
        key = (self.event.ranking_precedence or ["match_points"])[0]
        scores = {}
        for row in Standing.objects.filter(event=self.event, round_number__in=latest).values(
            "entry_id", "rank", "match_points", "total_points", "wins", "deals_won", "games", "byes", "metrics"
        ):
            value = row[key] if key in STANDING_COLUMNS else (row["metrics"] or {}).get(key, row["match_points"])
            try:
                score = float(value or 0)
            except (TypeError, ValueError):
                score = float(row["match_points"] or 0)
            scores[row["entry_id"]] = (score, row["rank"])
        return scores

    # --- drawing ------------------------------------------------------------------------------------

    def entrants(self, ids=None) -> list[Entrant]:
        """The entries present this round (or the entries `ids`) as the pairing core's entrants."""
        inputs = self.inputs or self.load()
        result = []
        for entry_id in inputs.present if ids is None else sorted(ids):
            row = inputs.entries[entry_id]
            players = (row["player_1_id"],) if self.is_melee else (row["player_1_id"], row["player_2_id"])
            score, rank = inputs.scores.get(entry_id, (0.0, None))
            result.append(
                Entrant(
                    id=entry_id,
                    players=tuple(p for p in players if p is not None),
                    club_id=inputs.clubs.get(entry_id),
                    score=score,
                    rank=rank,
                    byes=inputs.byes.get(entry_id, 0),
                    fixed_table=row["fixed_table"],
                    needs_step_free=row["needs_step_free"],
                )
            )
        return result

    def options(self, method: str) -> dict[str, Any]:
        """Event settings → generator options, through OPTIONS_TO_CONFIG_MAPPING (only options the method
        knows; the others keep the core's defaults)."""
        known = METHODS[method].DEFAULT_OPTIONS if method in METHODS else {}
        return {option: setting(self) for option, setting in OPTIONS_TO_CONFIG_MAPPING.items() if option in known}

    def start_number_order(self) -> list[int]:
        """Entry ids by start number, absent entries included, so a round-robin schedule (Berger numbers) is
        the same every round."""
        inputs = self.inputs or self.load()
        return sorted(inputs.entries, key=lambda e: inputs.entries[e]["number"])

    def request(self, *, method: str, seed: int) -> DrawRequest:
        inputs = self.inputs or self.load()
        return DrawRequest(
            method=method,
            entrants=tuple(self.entrants()),
            history=inputs.history,
            tables=tuple(inputs.tables) or None,
            round_number=self.round_number,
            seed=seed,
            options=self.options(method),
        )

    def generate(self, *, method: str, seed: int) -> Draw:
        """Call the pairing core; its user errors come back as a translated `DrawFailed`."""
        try:
            return generate_draw(self.request(method=method, seed=seed))
        except DrawUserError as exc:
            raise draw_error(exc, self.numbers()) from exc

    def numbers(self) -> dict[int, int]:
        inputs = self.inputs or self.load()
        return {entry_id: row["number"] for entry_id, row in inputs.entries.items()}

    def draw(self, *, seed: int | None = None, method: str | None = None, regenerate: bool = False) -> Round:
        """Draw this round and store it as a draft, all in one transaction.

        Locks the event, then its rounds. Refuses (IllegalTransition) when the event is finished, the round
        number is beyond the event's rounds, the previous round is not closed, or this round exists and is no
        longer a draft; an existing draft is replaced only with `regenerate=True` (else ConfirmationRequired).
        `seed` None draws a random seed; `method` None takes the event's method for this round. Raises
        DrawFailed when the core cannot draw (too few present, not enough tables, ...).
        """
        method = method or self.event.pairing_method_for(self.round_number)
        if method not in self.event.allowed_pairing_methods():
            raise InvalidInput(
                _("%(method)s is not a pairing method for %(mode)s; choose from %(choices)s.")
                % {
                    "method": pairing_method_label(method),
                    "mode": self.event.get_team_mode_display(),
                    "choices": join_choices(pairing_method_label(m) for m in self.event.allowed_pairing_methods()),
                },
                field="method",
            )
        seed = new_seed() if seed is None else seed
        if not 0 <= seed < SEED_LIMIT:
            raise InvalidInput(
                _("The seed must be a whole number from 0 to %(limit)s, got %(seed)s.")
                % {"limit": SEED_LIMIT - 1, "seed": seed},
                field="seed",
            )
        with transaction.atomic():
            event = Event.objects.select_for_update(of=("self",)).get(pk=self.event.pk)
            self.event = event
            existing = self._lock_rounds(event)
            current = existing.get(self.round_number)
            if current is not None and not regenerate:
                raise ConfirmationRequired(
                    _("Round %(number)s is already drawn. Confirm to replace its draft with a new draw.")
                    % {"number": self.round_number},
                    field="regenerate",
                )
            draw = self.generate(method=method, seed=seed)
            return self._store(current, draw)

    def _lock_rounds(self, event: Event) -> dict[int, Round]:
        if event.status == Event.Status.FINISHED:
            raise IllegalTransition(_("The event is finished: no more rounds can be drawn."))
        if self.round_number > event.rounds:
            raise IllegalTransition(
                ngettext(
                    "The event has %(rounds)s round; round %(number)s cannot be drawn.",
                    "The event has %(rounds)s rounds; round %(number)s cannot be drawn.",
                    event.rounds,
                )
                % {"rounds": event.rounds, "number": self.round_number},
                field="number",
            )
        rounds = {r.number: r for r in Round.objects.select_for_update(of=("self",)).filter(event=event)}
        previous = rounds.get(self.round_number - 1)
        if self.round_number > 1 and (previous is None or previous.status != Round.Status.CLOSED):
            raise IllegalTransition(
                _("Round %(previous)s must be closed before round %(number)s is drawn.")
                % {"previous": self.round_number - 1, "number": self.round_number},
                field="number",
            )
        current = rounds.get(self.round_number)
        if current is not None and current.status != Round.Status.DRAFT:
            raise IllegalTransition(
                _("Round %(number)s is %(status)s: only a draft can be drawn again.")
                % {"number": self.round_number, "status": current.get_status_display()}
            )
        return rounds

    def _store(self, current: Round | None, draw: Draw) -> Round:
        quality = quality_dict(draw)
        if current is None:
            current = Round.objects.create(
                event=self.event, number=self.round_number, method=draw.method, seed=draw.seed, quality=quality
            )
        else:
            current.method, current.seed, current.quality = draw.method, draw.seed, quality
            current.created_at = timezone.now()
            current.save(update_fields=["method", "seed", "quality", "created_at"])
            delete_games(current)
        Game.objects.bulk_create(
            games_of(current, draw, melee=self.is_melee, seats_map=(self.inputs or self.load()).seats_map)
        )
        return current

    def edit(self, round: Round, *, swap: tuple[int, int] | None = None, move: tuple[int, int] | None = None) -> Round:
        """Swap two entries (`swap`) or move the game at one table to another (`move`) in a draft.

        Locks the event, then the round; refuses unless the round is a draft. Flags and quality are
        recomputed by the core; the games are replaced in the same transaction. Raises DrawFailed for an
        entry not in the draw, a missing game, an unknown table.
        """
        with transaction.atomic():
            self.event = Event.objects.select_for_update(of=("self",)).get(pk=self.event.pk)
            round = Round.objects.select_for_update(of=("self",)).get(pk=round.pk)
            if round.status != Round.Status.DRAFT:
                raise IllegalTransition(
                    _("Round %(number)s is %(status)s: only a draft can be edited.")
                    % {"number": round.number, "status": round.get_status_display()}
                )
            draw = draw_of(round, Game.objects.filter(round=round))
            inputs = self.inputs or self.load()
            drawn = {e for game in draw.games for e in game.entrants} | {bye.entrant for bye in draw.byes}
            entrants = self.entrants(drawn)
            tables = tuple(inputs.tables) or None
            try:
                if swap is not None:
                    for entry_id in swap:
                        if entry_id not in inputs.entries:
                            raise DrawUserError("entrant_not_in_draw", entrant=entry_id)
                    edited = swap_entrants(draw, *swap, entrants=entrants, history=inputs.history, tables=tables)
                elif move is not None:
                    edited = move_game(draw, *move, entrants=entrants, history=inputs.history, tables=tables)
                else:
                    return round
            except DrawUserError as exc:
                raise draw_error(exc, self.numbers()) from exc
            round.quality = quality_dict(edited)
            round.save(update_fields=["quality"])
            delete_games(round)
            Game.objects.bulk_create(games_of(round, edited, melee=self.is_melee, seats_map=inputs.seats_map))
            return round


#: Generator option (a key of the core's OPTION_RULES) → how the event gives it, read off the manager: the one
#: place where event settings reach the pairing core (Tabbycat's `DrawManager.OPTIONS_TO_CONFIG_MAPPING`).
#: Add an event setting for a draw here; options not listed keep the core's defaults.
OPTIONS_TO_CONFIG_MAPPING: dict[str, Callable[[DrawManager], Any]] = {
    "order": DrawManager.start_number_order,
}
