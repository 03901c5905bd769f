"""The evening that does not go to plan (issue 20), in Chromium, in German, against the live server, on
PostgreSQL: the organiser (the director) at 1280 px, the referees' phones at 360 × 740. One Hoheluft evening of
four pairs, three rounds of four deals, and every exception a real room brings:

- round 1: a phone types a deal without a network, reloads without one (its queue kept, in order) and comes
  back (the deals stored); a table calls the director, who answers on the round's page; the teams of table 2
  sat at each other's places for three deals (the sides swapped); a misdeal penalised from the catalogue;
- the break: a late pair (its missed round as a bye) and a substitute for the rest of the evening;
- round 2: the clock started and the last deal called, one table unfinished at the close: the close page
  shows it with the rule and its score under each rule (played, pro-rated, average, ask per table) before
  anything is confirmed, and the director rules it pro-rated; the round reopened, a deal corrected, closed again;
- the next break: a pair withdraws; round 3 closes with its unfinished table at the round's average;
- a backup (the event's JSON archive) exported, a mistaken penalty given, the backup restored.

At the end the standings shown and stored equal a recompute written here from the stored deals (scored by the
pure rules engine), the rulings, the byes and the penalties; the event's history names every step. The
organiser's actions are counted per exception (a page opened, a link or button pressed, a fold opened, a form
sent; typing, ticking and picking in a form do not count) and printed: docs/evening.md, "When the evening does
not go to plan". Screenshots: /tmp/evening-*.png.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from django.utils import translation

from scoring.models import Adjustment, Deal, Sheet, TableCard, TableLink
from scoring.sheets.services import sheet_confirm
from tests.browser.evening_helpers import (
    DEALS,
    ROWS,
    SHOTS,
    Director,
    deal,
    finish_table,
    four_pairs_evening,
    games_of,
    half_up,
    mp_text,
    recompute,
    totals,
)
from tests.browser.helpers import desk_context, open_page, phone_context, session_login, type_deal
from tests.scoring.entry_helpers import card_actor
from tests.tournaments.people.people_helpers import release
from tournaments.models import Entry, Event, Game, Round, Standing

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

# The organiser's actions each exception took (docs/evening.md, "When the evening does not go to plan").
ACTIONS = {
    "A table calls the director": 2,
    "Wrong seats after three deals": 3,
    "A penalty from the catalogue": 3,
    "A late pair after round 1": 2,
    "A substitute": 2,
    "The time call: one table unfinished": 4,
    "A reopened round": 8,
    "A withdrawal at the break": 2,
    "The time call: the event's rule changed to the average": 4,
    "Restore from a backup": 7,
}

# What the tables play (N/S's trick points; E/W's are the rest of 162).
PHONE_DEALS = [("A", "hearts", 92), ("B", "spades", 60), ("A", "clubs", 100), ("B", "diamonds", 40)]
R1_T2 = [deal("A", "hearts", 92), deal("B", "spades", 60), deal("A", "clubs", 110), deal("B", "hearts", 50)]
R2_T1 = [deal("A", "hearts", 120), deal("A", "spades", 92), deal("B", "clubs", 70), deal("A", "diamonds", 100)]
R2_T2 = [deal("A", "hearts", 100), deal("A", "clubs", 92)]  # time is up after two deals
R3_T1 = [deal("B", "hearts", 62), deal("A", "spades", 130), deal("B", "clubs", 52), deal("A", "hearts", 92)]
R3_T2 = [deal("A", "diamonds", 110)]  # one deal when the time is called


@pytest.fixture
def evening():
    """Four pairs checked in, round 1 released; the late pair's players and the substitute are members."""
    return four_pairs_evening()


