"""The close page: before anything is confirmed it lists every unfinished table (deals played of the game's
length, the score now) with the event's rule and the score it gives; closing applies it, the sheet's history
and the event's history keep the rule and the totals before and after, and the standings and the exports
count the ruled score. The issue's case: 3 of 12 deals, 300 : 186, which used to become a 2-point win unseen."""

import io
import zipfile

import pytest
from django.utils import translation
from pypdf import PdfReader

from scoring.exports.flat import write_csv
from scoring.exports.pdf import write_pdf
from scoring.models import Sheet, SheetChange
from scoring.sheets.services import sheet_confirm, sheet_correct, sheet_submit
from scoring.standings.store import standings_recompute_now
from tests.address_helpers import round_url, sheet_url
from tests.factories import EntryFactory, MembershipFactory
from tests.scoring.entry_helpers import (
    HOHELUFT_GAME,
    fill,
    link_actor,
    organiser_actor,
    pin_of,
    released_round,
    table_of,
)
from tests.scoring.standings_helpers import bye
from tournaments.models import Event, EventLogEntry, Round, Standing

pytestmark = pytest.mark.django_db

# Three deals of 100 : 62 trick points, each made: 300 : 186 after 3 of 12 deals.
THREE_DEALS = [{"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 100, "B": 62}}] * 3


def confirmed(game, deals):
    sheet, link_a, link_b = table_of(game)
    sheet = fill(sheet, link_a, deals)
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=link_actor(link_a))
    return sheet_confirm(sheet=sheet, version=sheet.version, actor=link_actor(link_b), pin=pin_of(link_b))


@pytest.fixture
def evening(client):
    """Round 1 of three tables: 1 finished (1069 : 1005, confirmed), 2 stopped after 3 of 12 deals at
    300 : 186 (an unfinished sheet cannot be submitted: it waits for the organiser), 3 finished but not
    confirmed."""
    round, games = released_round(tables=3)
    confirmed(games[0], HOHELUFT_GAME)
    for game, deals in ((games[1], THREE_DEALS), (games[2], HOHELUFT_GAME)):
        sheet, link_a, _ = table_of(game)
        fill(sheet, link_a, deals)
    client.force_login(MembershipFactory(club=round.event.club).user)
    return round, games, client


def set_rule(round, rule):
    Event.objects.filter(pk=round.event_id).update(unfinished_rule=rule)


@pytest.mark.parametrize(
    ("rule", "score", "outcome"),
    [
        ("played", "300 : 186", "win for North/South"),
        ("prorate", "1200 : 744", "win for North/South"),
        # The round's average: the mean side score of its finished games, (1069 + 1005 + 1069 + 1005) / 4.
        ("average", "1037 : 1037", "a draw"),
    ],
)
def test_the_close_page_shows_the_unfinished_table_and_its_rules_effect(evening, rule, score, outcome):
    round, _games, client = evening
    set_rule(round, rule)
    html = client.get(round_url(round, "close/")).content.decode()
    row = html[html.index('data-table="2" data-unfinished') :]
    row = row[: row.index("</tr>")]
    assert "3 of 12 deals" in row and "300 : 186" in row
    assert f'data-ruled="{rule}">{score}</strong>' in row and outcome in row
    assert html.count("data-unfinished") == 1  # tables 1 and 3 finished their games
    label = dict(Event.UnfinishedRule.choices)[rule]
    assert f"The event's rule for unfinished games: {label}." in html
    assert "table 2 (Being entered), table 3 (Being entered)" in html  # the sheets still unconfirmed
    # Nothing was confirmed or ruled by showing the page.
    assert not Sheet.objects.filter(game__round=round).exclude(unfinished_rule="").exists()
    assert Round.objects.get(pk=round.pk).status == Round.Status.RELEASED


def test_under_ask_each_rule_and_its_score_is_a_choice(evening):
    round, _games, client = evening
    set_rule(round, Event.UnfinishedRule.ASK)
    html = client.get(round_url(round, "close/")).content.decode()
    for rule, score in (("played", "300 : 186"), ("prorate", "1200 : 744"), ("average", "1037 : 1037")):
        assert f'name="rule_2" value="{rule}"' in html
        assert f'data-ruled="{rule}">{score}</strong>' in html


def close(client, round, **data):
    seen = client.get(round_url(round, "close/")).context["plan"].stamp
    form = {"confirm_all": "on", "reason": "Zeit abgelaufen", "seen": seen, **data}
    return client.post(round_url(round, "close/"), form)


def test_closing_applies_the_rule_and_every_record_shows_it(evening, django_capture_on_commit_callbacks):
    round, games, client = evening
    set_rule(round, Event.UnfinishedRule.PRORATE)
    with django_capture_on_commit_callbacks(execute=True):
        assert close(client, round).status_code == 302
    assert Round.objects.get(pk=round.pk).status == Round.Status.CLOSED
    sheet = Sheet.objects.get(game=games[1])
    assert (sheet.unfinished_rule, sheet.ruled_total_a, sheet.ruled_total_b) == ("prorate", 1200, 744)
    assert (sheet.total_a, sheet.total_b, sheet.status) == (300, 186, Sheet.Status.LOCKED)  # the deals unchanged
    change = SheetChange.objects.get(sheet=sheet, action=SheetChange.Action.UNFINISHED_RULE)
    assert change.before == {"rule": "", "total_a": 300, "total_b": 186, "deals": 3}
    assert change.after == {"rule": "prorate", "total_a": 1200, "total_b": 744, "deals": 3}
    assert change.reason == "Zeit abgelaufen" and change.user is not None
    entry = EventLogEntry.objects.get(event=round.event, action="unfinished_rule")
    assert entry.table_number == 2 and entry.reason == "Zeit abgelaufen"
    history = client.get(f"/o/{round.event.club.slug}/events/{round.event.slug}/history/").content.decode()
    assert "table 2: unfinished game after 3 deals; Pro-rate to the full game length: 300 : 186 → 1200 : 744" in history

    standings_recompute_now(event_id=round.event_id)
    rows = {s.entry_id: s for s in Standing.objects.filter(event=round.event, round_number=1)}
    north, east = rows[games[1].entry_a_id], rows[games[1].entry_b_id]
    assert (north.total_points, north.points_against, north.wins) == (1200, 744, 1)
    assert (east.total_points, east.points_against, east.losses) == (744, 1200, 1)

    with translation.override("en"):
        out = io.BytesIO()
        write_csv(event_id=round.event_id, out=out)
        results = zipfile.ZipFile(out).read("results.csv").decode("utf-8-sig")
        pdf = io.BytesIO()
        write_pdf(event_id=round.event_id, out=pdf)
    line = next(row for row in results.splitlines() if row.startswith("1;2;"))
    assert ";1200;744;" in line and line.endswith("Pro-rate to the full game length: 3 deals played, 300 : 186")
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(pdf).pages).split())
    assert "1200 : 744" in text and "Pro-rate to the full game length: 3 deals played, 300 : 186" in text


