"""The penalty pages: given in two steps from the round's tables or the results page, listed with the
withdrawn ones struck through (a pinned number of queries), withdrawn with a reason; the club's catalogue
(another club's kinds 404); an entry with penalties is never deleted; the exports name the penalty."""

import io
import re
import zipfile

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.exports.flat import write_csv, write_xlsx
from scoring.exports.pdf import write_pdf
from scoring.models import Adjustment, PenaltyEffect, PenaltyKind
from scoring.results.penalties import adjustment_withdraw, penalty_give
from scoring.results.penalty_kinds import penalty_kind_save
from scoring.standings.store import standings_recompute_now
from tests.factories import ClubFactory, EventFactory
from tests.scoring.standings_helpers import make_entries, make_event, make_round, play, won
from tournaments.exceptions import IllegalTransition
from tournaments.models import Entry, Game, Round
from tournaments.services import entry_delete

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening(organiser):
    """Four pairs of the organiser's club, round 1 released: table 1 is 1–2, table 2 is 3–4."""
    event = make_event(club=organiser.club)
    t1, t2, t3, t4 = make_entries(event, 4)
    rnd = make_round(event, 1, status=Round.Status.RELEASED)
    play(rnd, t1, t2, won(900, 700))
    play(rnd, t3, t4, won(800, 600))
    return event


def url(event, name, *args):
    return reverse(f"results:{name}", args=[event.club.slug, event.slug, *args])


def test_a_penalty_from_the_round_page_takes_two_steps(organiser_client, evening, django_capture_on_commit_callbacks):
    round_page = reverse("desk:round", args=[evening.club.slug, evening.slug, 1])
    html = organiser_client.get(round_page).content.decode()
    link = url(evening, "penalties") + "?round=1&amp;table=2"
    assert link in html  # step 1: the table's "Penalty" button
    page = organiser_client.get(link.replace("&amp;", "&"), HTTP_ACCEPT_LANGUAGE="de")
    body = page.content.decode()
    # Only that table's pairs are offered, and the round is the table's.
    assert 'value="3"' in body and 'value="4"' in body and '<option value="1">' not in body
    assert 'name="round_number" value="1"' in body
    with django_capture_on_commit_callbacks(execute=True):  # step 2: pick, give a reason, save
        response = organiser_client.post(
            url(evening, "penalties"),
            {"penalty": "misdeal", "entry": "4", "round_number": "1", "table": "2", "reason": "Nach Trumpf"},
        )
    assert response.status_code == 302
    row = Adjustment.objects.get()
    assert (row.entry.number, row.penalised_entry.number, row.points) == (3, 4, 162)


def test_a_penalty_from_the_results_page_with_the_amount_changed(organiser_client, evening):
    results = organiser_client.get(url(evening, "page")).content.decode()
    assert url(evening, "penalties") in results
    response = organiser_client.post(
        url(evening, "penalties"),
        {"penalty": "revoke", "entry": "1", "round_number": "1", "amount": "182", "reason": "Renonce + Belote"},
    )
    assert response.status_code == 302
    assert Adjustment.objects.get().points == 182 and Adjustment.objects.get().entry.number == 2