def test_the_evening_that_does_not_go_to_plan(live_server, _chromium, phone_page, evening, celery_eager, tmp_path):
    event = evening
    club = event.club
    base = live_server.url
    laptop = desk_context(_chromium)
    session_login(laptop, live_server, club.memberships.get().user)
    desk = Director(open_page(laptop, base + "/o/"), base, f"/o/{club.slug}/events/{event.slug}/")
    phone = phone_page  # the referee at table 1, North/South

    # --- Round 1, table 1: a phone without a network. -----------------------------------------------------
    card = TableCard.objects.active().get(event=event, table_number=1, side="A")
    phone.goto(f"{base}/t/{card.token}/")
    phone.wait_for_selector('#offline-queue[data-offline-ready="yes"]')
    type_deal(phone, *PHONE_DEALS[0])
    phone.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1")
    phone.wait_for_selector('#offline-queue[data-copy="fresh"]')  # the worker's copy has deal 1
    phone.context.set_offline(True)
    # The page learns it is offline a moment after the emulation starts: a deal typed before that can still
    # go out (and its answer be lost), which is not the case this step is about.
    phone.wait_for_function("navigator.onLine === false")
    type_deal(phone, *PHONE_DEALS[1])
    phone.wait_for_selector('#offline-queue[data-pending="1"]')
    assert phone.reload().from_service_worker  # a reload without a network: the service worker's copy
    phone.wait_for_selector('#offline-queue[data-pending="1"]')
    type_deal(phone, *PHONE_DEALS[2])
    phone.wait_for_selector('#offline-queue[data-pending="2"]')
    # The queue is kept and shown in order, after the deal the server has: deals 2 and 3, not yet checked.
    assert phone.locator(ROWS).count() == 1
    queued = phone.locator("[data-queued]").all_inner_texts()
    assert [q.split(" · ")[0] for q in queued] == ["Spiel 2", "Spiel 3"], queued
    assert phone.locator("#offline-queue").get_attribute("data-saved") == "no"
    phone.screenshot(path=SHOTS.format("phone-offline-360"), full_page=True)
    first_sheet = Sheet.objects.get(game=games_of(event, 1)[0])
    assert Deal.objects.filter(sheet=first_sheet).count() == 1
    phone.context.set_offline(False)
    phone.wait_for_selector('#offline-queue[data-saved="yes"]', timeout=30_000)
    phone.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 3")
    type_deal(phone, *PHONE_DEALS[3])
    phone.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 4")
    stored = [d.data for d in Deal.objects.filter(sheet=first_sheet).order_by("position")]
    assert stored == [deal(t, s, a) for t, s, a in PHONE_DEALS]
    with phone.expect_navigation():
        phone.click("#submit-sheet")
    phone.wait_for_selector('#sheet-live[data-status="submitted"]')
    link_b = TableLink.objects.active().get(game=first_sheet.game, side="B")
    first_sheet.refresh_from_db()
    sheet_confirm(sheet=first_sheet, version=first_sheet.version, actor=card_actor(link_b))

    # --- Round 1, table 2: a call to the director, shown on the organiser's round view. -------------------
    desk.on("A table calls the director")
    desk.open("the round's sheets page", "rounds/1/sheets/")
    other_phone = open_page(phone_context(_chromium), base + "/")
    card_b2 = TableCard.objects.active().get(event=event, table_number=2, side="B")
    other_phone.goto(f"{base}/t/{card_b2.token}/")
    other_phone.click("#director-open")
    other_phone.click('[data-director-reason="question"]')
    desk.page.wait_for_selector('#director-calls li[data-call-table="2"]')
    assert "Tisch 2" in desk.page.locator("#director-calls").inner_text()
    desk.shot("director-call-1280")
    desk.click("answered", '[data-answer-call="2"]')
    desk.page.wait_for_selector("#director-calls:not(.calling)")
    other_phone.wait_for_selector("#director-open")

    # --- Table 2 sat the wrong way round: the sides swapped after three deals. ----------------------------
    game2 = games_of(event, 1)[1]
    drawn_a, drawn_b = game2.entry_a_id, game2.entry_b_id
    finish_table(game2, R1_T2[:3], confirm=False)
    desk.on("Wrong seats after three deals")
    desk.press("open table 2's sheet", "tr[data-table='2'] a.button[href$='/tables/2/']")
    desk.click("open the fold", "summary:has-text('Falsch gesetzt? Seiten tauschen')")
    desk.page.get_by_label("Die beiden Teams saßen auf den Plätzen des anderen", exact=False).check()
    desk.page.fill("#swap-reason", "Teams saßen vertauscht")
    desk.press("swap the sides", "button:has-text('Seiten tauschen')")
    desk.page.get_by_text("Die Teams haben die Plätze getauscht").wait_for()
    desk.shot("swap-1280")
    game2.refresh_from_db()
    assert (game2.entry_a_id, game2.entry_b_id) == (drawn_b, drawn_a)
    assert Deal.objects.filter(sheet__game=game2).count() == 3  # every deal kept
    finish_table(game2, R1_T2[3:])  # the last deal, on the sides as they now are

    # --- A misdeal after the trumps were set, at table 2: 162 to the opponents, from the catalogue. --------
    offender = Entry.objects.get(pk=game2.entry_b_id)
    desk.on("A penalty from the catalogue")
    desk.open("the round's sheets page", "rounds/1/sheets/")
    desk.press("Penalty at table 2", "[data-penalty-table='2']")
    desk.page.select_option("#id_penalty", "misdeal")
    desk.page.select_option("#id_entry", str(offender.number))
    assert desk.page.input_value("#id_amount") == "162"
    desk.page.fill("#id_reason", "Karten falsch verteilt, Trumpf schon gewählt")
    desk.shot("penalty-1280")
    desk.press("give the penalty", "#penalty-form button[type=submit]")
    misdeal = Adjustment.objects.get(event=event)
    assert (misdeal.entry_id, misdeal.points, misdeal.penalised_entry_id) == (game2.entry_a_id, 162, offender.pk)

    desk.on("")
    desk.open("round 1's close page", "rounds/1/sheets/close/")
    assert desk.page.locator("[data-all-finished]").count() == 1
    desk.press("close round 1", "#close-round")

    # --- The break: a late pair, a substitute. --------------------------------------------------------------
    desk.on("A late pair after round 1")
    desk.open("the entries page", "entries/")
    assert desk.page.get_by_label("spielt ab Runde").input_value() == "2"
    for label, name in (("Spieler", "spaetz"), ("Partner", "nachz")):
        desk.page.get_by_role("combobox", name=label).fill(name)
        desk.page.get_by_role("combobox", name=label).press("Enter")
    assert desk.page.get_by_role("radio", name="je als Freilos", exact=False).is_checked()
    desk.page.get_by_label("Notiz für den Verlauf").fill("Stau auf der A7")
    desk.press("enter the late pair", "button:has-text('Nachmelden')")
    late = Entry.objects.get(event=event, player_1__last_name="Spätzünder")
    assert (late.joined_round, late.missed_rounds_rule) == (2, Entry.MissedRounds.BYE)

    replaced = Entry.objects.get(event=event, number=1)
    desk.on("A substitute")
    desk.open("the entry's page", f"entries/{replaced.pk}/")
    form = desk.page.locator("form[action$='/substitute/']")
    form.locator(f"input[name=player][value='{replaced.player_2_id}']").check()
    form.get_by_role("combobox").fill("ersatz")
    form.get_by_role("combobox").press("Enter")
    form.locator("input[name=reason]").fill("muss zum Spätdienst")
    desk.shot("substitute-1280")
    desk.press("seat the substitute", "form[action$='/substitute/'] button[type=submit]")

    release(event, 2)
    desk.on("")
    desk.open("round 2's draw", "rounds/2/")
    draw = desk.page.inner_text("main")
    assert "Erika Ersatz" in draw and "Spätzünder" in draw
    assert "Freilos: 2 Matchpunkte, 400 Spielpunkte" in draw
    bye = Game.objects.get(round__event=event, round__number=2, is_bye=True)
    assert bye.entry_a_id != late.pk  # the late pair's missed round was its bye

    # --- Round 2: the time call with one unfinished table. ------------------------------------------------
    desk.on("The time call: one table unfinished")
    desk.actions[desk.exception].append("round 2's page (open above)")
    # The clock started with the release (30 minutes); the director calls the last deal.
    assert desk.page.locator("[data-round-clock]").get_attribute("data-state") == "running"
    desk.press("call the last deal", "button:has-text('Letztes Spiel ansagen')")
    r2_t1, r2_t2 = games_of(event, 2)
    other_phone.goto(f"{base}/t/{card_b2.token}/")
    assert "Letztes Spiel" in other_phone.locator("[data-round-clock]").inner_text()
    other_phone.screenshot(path=SHOTS.format("phone-last-deal-360"), full_page=True)
    finish_table(r2_t1, R2_T1)
    finish_table(r2_t2, R2_T2, confirm=False)
    finished = totals(R2_T1)
    now = totals(R2_T2)
    expected = {
        "played": now,
        "prorate": tuple(half_up(Fraction(t * DEALS, len(R2_T2))) for t in now),
        "average": (half_up(Fraction(sum(finished), 2)),) * 2,
    }
    desk.open("round 2's close page", "rounds/2/sheets/close/")
    row = desk.page.locator("tr[data-table='2'][data-unfinished]")
    assert "2 von 4 Spielen" in row.inner_text() and f"{now[0]} : {now[1]}" in row.inner_text()
    for rule, (a, b) in expected.items():
        assert row.locator(f"[data-ruled='{rule}']").inner_text() == f"{a} : {b}"
    desk.shot("close-ask-1280")
    # The close page under each of the event's other rules: the table, the rule, the score it makes.
    with translation.override("de"):
        rule_names = {rule: str(name) for rule, name in Event.UnfinishedRule.choices}
    for rule in ("played", "prorate", "average"):
        Event.objects.filter(pk=event.pk).update(unfinished_rule=rule)
        desk.page.reload()
        said = desk.page.locator("#unfinished-title + p").inner_text()
        assert f"Regel des Turniers für nicht beendete Partien: {rule_names[rule]}." in said, said
        assert row.locator(f"[data-ruled='{rule}']").inner_text() == "{} : {}".format(*expected[rule])
        assert row.locator("input[type=radio]").count() == 0
    Event.objects.filter(pk=event.pk).update(unfinished_rule=Event.UnfinishedRule.ASK)
    desk.page.reload()
    assert Sheet.objects.get(game=r2_t2).status == Sheet.Status.ENTERED  # nothing confirmed by looking
    row.locator("input[value='prorate']").check()
    desk.page.locator("input[name=confirm_all]").check()
    desk.page.fill("#id_reason", "Zeit abgelaufen")
    desk.press("close round 2", "#close-round")
    ruled = Sheet.objects.get(game=r2_t2)
    assert (ruled.unfinished_rule, ruled.ruled_total_a, ruled.ruled_total_b) == ("prorate", *expected["prorate"])

    # --- Round 2 reopened: a deal typed wrong at table 1, corrected, the round closed again. -----------------
    desk.on("A reopened round")
    desk.open("round 2's page", "rounds/2/")
    desk.click("open the fold", "summary:has-text('Diese Runde wieder öffnen')")
    desk.page.fill("#id_reason", "Tisch 1: Spiel 2 falsch getippt")
    desk.page.check("#id_confirm")
    desk.press("reopen round 2", "button:has-text('Runde 2 wieder öffnen')")
    desk.page.get_by_text("Runde 2 ist wieder offen").wait_for()
    assert Round.objects.get(event=event, number=2).status == Round.Status.RELEASED
    desk.open("round 2's sheets page", "rounds/2/sheets/")
    desk.press("table 1's paper sheet", "a[data-grid='1']")
    desk.page.fill("#grid-reason", "Spiel 2: 97 statt 92")
    desk.page.fill("[name='r1-tricks_a']", "97")
    desk.page.fill("[name='r1-tricks_b']", "65")
    desk.press("save the correction", "#grid-save")
    desk.open("round 2's close page", "rounds/2/sheets/close/")
    assert desk.page.locator("[data-all-finished]").count() == 1
    desk.press("close round 2 again", "#close-round")
    R2_T1[1] = deal("A", "spades", 97)
    assert [d.data for d in Deal.objects.filter(sheet__game=r2_t1).order_by("position")] == R2_T1

    # --- The next break: a pair withdraws. -------------------------------------------------------------------
    leaving = Entry.objects.get(event=event, number=2)
    desk.on("A withdrawal at the break")
    desk.open("the entry's page", f"entries/{leaving.pk}/")
    withdraw = desk.page.locator("form[action$='/withdraw/']")
    assert withdraw.locator("input[name=from_round]").input_value() == "3"
    withdraw.locator("input[name=reason]").fill("Partnerin krank")
    desk.press("withdraw from round 3", "form[action$='/withdraw/'] button[type=submit]")

    release(event, 3)
    r3_games = games_of(event, 3)
    assert len(r3_games) == 2 and leaving.pk not in {g.entry_a_id for g in r3_games} | {g.entry_b_id for g in r3_games}
    finish_table(r3_games[0], R3_T1)
    finish_table(r3_games[1], R3_T2, confirm=False)

    # --- Round 3 closes under the event's rule, now the round's average (set in the event's settings). --------
    desk.on("The time call: the event's rule changed to the average")
    desk.open("the event's settings", "edit/")
    desk.page.select_option("#id_unfinished_rule", "average")
    desk.press("save the settings", "form.event-form button[type=submit]")
    desk.open("round 3's close page", "rounds/3/sheets/close/")
    row = desk.page.locator("tr[data-table='2'][data-unfinished]")
    average3 = half_up(Fraction(sum(totals(R3_T1)), 2))
    said = desk.page.locator("#unfinished-title + p").inner_text()
    assert f"Regel des Turniers für nicht beendete Partien: {rule_names['average']}." in said, said
    assert "1 von 4 Spielen" in row.inner_text()
    assert row.locator("[data-ruled='average']").inner_text() == f"{average3} : {average3}"
    desk.shot("close-average-1280")
    desk.page.locator("input[name=confirm_all]").check()
    desk.page.fill("#id_reason", "Zeit abgelaufen")
    desk.press("close round 3", "#close-round")

    # --- A backup, a mistake, the backup restored. --------------------------------------------------------------
    desk.on("Restore from a backup")
    desk.open("results", "results/")
    desk.click("export the archive", "[data-export-form] button[name=kind][value=json]")
    download = desk.page.locator("[data-export]:has([data-field=download]) [data-field=download]").first
    download.wait_for()
    with desk.page.expect_download() as saved:
        desk.click("download the archive", "[data-export]:has([data-field=download]) [data-field=download] >> nth=0")
    backup = tmp_path / "heute.json"
    backup.write_bytes(Path(saved.value.path()).read_bytes())
    desk.on("")
    desk.open("penalties", "results/penalties/")  # the mistake: a penalty for the wrong pair
    desk.page.select_option("#id_penalty", "slow_play")
    desk.page.select_option("#id_entry", "3")
    desk.page.fill("#id_reason", "falscher Tisch")
    desk.press("give the penalty", "#penalty-form button[type=submit]")
    assert Adjustment.objects.filter(event=event).count() == 2
    desk.on("Restore from a backup")
    desk.open("results", "results/")
    desk.press("restore from a backup", "a[href$='/results/restore/']")
    desk.page.set_input_files("#id_file", str(backup))
    desk.press("check the file", "button:has-text('Datei prüfen')")
    desk.page.fill("#id_reason", "Strafe am falschen Tisch")
    desk.page.check("#id_confirm")
    desk.shot("restore-1280")
    desk.press("restore", "button:has-text('Turnier aus dieser Datei wiederherstellen')")
    desk.page.get_by_text("Das Turnier ist aus der Sicherung wiederhergestellt").wait_for()
    assert list(Adjustment.objects.filter(event=event).values_list("penalty_code", flat=True)) == ["misdeal"]

    # --- The standings shown and stored equal a recompute from the stored deals, rulings, byes and penalties. ----
    expected_rows = recompute(event)
    desk.on("")
    desk.open("the public standings", f"../../../../e/{club.slug}/{event.slug}/standings/")
    desk.shot("standings-1280")
    shown = []
    for tr in desk.page.locator("table.standings tbody tr").all():
        cells = tr.locator("td").all_inner_texts()
        shown.append((int(cells[0]), int(tr.get_attribute("data-entry")), cells[3].strip(), int(cells[4])))
    assert shown == [(rank, number, mp_text(mp), points) for rank, number, mp, points, _ in expected_rows], shown
    stored_rows = Standing.objects.filter(event=event, round_number=3).select_related("entry").order_by("rank")
    assert [(s.rank, s.entry.number, s.match_points, s.total_points, s.points_against) for s in stored_rows] == [
        (rank, number, mp, points, against) for rank, number, mp, points, against in expected_rows
    ]

    # --- The history names every step, with its reason; the corrected deal is on its sheet's page. ---------------
    desk.open("round 2, table 1's sheet", "rounds/2/tables/1/")
    assert "Spiel 2: 97 statt 92" in desk.page.locator("table.history").inner_text()
    desk.open("the event's history", "history/")
    desk.shot("history-1280")
    rows = desk.page.locator("main table tbody tr").all_inner_texts()
    # The restore put back new rows (the same start numbers, tables and rounds).
    late, leaving = (Entry.objects.get(event=event, number=e.number) for e in (late, leaving))
    swapped = Game.objects.get(round__event=event, round__number=1, table_number=2)
    prorated = "{} : {}".format(*expected["prorate"])
    steps = [
        ("Tisch 2 hat die Turnierleitung gerufen: eine Frage.", ""),
        ("Tisch 2: Ruf beantwortet.", ""),
        (
            f"Tisch 2: Die beiden Teams hatten die Plätze getauscht; N/S ist jetzt Nr. {swapped.entry_a.number}, "
            f"O/W Nr. {swapped.entry_b.number}.",
            "Teams saßen vertauscht",
        ),
        (f"Strafe für {offender.number}: Falsch gegeben nach der Trumpfwahl.", "Karten falsch verteilt"),
        (
            f"Nr. {late.number} ({late.display_name}) nachgemeldet, spielt ab Runde 2; verpasste Runden als Freilos.",
            "Stau auf der A7",
        ),
        (f"Erika Ersatz spielt ab Runde 2 für {replaced.player_2} (Nr. 1).", "muss zum Spätdienst"),
        ("Runde 2: letztes Spiel angesagt", ""),
        (
            f"Runde 2, Tisch 2: Partie nach 2 Spielen nicht beendet; {rule_names['prorate']}: "
            f"{now[0]} : {now[1]} → {prorated}.",
            "Zeit abgelaufen",
        ),
        ("Runde 2 wieder geöffnet.", "Tisch 1: Spiel 2 falsch getippt"),
        (f"Nr. 2 ({leaving.display_name}) nach Runde 2 zurückgezogen.", "Partnerin krank"),
        ("Einstellungen geändert: nicht beendete Partien.", ""),
        ("Runde 3, Tisch 2: Partie nach 1 Spiel nicht beendet", "Zeit abgelaufen"),
        (f"{rule_names['average']}: {' : '.join(map(str, totals(R3_T2)))} → {average3} : {average3}.", ""),
        ("Strafe für 3: Langsames Spiel nach Verwarnung.", "falscher Tisch"),
        ("Turnier aus einer Sicherung wiederhergestellt: 6 Spielberichte mit 19 Spielen", "Strafe am falschen Tisch"),
    ]
    for sentence, reason in steps:
        assert any(sentence in row and reason in row for row in rows), (sentence, rows)

    counts = desk.report("/tmp/evening-actions.txt")  # docs/evening.md's table
    assert counts == ACTIONS, counts
