"""The money pages: check-in with owed and paid, the treasurer's sheet (page, PDF, XLSX), the season's sum,
the payout reconciled; query counts pinned; another club's organiser reaches none of them."""

import io
from decimal import Decimal

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from tests.factories import MembershipFactory, SeasonFactory
from tests.tournaments.money.money_helpers import evening, file_url, money_url, pay
from tournaments.models import EventFee, EventLogEntry, Payment, Standing
from tournaments.services.money import payment_record
from tournaments.treasurer import season_sheet, treasurer_sheet

pytestmark = pytest.mark.django_db
D = Decimal


def _text(response) -> str:
    return response.content.decode().replace("\u00a0", " ")


def test_checkin_shows_owed_and_one_tap_pays_in_cash(organiser_client, organiser):
    event, entries = evening(organiser.club, 3)
    page = _text(organiser_client.get(money_url("checkin", event, number=1)))
    assert page.count("owes 20.00 €") == 3 and "Paid in cash" in page
    answer = pay(organiser_client, event, 2, back=1)
    assert answer.status_code == 302 and answer.url.endswith(f"/checkin/1/#entry-{entries[1].pk}")
    page = _text(organiser_client.get(answer.url))
    assert "No. 2: 20.00 € paid (cash)." in page
    assert page.count("owes 20.00 €") == 2 and "✓ paid 20.00 €" in page
    pay(organiser_client, event, 3, back=1, way="transfer", comment="überwiesen")
    assert list(Payment.objects.values_list("entry_number", "way", "comment")) == [
        (2, "cash", ""),
        (3, "transfer", "überwiesen"),
    ]
    assert EventLogEntry.objects.filter(action="payment").count() == 2


def test_checkin_without_a_fee_shows_no_money(organiser_client, organiser):
    event, _ = evening(organiser.club, 2)
    EventFee.objects.all().delete()
    assert "Paid in cash" not in _text(organiser_client.get(money_url("checkin", event, number=1)))


def test_the_treasurers_sheet_adds_up_and_reconciles_the_payout(organiser_client, organiser):
    event, entries = evening(organiser.club, 5, payout_mode="percent", payout_table="50 30 20")
    for entry, way in zip(entries[:4], ["cash", "cash", "card", "transfer"], strict=True):
        payment_record(event=event, entry=entry, kind="payment", way=way, user=None)
    payment_record(
        event=event, entry=entries[0], kind="refund", way="cash", amount="10", comment="ging früher", user=None
    )
    Standing.objects.create(event=event, round_number=1, entry=entries[2], rank=1)
    sheet = treasurer_sheet(event)
    t = sheet.totals
    assert (t.entries, t.settled, t.owing) == (5, 3, 2)
    assert (t.takings, t.refunds, t.net) == (D(80), D(10), D(70))
    assert [p.amount for p in sheet.payout] == [D("35.00"), D("21.00"), D("14.00")]
    assert (t.payout, t.remaining, t.outstanding) == (D(70), D(0), D(30))
    ways = {w.way: (w.taken, w.refunded) for w in t.way_rows()}
    assert ways == {"cash": (D(40), D(10)), "card": (D(20), D(0)), "transfer": (D(20), D(0)), "other": (D(0), D(0))}
    assert sheet.payout[0].winners == f"3 {entries[2].display_name}"
    page = _text(organiser_client.get(money_url("treasurer", event)))
    assert 'data-figure="remaining">0.00 €' in page and 'data-figure="refunds">10.00 €' in page
    assert "bank transfer" in page.lower() and ">transfer<" not in page
    fixed = EventFee.objects.get()
    fixed.payout_mode, fixed.payout_table = "fixed", "50 30"
    fixed.save()
    assert treasurer_sheet(event).totals.remaining == D(-10)
    assert "the club adds the difference" in _text(organiser_client.get(money_url("treasurer", event)))


def test_the_sheets_files_are_a_pdf_and_a_workbook_in_the_readers_words(organiser_client, organiser):
    event, entries = evening(organiser.club, 3)
    payment_record(event=event, entry=entries[0], kind="payment", way="card", user=None)
    pdf = organiser_client.get(file_url("treasurer_pdf", event))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    xlsx = organiser_client.get(file_url("treasurer_xlsx", event), HTTP_ACCEPT_LANGUAGE="de")
    book = load_workbook(io.BytesIO(xlsx.content))
    assert book.sheetnames == ["Übersicht", "Meldungen", "Kassenbuch"]
    summary = list(book["Übersicht"].iter_rows(values_only=True))
    assert summary[0] == ("Zahlungsart", "Eingenommen (EUR)", "Erstattet (EUR)", "Netto (EUR)")
    assert ("Karte", 20, 0, 20) in summary and ("Verbleibt", 20) in [r[:2] for r in summary]
    ledger = list(book["Kassenbuch"].iter_rows(values_only=True))
    assert ledger[1][1:5] == (1, "Zahlung", "Karte", 20)


