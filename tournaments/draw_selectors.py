"""Reads of a round's draw for the organiser's pages, the prints and the venue screen: each game's sides
with the players who sit there (a substitute among them), its flags and table, and the draw by name; each
in a fixed number of queries, whatever the field size. `tournaments.selectors` offers them with the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.labels import flag_label
from tournaments.models import (
    Entry,
    Game,
    Player,
    Round,
    Table,
)

GAME_RELATED = (
    "entry_a__player_1",
    "entry_a__player_2",
    "entry_a_partner__player_1",
    "entry_b__player_1",
    "entry_b__player_2",
    "entry_b_partner__player_1",
)


@dataclass
class Side:
    entries: list[Entry]
    players: list[Player]

    @property
    def numbers(self) -> str:
        return " + ".join(str(e.number) for e in self.entries)

    @property
    def names(self) -> str:
        return " / ".join(str(p) for p in self.players)

    @property
    def public_names(self) -> str:
        """The names as the public may see them (each player's consent: `Player.public_name`)."""
        return " / ".join(p.public_name for p in self.players)


@dataclass
class GameRow:
    game: Game
    side_a: Side
    side_b: Side | None
    flags: list[tuple[str, str]] = field(default_factory=list)
    table: Table | None = None

    @property
    def seat_names(self) -> dict[str, str]:
        players = {p.pk: p for p in self.side_a.players + (self.side_b.players if self.side_b else [])}
        return {seat: str(players.get(pid, "")) for seat, pid in (self.game.seats or {}).items()}


def _side(entries: list[Entry | None], seated: list[Player | None] | None = None) -> Side:
    """A side's entries and the players who sit there: the seats' players (a substitute among them) when the
    game has seats, else the entries' registered players."""
    present = [e for e in entries if e is not None]
    players = [p for e in present for p in (e.player_1, e.player_2) if p is not None]
    if seated and all(p is not None for p in seated):
        players = [p for p in seated if p is not None]
    return Side(entries=present, players=players)


def _seated(games: list[Game]) -> dict[int, Player]:
    """Player id → player for every seat of `games`: the entries' players, plus (one more query, only when a
    game seats a substitute) the substitutes."""
    players = {
        p.pk: p
        for g in games
        for e in (g.entry_a, g.entry_a_partner, g.entry_b, g.entry_b_partner)
        if e is not None
        for p in (e.player_1, e.player_2)
        if p is not None
    }
    missing = {pid for g in games for pid in (g.seats or {}).values() if pid not in players}
    if missing:
        players.update(Player.objects.in_bulk(missing))
    return players


def draw_rows(round: Round) -> tuple[list[GameRow], list[GameRow]]:
    """The round's games in table order and its byes, with names (who sits there, a substitute too), flags
    and table labels. Two queries (three when a substitute plays)."""
    tables = {t.number: t for t in Table.objects.filter(event_id=round.event_id)}
    found = list(Game.objects.filter(round=round).select_related(*GAME_RELATED).order_by("table_number", "pk"))
    players = _seated(found)
    games, byes = [], []
    for game in found:
        seats = game.seats or {}
        row = GameRow(
            game=game,
            side_a=_side([game.entry_a, game.entry_a_partner], [players.get(seats.get(s)) for s in ("N", "S")]),
            side_b=None
            if game.is_bye
            else _side([game.entry_b, game.entry_b_partner], [players.get(seats.get(s)) for s in ("E", "W")]),
            flags=[(code, flag_label(code)) for code in game.flags or []],
            table=tables.get(game.table_number),
        )
        (byes if game.is_bye else games).append(row)
    return games, byes


@dataclass
class NameRow:
    player: Player
    entry: Entry
    table: int | None
    seat: str
    partner: str
    opponents: str
    # The same as the public may see them (each one's consent): the venue screen and the printed list.
    partner_public: str = ""
    opponents_public: str = ""


def draw_by_name(round: Round) -> list[NameRow]:
    """Every player of the round with their table and seat, sorted by last name then first name
    ("find your table"): who sits there, so a substitute is found by their own name. Two queries (three
    when a substitute plays)."""
    games, byes = draw_rows(round)
    rows = []
    for row in games:
        seats = row.game.seats or {}
        game = row.game
        melee = game.entry_a_partner_id is not None
        # The entry of each seat: in pairs one entry a side; in mêlée each seat its own single-player entry.
        seat_entry = {
            "N": game.entry_a,
            "S": game.entry_a_partner if melee else game.entry_a,
            "E": game.entry_b,
            "W": game.entry_b_partner if melee else game.entry_b,
        }
        by_id = {p.pk: p for p in row.side_a.players + row.side_b.players}
        for seat, pid in seats.items():
            player = by_id.get(pid)
            entry = seat_entry.get(seat)
            if player is None or entry is None:
                continue
            side, other = (row.side_a, row.side_b) if seat in ("N", "S") else (row.side_b, row.side_a)
            partner = ", ".join(str(p) for p in side.players if p.pk != player.pk)
            partner_public = ", ".join(p.public_name for p in side.players if p.pk != player.pk)
            rows.append(
                NameRow(
                    player,
                    entry,
                    row.game.table_number,
                    seat,
                    partner,
                    other.names,
                    partner_public=partner_public,
                    opponents_public=other.public_names,
                )
            )
    for row in byes:
        for entry in row.side_a.entries:
            for player in (entry.player_1, entry.player_2):
                if player is not None:
                    rows.append(NameRow(player, entry, None, "", "", ""))
    rows.sort(key=lambda r: (r.player.last_name.casefold(), r.player.first_name.casefold(), r.entry.number))
    return rows
