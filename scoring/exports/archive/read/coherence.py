"""What an archive's parts must agree on, beyond each value's own field: checked while the parts are read,
so that a file edited by hand cannot bring in an evening that could never have been played (an entry on both
sides of a game, a round past the event's rounds, a bye with a sheet, ...). Each check raises ArchiveError
naming the path of the value at fault and the rule it breaks."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring.exports.archive.read.values import fail
from scoring.rules.words import SEATS, SIDE_SEATS
from tournaments.models import Entry, Event, Game, Round, Substitution

SIDE_SLOTS = {"A": ("entry_a", "entry_a_partner"), "B": ("entry_b", "entry_b_partner")}


def round_number(event: Event, number: int | None, path: str) -> None:
    """A round, check-in or adjustment names one of the event's rounds (1 to `event.rounds`)."""
    if number is not None and not 1 <= number <= event.rounds:
        raise fail(
            path,
            _("round %(number)s is not a round of this event: it has rounds 1 to %(rounds)s.")
            % {"number": number, "rounds": event.rounds},
        )


def round_status(event: Event, rnd: Round, path: str) -> None:
    """A finished event has no round in play: finishing it closed its released round."""
    if event.status == Event.Status.FINISHED and rnd.status == Round.Status.RELEASED:
        raise fail(
            f"{path}.status",
            _("the event is finished, so no round is still in play; round %(number)s is “%(status)s”.")
            % {"number": rnd.number, "status": rnd.get_status_display()},
        )


def game_entries(game: Game, in_round: dict[int, str], path: str) -> None:
    """No entry plays twice in one game, nor in two games of one round (`in_round`: entry id → the path of
    its game in this round so far)."""
    seen: dict[int, str] = {}
    for slot in (*SIDE_SLOTS["A"], *SIDE_SLOTS["B"]):
        entry_id = getattr(game, f"{slot}_id")
        if entry_id is None:
            continue
        if entry_id in seen:
            raise fail(
                f"{path}.{slot}",
                _("entry %(number)s plays twice in this game (also as %(other)s).")
                % {"number": getattr(game, slot).number, "other": seen[entry_id]},
            )
        seen[entry_id] = slot
        if entry_id in in_round:
            raise fail(
                f"{path}.{slot}",
                _("entry %(number)s already plays in this round, at %(other)s.")
                % {"number": getattr(game, slot).number, "other": in_round[entry_id]},
            )
    for entry_id in seen:
        in_round[entry_id] = path


def _players(entry: Entry | None) -> set[int]:
    return set() if entry is None else {pk for pk in (entry.player_1_id, entry.player_2_id) if pk is not None}


def stand_ins(event: Event) -> dict[int, list[Substitution]]:
    """The event's substitutes (read before its rounds), by the entry they play for. One query."""
    by_entry: dict[int, list[Substitution]] = {}
    for substitution in Substitution.objects.filter(entry__event=event):
        by_entry.setdefault(substitution.entry_id, []).append(substitution)
    return by_entry


def _side_players(game: Game, side: str, subs: dict[int, list[Substitution]]) -> set[int]:
    """The players who may sit on `side` of `game`: its entries' players, and whoever stands in for one of
    them in the game's round."""
    players: set[int] = set()
    for slot in SIDE_SLOTS[side]:
        entry = getattr(game, slot)
        players |= _players(entry)
        if entry is not None:
            number = game.round.number
            players |= {s.substitute_id for s in subs.get(entry.pk, ()) if s.covers(number)}
    return players


def game_seats(game: Game, path: str, subs: dict[int, list[Substitution]] | None = None) -> None:
    """Each seat names a player of the entry on that seat's side (N and S side A, E and W side B), or the
    substitute playing for one of them in that round (`subs`: see `stand_ins`), and the first dealer is a
    seat (or none)."""
    for side, seats in SIDE_SEATS.items():
        players = _side_players(game, side, subs or {})
        for seat in seats:
            player = game.seats.get(seat)
            if player is not None and player not in players:
                raise fail(
                    f"{path}.seats.{seat}",
                    _("seat %(seat)s names a player who is not in the entries of that side.") % {"seat": seat},
                )
    if game.first_dealer and game.first_dealer not in SEATS:
        raise fail(
            f"{path}.first_dealer",
            _("the first dealer must be a seat (N, E, S or W) or empty; got %(value)s.")
            % {"value": repr(game.first_dealer)[:10]},
        )


def game_sheet(game: Game, status: str | None, path: str) -> None:
    """A bye has no sheet, and a sheet is locked only in a closed round."""
    if game.is_bye:
        raise fail(path, _("a bye is no game at a table, so it has no sheet."))
    if status == "locked" and game.round.status != Round.Status.CLOSED:
        raise fail(
            f"{path}.status",
            _("a sheet is locked when its round closes; round %(number)s is “%(status)s”.")
            % {"number": game.round.number, "status": game.round.get_status_display()},
        )