def test_average_rules_a_draw_for_both(evening, django_capture_on_commit_callbacks):
    round, games, client = evening
    set_rule(round, Event.UnfinishedRule.AVERAGE)
    with django_capture_on_commit_callbacks(execute=True):
        close(client, round)
    standings_recompute_now(event_id=round.event_id)
    rows = {s.entry_id: s for s in Standing.objects.filter(event=round.event, round_number=1)}
    assert rows[games[1].entry_a_id].draws == rows[games[1].entry_b_id].draws == 1
    assert rows[games[1].entry_a_id].total_points == 1037


def test_under_ask_a_table_without_a_choice_is_refused_naming_it(evening):
    round, games, client = evening
    set_rule(round, Event.UnfinishedRule.ASK)
    response = close(client, round)
    assert response.status_code == 302 and response["Location"].endswith("/close/")
    messages = [str(m) for m in response.wsgi_request._messages]
    assert messages == ["Choose what the unfinished game of table 2 counts."]
    assert Round.objects.get(pk=round.pk).status == Round.Status.RELEASED
    assert not SheetChange.objects.filter(reason="Zeit abgelaufen").exists()  # nothing half-stored
    close(client, round, rule_2="average")
    assert Sheet.objects.get(game=games[1]).unfinished_rule == "average"


def test_a_sheet_changed_since_the_page_was_shown_is_shown_again(evening):
    round, games, client = evening
    seen = client.get(round_url(round, "close/")).context["plan"].stamp
    Sheet.objects.filter(game=games[2]).update(version=99)  # a deal typed meanwhile
    form = {"confirm_all": "on", "reason": "Zeit", "seen": seen}
    response = client.post(round_url(round, "close/"), form)
    assert response["Location"].endswith("/close/")
    assert Round.objects.get(pk=round.pk).status == Round.Status.RELEASED


def test_closing_elsewhere_refuses_an_unfinished_game(evening):
    round, _games, client = evening
    response = client.post(round_url(round, "close/"), {"confirm_all": "on", "reason": "Zeit"}, follow=True)
    assert "Table 2 has not finished its game: close the round on its close page" in response.content.decode()
    assert Round.objects.get(pk=round.pk).status == Round.Status.RELEASED


