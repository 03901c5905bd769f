"""What tests/browser/test_evening_not_to_plan_browser.py shares out of its evening: the director's counted
browser, a table played through the services, the sheets scored by the pure rules engine, and the recompute of
the standings written apart from scoring/standings (match points, totals and ranking worked out here)."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from scoring.models import Adjustment, Sheet, TableLink
from scoring.rules import score_game
from scoring.sheets.services import sheet_confirm, sheet_submit
from tests.factories import MembershipFactory, PlayerFactory, UserFactory
from tests.scoring.entry_helpers import card_actor, fill, link_actor
from tests.tournaments.people.people_helpers import make_evening, release
from tournaments.models import Entry, Event, Game

SHOTS = "/tmp/evening-{}.png"
DEALS = 4
ROWS = "#sheet-live tbody tr[data-position]"
RULES = {"rules": "hoheluft", "options": {"deals": DEALS}}


def deal(taker: str, trump: str, a: int) -> dict:
    return {"contract": {"taker": taker, "trump": trump}, "tricks": {"A": a, "B": 162 - a}}


class Director:
    """The organiser's browser (1280 px), counting the actions each exception takes."""

    def __init__(self, page, base: str, events: str):
        self.page, self.base, self.events = page, base, events
        self.actions: dict[str, list[str]] = defaultdict(list)
        self.exception = ""

    def on(self, exception: str) -> None:
        self.exception = exception

    def open(self, what: str, path: str) -> None:
        self.actions[self.exception].append(what)
        self.page.goto(self.base + self.events + path)

    def press(self, what: str, selector: str) -> None:
        """A link or a form's button that loads a page."""
        self.actions[self.exception].append(what)
        with self.page.expect_navigation():
            self.page.click(selector)
        assert self.page.locator(".message.error, .form-errors").count() == 0, self.page.inner_text("main")[:2000]

    def click(self, what: str, selector: str) -> None:
        """A fold opened, or a button answered in the page."""
        self.actions[self.exception].append(what)
        self.page.click(selector)

    def report(self, path: str) -> dict[str, int]:
        """The actions counted per exception, written to `path` one line each; returns their counts."""
        lines = [f"{name}: {len(done)}: {'; '.join(done)}" for name, done in self.actions.items() if name]
        Path(path).write_text("\n".join(lines) + "\n")
        print("\n".join(lines))
        return {name: len(done) for name, done in self.actions.items() if name}

    def shot(self, name: str) -> None:
        self.page.screenshot(path=SHOTS.format(name), full_page=True)


def finish_table(game: Game, deals: list[dict], *, confirm: bool = True) -> Sheet:
    """A table's referees type `deals` (side A's game link), submit, and the other side confirms with its card."""
    links = {link.side: link for link in TableLink.objects.active().filter(game=game)}
    sheet = fill(Sheet.objects.get(game=game), links["A"], deals)
    if confirm:
        sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(links["A"]))
        sheet = sheet_confirm(sheet=sheet, version=sheet.version, actor=card_actor(links["B"]))
    return sheet


def games_of(event: Event, number: int) -> list[Game]:
    return list(Game.objects.filter(round__event=event, round__number=number, is_bye=False).order_by("table_number"))


def totals(deals: list[dict]) -> tuple[int, int]:
    """A sheet's totals from its deals, by the pure rules engine."""
    result = score_game({**RULES, "deals": deals})["totals"]
    return result["A"], result["B"]


def half_up(value: Fraction) -> int:
    """Rounded half up to whole points, as the rule for unfinished games rounds (docs/rules.md)."""
    return int((value + Fraction(1, 2)) // 1)


def mp_text(mp: Decimal) -> str:
    return str(mp.normalize()) if mp == mp.to_integral() else str(mp)


def recompute(event: Event) -> list[tuple[int, int, Decimal, int, int]]:
    """(rank, start number, match points, total points, points against) after the last round, computed here
    from the stored rows: each counted sheet's deals scored by the rules engine (an unfinished one by its rule,
    worked out here), byes and a late pair's missed rounds as a win with the bye points, penalties as stored;
    ranked by match points, total points, point difference (the event's precedence; no ties here)."""
    win, draw = Decimal(event.points_win), Decimal(event.points_draw)
    entries = {e.pk: e for e in Entry.objects.filter(event=event)}
    mp = {pk: Decimal(0) for pk in entries}
    points = dict.fromkeys(entries, 0)
    against = dict.fromkeys(entries, 0)
    for number in (1, 2, 3):
        games = Game.objects.filter(round__event=event, round__number=number).select_related("sheet")
        finished = [
            totals(list(g.sheet.deals.order_by("position").values_list("data", flat=True)))
            for g in games
            if not g.is_bye and g.sheet.finished
        ]
        for game in games:
            if game.is_bye:
                mp[game.entry_a_id] += win
                points[game.entry_a_id] += event.bye_points
                continue
            sheet = game.sheet
            assert sheet.status in (Sheet.Status.CONFIRMED, Sheet.Status.LOCKED)
            deals = list(sheet.deals.order_by("position").values_list("data", flat=True))
            a, b = totals(deals)
            if len(deals) < DEALS:
                rule = sheet.unfinished_rule
                if rule == "prorate":
                    a, b = half_up(Fraction(a * DEALS, len(deals))), half_up(Fraction(b * DEALS, len(deals)))
                elif rule == "average":
                    a = b = half_up(Fraction(sum(sum(f) for f in finished), 2 * len(finished)))
                else:
                    assert rule == "played"
                assert (sheet.ruled_total_a, sheet.ruled_total_b) == (a, b)
            for own, mine, theirs in ((game.entry_a_id, a, b), (game.entry_b_id, b, a)):
                mp[own] += win if mine > theirs else draw if mine == theirs else Decimal(event.points_loss)
                points[own] += mine
                against[own] += theirs
    for entry in entries.values():
        for _missed in range(1, (entry.joined_round or 1)):
            assert entry.missed_rounds_rule == Entry.MissedRounds.BYE
            mp[entry.pk] += win
            points[entry.pk] += event.bye_points
    for adjustment in Adjustment.objects.filter(event=event, withdrawn_at__isnull=True):
        mp[adjustment.entry_id] += adjustment.match_points
        points[adjustment.entry_id] += adjustment.points
    keys = {pk: (mp[pk], points[pk], points[pk] - against[pk]) for pk in entries}
    order = sorted(entries, key=lambda pk: keys[pk], reverse=True)
    assert len({keys[pk] for pk in order}) == len(order), "a tie: the lots would decide"
    return [(rank, entries[pk].number, mp[pk], points[pk], against[pk]) for rank, pk in enumerate(order, start=1)]


def four_pairs_evening() -> Event:
    """A Hoheluft evening of three rounds of four deals (unfinished games: ask per table; 30 minutes a round),
    four pairs checked in, round 1 released; the late pair's players and the substitute are members."""
    club = MembershipFactory(user=UserFactory(username="leitung")).club
    event, _entries = make_evening(
        club,
        4,
        name="Clubabend Hoheluft",
        slug="heute",
        rounds=3,
        rules_options={"deals": DEALS},
        unfinished_rule=Event.UnfinishedRule.ASK,
        round_minutes=30,
        warning_minutes=[5],
        status=Event.Status.RUNNING,
    )
    PlayerFactory(club=club, first_name="Jürgen", last_name="Spätzünder")
    PlayerFactory(club=club, first_name="Monika", last_name="Nachzügler")
    PlayerFactory(club=club, first_name="Erika", last_name="Ersatz")
    release(event, 1)
    return event
