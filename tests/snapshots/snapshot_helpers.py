"""Page and schema snapshots: the demo evening, the pages to render, what is normalised, and the comparison.

The snapshots pin what pages show while the code is restructured (issue 18): a page that renders other HTML
than its committed file under `pages/` fails with a diff. `UPDATE_SNAPSHOTS=1` rewrites the files instead;
do that only for a change that is meant to show, and read the diff in the commit.

PAGES is the one table of addresses. Each page is named by what it is, not by its URL: when a page moves to
another address, change its line here (the snapshot file keeps its name and must still match).
"""

from __future__ import annotations

import difflib
import io
import os
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

HERE = Path(__file__).parent
# `.snap`, not `.html`: they are rendered output, not templates (and the duplicates report reads no .snap).
PAGES_DIR = HERE / "pages"
OPENAPI_FILE = HERE / "openapi.yaml"
DIFF_LINES = 60


def updating() -> bool:
    """True when the run rewrites the snapshots (`UPDATE_SNAPSHOTS=1`) instead of comparing with them."""
    return os.environ.get("UPDATE_SNAPSHOTS", "") not in ("", "0")


# --- The evening ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Evening:
    """What the page addresses are made of: slugs, numbers, database ids and link tokens of the demo evening.

    `tokens` maps every link token of the evening to the placeholder that replaces it in a snapshot."""

    values: dict[str, object]
    tokens: dict[str, str]
    organiser_id: int


TYPING_TABLE = 5  # load_demo_scores leaves table 5 half-way: its sheet and card show deals and an open form
CONFIRMED_TABLE = 1


def build_evening() -> Evening:
    """The Hoheluft demo (`load_demo`, seeded) with round 1 part-played (`load_demo_scores`), every public page
    switched on, and one venue screen. Call with database access; the caller rolls it back."""
    from django.apps import apps
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from tournaments.models import Event, Round

    _restart_sequences()
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo_scores", stdout=io.StringIO())

    sheet_model = apps.get_model("scoring", "Sheet")
    table_card = apps.get_model("scoring", "TableCard")
    table_link = apps.get_model("scoring", "TableLink")
    team_link = apps.get_model("scoring", "TeamLink")
    venue_screen = apps.get_model("scoring", "VenueScreen")

    event = Event.objects.select_related("club", "season").get(club__slug="hoheluft", slug="clubabend")
    Event.objects.filter(pk=event.pk).update(public_draw=True, public_standings=True, public_sheets=True)
    round_1 = Round.objects.get(event=event, number=1)
    screen = venue_screen.objects.create(event=event)
    sheets = {s.game.table_number: s for s in sheet_model.objects.filter(game__round=round_1).select_related("game")}
    typing = sheets[TYPING_TABLE]
    cards = {
        (c.table_number, c.side): c.token
        for c in table_card.objects.active().filter(event=event).order_by("table_number", "side")
    }
    team_links = {
        link.entry.number: link.token
        for link in team_link.objects.active().filter(entry__event=event).select_related("entry")
    }
    tokens = {screen.token: "venue"}
    tokens.update({token: f"card-{table}{side}" for (table, side), token in cards.items()})
    tokens.update({token: f"team-{number}" for number, token in team_links.items()})
    for link in table_link.objects.filter(game__round=round_1).select_related("game"):
        tokens[link.token] = f"game-link-{link.game.table_number}{link.side}"
    values = {
        "club": event.club.slug,
        "event": event.slug,
        "event_id": event.pk,
        "round_id": round_1.pk,
        "sheet_id": sheets[CONFIRMED_TABLE].pk,
        "confirmed_table": CONFIRMED_TABLE,
        "card": cards[(TYPING_TABLE, "A")],
        "team": team_links[typing.game.entry_a.number],
        "team_number": typing.game.entry_a.number,
        "venue": screen.token,
    }
    organiser = get_user_model().objects.get(username="organiser")
    return Evening(values=values, tokens=tokens, organiser_id=organiser.pk)


def _restart_sequences() -> None:
    """Every table's id sequence starts again after its highest id, so the evening's ids are the same each run
    (ids appear in the organiser's addresses and forms). Sequences ignore rollbacks; this makes them not matter."""
    from django.apps import apps
    from django.core.management.color import no_style
    from django.db import connection

    statements = connection.ops.sequence_reset_sql(no_style(), apps.get_models(include_auto_created=True))
    with connection.cursor() as cursor:
        for sql in statements:
            cursor.execute(sql)


# --- The pages ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Page:
    name: str
    url: str  # a str.format template over Evening.values
    organiser: bool = False  # rendered for the club's logged-in organiser