def test_the_close_pages_queries_do_not_grow_with_the_tables(client, django_assert_max_num_queries):
    small, small_games = released_round(tables=2)
    big, big_games = released_round(tables=12, club=small.event.club)
    for game in small_games[:1] + big_games[:6]:
        sheet, link_a, _ = table_of(game)
        fill(sheet, link_a, THREE_DEALS)
    client.force_login(MembershipFactory(club=small.event.club).user)
    client.get(round_url(small, "close/"))
    with django_assert_max_num_queries(14) as queries:
        assert client.get(round_url(small, "close/")).status_code == 200
    with django_assert_max_num_queries(len(queries)):
        html = client.get(round_url(big, "close/")).content.decode()
    assert html.count("data-unfinished") == 12


def test_a_bye_is_no_table_to_close(client):
    round, _games = released_round(tables=1)
    bye(round, EntryFactory(event=round.event))
    client.force_login(MembershipFactory(club=round.event.club).user)
    html = client.get(round_url(round, "close/")).content.decode()
    assert html.count("data-unfinished") == 1


def test_a_correction_after_the_close_carries_the_ruling_along(evening, django_capture_on_commit_callbacks):
    round, games, client = evening
    set_rule(round, Event.UnfinishedRule.PLAYED)
    with django_capture_on_commit_callbacks(execute=True):
        close(client, round)
    actor = organiser_actor(MembershipFactory(club=round.event.club))
    sheet = Sheet.objects.get(game=games[1])
    sheet = sheet_correct(
        sheet=sheet, deals=THREE_DEALS[:2], version=sheet.version, actor=actor, reason="Spiel 3 doppelt"
    )
    sheet.refresh_from_db()
    assert (sheet.unfinished_rule, sheet.ruled_total_a, sheet.ruled_total_b) == ("played", 200, 124)
    # Corrected to the whole game: it is finished, so no ruling is left and the deals count.
    sheet = sheet_correct(sheet=sheet, deals=HOHELUFT_GAME, version=sheet.version, actor=actor, reason="Blatt gefunden")
    sheet.refresh_from_db()
    assert (sheet.unfinished_rule, sheet.ruled_total_a, sheet.counted_totals) == ("", None, (1069, 1005))
    rows = SheetChange.objects.filter(sheet=sheet, action=SheetChange.Action.UNFINISHED_RULE).order_by("id")
    assert [(r.after["rule"], r.after["total_a"], r.reason) for r in rows] == [
        ("played", 300, "Zeit abgelaufen"),
        ("played", 200, "Spiel 3 doppelt"),
        ("", None, "Blatt gefunden"),
    ]


def test_the_sheets_history_reads_the_ruling_in_words(evening, django_capture_on_commit_callbacks):
    round, games, client = evening
    set_rule(round, Event.UnfinishedRule.PRORATE)
    with django_capture_on_commit_callbacks(execute=True):
        close(client, round)
    html = client.get(sheet_url(Sheet.objects.get(game=games[1]))).content.decode()
    assert "Unfinished game ruled at the close" in html
    assert "Pro-rate to the full game length: 300 : 186 → 1200 : 744" in html
    assert "prorate" not in html.replace('"prorate"', "")  # no code shown to a person


def test_closing_rules_every_table_in_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    small, small_games = released_round(tables=2)
    big, big_games = released_round(tables=8, club=small.event.club)
    for game in small_games + big_games:
        sheet, link_a, _ = table_of(game)
        fill(sheet, link_a, THREE_DEALS[:1])
    client.force_login(MembershipFactory(club=small.event.club).user)
    seen = client.get(round_url(small, "close/")).context["plan"].stamp
    with django_assert_max_num_queries(40) as queries:
        client.post(round_url(small, "close/"), {"confirm_all": "on", "reason": "Zeit", "seen": seen})
    count = len(queries)
    assert Round.objects.get(pk=small.pk).status == Round.Status.CLOSED and count > 10
    seen = client.get(round_url(big, "close/")).context["plan"].stamp
    with django_assert_max_num_queries(count):
        client.post(round_url(big, "close/"), {"confirm_all": "on", "reason": "Zeit", "seen": seen})
    assert Sheet.objects.filter(game__round=big).exclude(unfinished_rule="").count() == 8
    assert EventLogEntry.objects.filter(event=big.event, action="unfinished_rule").count() == 8