@pytest.mark.parametrize(
    "change,message",
    [
        ({"reason": ""}, "This field is required."),
        ({"amount": "-3"}, "Amount: game points are a whole number from 1 to 1000000; got -3."),
        ({"round_number": "7"}, "Round: must be between 1 and 4; got 7."),
        ({"entry": "9"}, "Select a valid choice. 9 is not one of the available choices."),
        ({"penalty": "club-999"}, "Select a valid choice. club-999 is not one of the available choices."),
    ],
)
def test_bad_input_shows_the_form_again_with_the_error_at_its_field(organiser_client, evening, change, message):
    data = {"penalty": "misdeal", "entry": "1", "round_number": "1", "reason": "x", **change}
    response = organiser_client.post(url(evening, "penalties"), data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Adjustment.objects.exists()


def test_the_list_strikes_through_a_withdrawn_penalty_in_a_pinned_number_of_queries(
    organiser_client, evening, django_assert_max_num_queries
):
    entries = {e.number: e for e in Entry.objects.filter(event=evening)}
    for number in (1, 2, 3, 4) * 3:
        penalty_give(event=evening, key="revoke", entry=entries[number], reason=f"R{number}", round_number=1)
    first = Adjustment.objects.order_by("pk").first()
    adjustment_withdraw(adjustment=first, reason="Zu Unrecht", user=None)
    # 8 queries, measured, however many rows: the rows come with their entries, players and authors in one.
    with django_assert_max_num_queries(8):
        page = organiser_client.get(url(evening, "penalties"), HTTP_ACCEPT_LANGUAGE="de")
    body = page.content.decode()
    assert body.count("data-adjustment=") == 12 and body.count("data-withdrawn ") + body.count("data-withdrawn>") == 1
    assert "<del><strong>Nicht bedient (Renonce)</strong>" in body and "Zu Unrecht" in body
    for number in (1, 2, 3, 4) * 3:
        penalty_give(event=evening, key="revoke", entry=entries[number], reason="x", round_number=1)
    with django_assert_max_num_queries(8):  # twice the rows, the same queries
        assert organiser_client.get(url(evening, "penalties")).content.decode().count("data-adjustment=") == 24
    with django_assert_max_num_queries(17):  # the results page lists them too, in as many queries as with 12
        assert organiser_client.get(url(evening, "page")).content.decode().count("data-adjustment=") == 24


def test_withdrawing_needs_a_reason_and_keeps_the_row(organiser_client, evening):
    (row,) = penalty_give(
        event=evening, key="late_arrival", entry=Entry.objects.get(event=evening, number=3), reason="x", round_number=1
    )
    organiser_client.post(url(evening, "adjustment_withdraw", row.pk), {"reason": "", "back": "penalties"})
    row.refresh_from_db()
    assert row.withdrawn_at is None
    response = organiser_client.post(url(evening, "adjustment_withdraw", row.pk), {"reason": "kam pünktlich"})
    assert response.status_code == 302 and response["Location"] == url(evening, "page")
    row.refresh_from_db()
    assert row.withdrawn_at is not None and row.withdrawn_by is not None and Adjustment.objects.count() == 1


def test_another_clubs_event_and_penalty_kinds_are_404(organiser_client, organiser):
    other_event = EventFactory()
    (entry,) = make_entries(other_event, 1)
    make_round(other_event, 1)
    row = Adjustment.objects.create(event=other_event, entry=entry, points=-5, reason="x")
    assert organiser_client.get(url(other_event, "penalties")).status_code == 404
    assert organiser_client.post(url(other_event, "adjustment_withdraw", row.pk), {"reason": "y"}).status_code == 404
    kind = penalty_kind_save(club=ClubFactory(), name="Fremd", effect=PenaltyEffect.WARNING, amount=None)
    for name in ("penalty_kind_edit", "penalty_kind_retire"):
        address = reverse(f"results:{name}", args=[organiser.club.slug, kind.pk])
        assert organiser_client.post(address, {"name": "Meins", "effect": "warning"}).status_code == 404
        foreign = reverse(f"results:{name}", args=[kind.club.slug, kind.pk])
        assert organiser_client.post(foreign, {"name": "Meins", "effect": "warning"}).status_code == 404
    assert organiser_client.get(reverse("results:penalty_kinds", args=[kind.club.slug])).status_code == 404
    kind.refresh_from_db()
    assert kind.name == "Fremd" and kind.retired_at is None
    row.refresh_from_db()
    assert row.withdrawn_at is None


def test_the_club_adds_edits_and_retires_its_own_penalties(organiser_client, organiser):
    club = organiser.club
    page = reverse("results:penalty_kinds", args=[club.slug])
    body = organiser_client.get(page, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    text = re.sub(r"<[^>]+>", " ", body)  # what a person reads: no code, only words
    assert "Renonce" in text and "Points de jeu aux adversaires" in text
    assert not {"misdeal", "revoke", "to_opponents", "warning"} & set(text.split())
    refused = organiser_client.post(page, {"name": "Handy", "effect": "minus_points", "amount": "1,5"})
    assert refused.status_code == 400
    assert "Amount: game points are a whole number from 1 to 1000000; got 1.5." in refused.content.decode()
    assert organiser_client.post(page, {"name": "Handy", "effect": "minus_points", "amount": "20"}).status_code == 302
    kind = PenaltyKind.objects.get(club=club)
    edit = reverse("results:penalty_kind_edit", args=[club.slug, kind.pk])
    assert organiser_client.post(edit, {"name": "Handy am Tisch", "effect": "minus_match_points", "amount": "0.5"})
    kind.refresh_from_db()
    assert (kind.name, kind.effect, str(kind.amount)) == ("Handy am Tisch", "minus_match_points", "0.50")
    organiser_client.post(reverse("results:penalty_kind_retire", args=[club.slug, kind.pk]), {"retired": "1"})
    kind.refresh_from_db()
    assert kind.retired_at is not None and PenaltyKind.objects.count() == 1  # retired, never deleted


def test_an_entry_with_penalties_is_not_deleted_and_keeps_them(organiser_client, organiser):
    event = make_event(club=organiser.club)
    (entry,) = make_entries(event, 1)
    Adjustment.objects.create(event=event, entry=entry, points=-5, reason="Zu spät")
    with pytest.raises(IllegalTransition, match="has penalties or adjustments; withdraw it instead"):
        entry_delete(entry=entry)
    edit = reverse("tournaments:entry_edit", args=[organiser.club.slug, event.slug, entry.pk])
    response = organiser_client.post(edit, {"delete": "1"}, follow=True)
    assert "has penalties or adjustments; withdraw it instead of deleting it." in response.content.decode()
    assert Entry.objects.filter(pk=entry.pk).exists() and Adjustment.objects.filter(entry=entry).count() == 1
    # An entry with nothing on record still goes.
    (spare,) = make_entries(make_event(club=organiser.club), 1)
    entry_delete(entry=spare)
    assert not Entry.objects.filter(pk=spare.pk).exists()


def test_the_exports_name_the_penalty_the_offender_and_the_withdrawal(evening):
    entries = {e.number: e for e in Entry.objects.filter(event=evening)}
    (row,) = penalty_give(event=evening, key="misdeal", entry=entries[2], reason="Nach Trumpf", round_number=1)
    penalty_give(event=evening, key="slow_play_warning", entry=entries[3], reason="Bedenkzeit", round_number=1)
    adjustment_withdraw(adjustment=row, reason="Karten neu gemischt", user=None)
    standings_recompute_now(event_id=evening.pk)
    out = io.BytesIO()
    write_csv(event_id=evening.pk, out=out)
    with zipfile.ZipFile(io.BytesIO(out.getvalue())) as archive:
        text = archive.read("adjustments.csv").decode("utf-8-sig")
    assert "Misdeal after trumps are set" in text and "withdrawn: Karten neu gemischt" in text
    assert "Slow play: warning" in text
    out = io.BytesIO()
    write_xlsx(event_id=evening.pk, out=out)
    sheet = load_workbook(io.BytesIO(out.getvalue()), read_only=True)["Adjustments"]
    values = [list(r) for r in sheet.iter_rows(values_only=True)]
    misdeal = next(r for r in values if r[3] == "Misdeal after trumps are set")
    assert (misdeal[0], misdeal[4], misdeal[7]) == (1, 2, 162)
    out = io.BytesIO()
    write_pdf(event_id=evening.pk, out=out)
    pdf_text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(out.getvalue())).pages)
    assert "Misdeal after trumps are set of 2" in pdf_text and "Karten neu gemischt" in pdf_text


def test_deleting_the_whole_event_still_takes_its_penalties_along(organiser):
    event = make_event(club=organiser.club)
    t1, t2 = make_entries(event, 2)
    play(make_round(event, 1), t1, t2, won(900, 700))
    kind = penalty_kind_save(club=organiser.club, name="Handy", effect=PenaltyEffect.MINUS_POINTS, amount=10)
    penalty_give(event=event, key="misdeal", entry=t2, reason="x", round_number=1)
    penalty_give(event=event, key=f"club-{kind.pk}", entry=t2, reason="y", round_number=1)
    Game.objects.filter(round__event=event).delete()  # as the demo's reload does: games protect their entries
    event.delete()
    assert not Adjustment.objects.exists() and PenaltyKind.objects.get() == kind