def test_the_season_adds_up_its_evenings(organiser_client, organiser):
    season = SeasonFactory(club=organiser.club)
    first, a = evening(organiser.club, 2, season=season)
    second, b = evening(organiser.club, 3, season=season, amount="5", per="pair")
    payment_record(event=first, entry=a[0], kind="payment", way="cash", user=None)
    payment_record(event=second, entry=b[0], kind="payment", way="card", user=None)
    payment_record(event=second, entry=b[0], kind="refund", way="card", amount="2", user=None)
    sheet = season_sheet(season)
    assert [line.totals.takings for line in sheet.lines] == [D(20), D(5)]
    t = sheet.totals
    assert (t.entries, t.owing, t.takings, t.refunds, t.remaining, t.outstanding) == (5, 4, D(25), D(2), D(23), D(32))
    url = reverse("tournaments:season_treasurer", kwargs={"club_slug": organiser.club.slug, "season_id": season.pk})
    assert "23.00 €" in _text(organiser_client.get(url))
    files = {"club_slug": organiser.club.slug, "season_id": season.pk}
    assert organiser_client.get(reverse("results:season_treasurer_pdf", kwargs=files)).content.startswith(b"%PDF")
    book = load_workbook(
        io.BytesIO(organiser_client.get(reverse("results:season_treasurer_xlsx", kwargs=files)).content)
    )
    assert list(book["Evenings"].iter_rows(values_only=True))[-1][0] == "Season"


@pytest.mark.parametrize("size", [4, 40])
def test_checkin_and_the_sheet_take_the_same_queries_for_4_or_40_entries(
    organiser_client, organiser, size, django_assert_max_num_queries
):
    event, entries = evening(organiser.club, size, payout_mode="percent", payout_table="50 30 20")
    for entry in entries[: size // 2]:
        payment_record(event=event, entry=entry, kind="payment", way="cash", user=None)
    Standing.objects.bulk_create(
        [Standing(event=event, round_number=1, entry=e, rank=i) for i, e in enumerate(entries, 1)]
    )
    # Measured: 9 each for 4 and for 40 entries (session, user, club ids, event; then the page's own reads).
    for address in (
        money_url("checkin", event, number=1),
        money_url("treasurer", event),
        file_url("treasurer_pdf", event),
        file_url("treasurer_xlsx", event),
    ):
        with django_assert_max_num_queries(9):
            assert organiser_client.get(address).status_code == 200


@pytest.mark.parametrize("evenings", [1, 5])
def test_the_season_sheet_takes_the_same_queries_for_1_or_5_evenings(
    organiser_client, organiser, evenings, django_assert_max_num_queries
):
    season = SeasonFactory(club=organiser.club)
    for _ in range(evenings):
        event, entries = evening(organiser.club, 4, season=season, payout_mode="fixed", payout_table="10 5")
        payment_record(event=event, entry=entries[0], kind="payment", way="card", user=None)
    url = reverse("tournaments:season_treasurer", kwargs={"club_slug": organiser.club.slug, "season_id": season.pk})
    with django_assert_max_num_queries(9):
        assert organiser_client.get(url).status_code == 200


def test_another_clubs_organiser_reaches_none_of_the_money_pages(client, organiser):
    season = SeasonFactory(club=organiser.club)
    event, entries = evening(organiser.club, 2, season=season)
    payment_record(event=event, entry=entries[0], kind="payment", way="cash", user=None)
    client.force_login(MembershipFactory().user)
    season_kwargs = {"club_slug": organiser.club.slug, "season_id": season.pk}
    before = list(Payment.objects.values()), list(EventFee.objects.values())
    for method, url, data in [
        ("get", money_url("treasurer", event), {}),
        ("get", money_url("fee_edit", event), {}),
        (
            "post",
            money_url("fee_edit", event),
            {"amount": "1", "per": "player", "member_reduction": "0", "junior_reduction": "0", "payout_mode": "none"},
        ),
        ("post", money_url("payment_add", event), {"entry": 2, "kind": "payment", "way": "cash"}),
        ("post", money_url("payment_add", event), {"entry": 1, "kind": "refund", "way": "cash", "amount": "20"}),
        ("get", money_url("checkin", event, number=1), {}),
        ("get", file_url("treasurer_pdf", event), {}),
        ("get", file_url("treasurer_xlsx", event), {}),
        ("get", reverse("tournaments:season_treasurer", kwargs=season_kwargs), {}),
        ("get", reverse("results:season_treasurer_pdf", kwargs=season_kwargs), {}),
        ("get", reverse("results:season_treasurer_xlsx", kwargs=season_kwargs), {}),
    ]:
        assert getattr(client, method)(url, data).status_code == 404, url
    assert (list(Payment.objects.values()), list(EventFee.objects.values())) == before
    client.logout()
    assert client.get(money_url("treasurer", event)).status_code == 302