PAGES = [
    Page("landing", "/"),
    Page("calculator", "/rules/calculator/"),
    # The organiser's pages.
    Page("organiser_club", "/o/{club}/", organiser=True),
    Page("organiser_event", "/o/{club}/events/{event}/", organiser=True),
    Page("organiser_entries", "/o/{club}/events/{event}/entries/", organiser=True),
    Page("organiser_checkin", "/o/{club}/events/{event}/checkin/2/", organiser=True),
    Page("organiser_round_draw", "/o/{club}/events/{event}/rounds/1/", organiser=True),
    Page("organiser_round_print_tables", "/o/{club}/events/{event}/rounds/1/print/tables/", organiser=True),
    Page("organiser_round_sheets", "/o/{club}/events/{event}/rounds/1/sheets/", organiser=True),
    Page("organiser_sheet", "/o/{club}/events/{event}/rounds/1/tables/{confirmed_table}/", organiser=True),
    Page("organiser_cards", "/o/{club}/events/{event}/cards/", organiser=True),
    Page("organiser_results", "/o/{club}/events/{event}/results/", organiser=True),
    Page("organiser_venue_links", "/o/{club}/events/{event}/screen/", organiser=True),
    # What the tables, the teams and the room see (printed links: these addresses stay).
    Page("referee_table_card", "/t/{card}/"),
    Page("team_link", "/p/{team}/"),
    Page("venue_screen", "/v/{venue}/"),
    # The public pages of the event.
    Page("public_event", "/e/{club}/{event}/"),
    Page("public_draw", "/e/{club}/{event}/draw/"),
    Page("public_standings", "/e/{club}/{event}/standings/"),
    Page("public_round_results", "/e/{club}/{event}/rounds/1/"),
    Page("public_team_deals", "/e/{club}/{event}/entries/{team_number}/"),
    Page("public_progress", "/e/{club}/{event}/progress/"),
    Page("public_season", "/e/{club}/{event}/season/"),
]


# --- Normalising ------------------------------------------------------------------------------------------------

MONTHS_DE = "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember"

# What legitimately differs from run to run, each replaced by a named placeholder in capitals between double
# underscores (__DATE__: no HTML element looks like it). Applied in this order, after the evening's link tokens
# have been replaced by their names (__TOKEN:card-5A__).
NORMALISERS: list[tuple[str, re.Pattern[str], str]] = [
    ("csrf token", re.compile(r'(name="csrfmiddlewaretoken" value=)"[^"]*"'), r'\1"__CSRF__"'),
    ("client id of a form", re.compile(r'(name="client_id" value=)"[^"]*"'), r'\1"__CLIENT_ID__"'),
    ("csp nonce", re.compile(r'nonce="[^"]*"'), 'nonce="__NONCE__"'),
    ("a card side's PIN", re.compile(r'(data-pin="[AB]">)\d{4}<'), r"\1__PIN__<"),
    ("static file hash", re.compile(r"\.[0-9a-f]{12}(\.(?:css|js|svg|png|woff2?|webmanifest))\b"), r"\1"),
    (
        "iso date-time",
        re.compile(r"\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?"),
        "__DATETIME__",
    ),
    ("iso date", re.compile(r"\b\d{4}-\d{2}-\d{2}\b"), "__DATE__"),
    ("german date", re.compile(rf"\b\d{{1,2}}\. ?(?:{MONTHS_DE}) \d{{4}}\b"), "__DATE__"),
    ("numeric date", re.compile(r"\b\d{1,2}\.\d{1,2}\.\d{2,4}\b"), "__DATE__"),
    # A day without its year (the season table's evening columns: "01.12."); the demo's evening is today.
    ("day and month", re.compile(r">\d{2}\.\d{2}\.<"), ">__DAY__<"),
    ("season", re.compile(r"\b20\d{2}/\d{2}\b"), "__SEASON__"),
    # A season's database id in its calendar feed's address: it depends on what ran before in the process.
    ("season id", re.compile(r"/seasons/\d+/"), "/seasons/__ID__/"),
    ("time of day", re.compile(r"\b\d{1,2}:\d{2}(:\d{2})?( Uhr)?\b"), "__TIME__"),
    # A table card's short code: its table and side stay, its random digits do not.
    ("card code digits", re.compile(r"\b(T\d+-[NW]) \d{4}\b"), r"\1 __CODE__"),
]


def normalise(html: str, tokens: dict[str, str]) -> str:
    """The page with everything that differs between two runs of the same evening replaced by a placeholder."""
    for token in sorted(tokens, key=len, reverse=True):
        html = html.replace(token, f"__TOKEN:{tokens[token]}__")
    for _name, pattern, replacement in NORMALISERS:
        html = pattern.sub(replacement, html)
    return "\n".join(line.rstrip() for line in html.splitlines()) + "\n"


# --- Comparing ----------------------------------------------------------------------------------------------------


def compare(name: str, actual: str, path: Path, *, how_to_see: str = "") -> None:
    """Fail with the first DIFF_LINES lines of a unified diff when `actual` is not the committed snapshot at
    `path`; with UPDATE_SNAPSHOTS=1, write `actual` there instead."""
    if updating():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"{name}: no snapshot at {path.relative_to(HERE.parent.parent)}; run with UPDATE_SNAPSHOTS=1")
    expected = path.read_text(encoding="utf-8")
    if actual == expected:
        return
    diff = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            fromfile=f"snapshot {path.name}",
            tofile=f"rendered {name}{how_to_see}",
            lineterm="",
        )
    )
    shown = "\n".join(diff[:DIFF_LINES])
    more = f"\n... {len(diff) - DIFF_LINES} more diff lines" if len(diff) > DIFF_LINES else ""
    pytest.fail(
        f"{name} differs from its snapshot (UPDATE_SNAPSHOTS=1 rewrites it if the change is meant):\n{shown}{more}",
        pytrace=False,
    )
