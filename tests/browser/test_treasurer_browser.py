"""The treasurer's evening in Chromium, in German at 360 and 1280 px: the entry fee set on its page, three
pairs marked paid at the check-in by one tap (two in cash, one by card with a comment), one refund on the
treasurer's sheet, then the sheet's figures: 6 entries, 3 still owe, the totals by way of payment, the payout
and what remains. Screenshots /tmp/money-*.png."""

import pytest

from tests.browser.helpers import axe_serious, login
from tests.factories import EntryFactory, EventFactory, MembershipFactory, PlayerFactory, SeasonFactory, UserFactory
from tournaments import services
from tournaments.models import EventLogEntry, Payment

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _text(locator) -> str:
    """The locator's text with the non-breaking space between amount and sign read as a space."""
    return locator.inner_text().replace("\u00a0", " ")


def _fits(page) -> None:
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("page_fixture", ["phone_page", "desktop_page"])
def test_the_treasurers_sheet_after_an_evening_with_three_unpaid_entries(live_server, request, page_fixture):
    page = request.getfixturevalue(page_fixture)
    width = page.viewport_size["width"]
    club = MembershipFactory(user=UserFactory(username="leitung")).club
    event = EventFactory(club=club, slug="heute", season=SeasonFactory(club=club, name="2026/27"))
    entries = [
        EntryFactory(
            event=event,
            number=n,
            player_1=PlayerFactory(club=club, is_guest=True),
            player_2=PlayerFactory(club=club, is_guest=True),
        )
        for n in range(1, 7)
    ]
    services.checkin_set(event=event, entry_ids=[e.pk for e in entries], round_number=1, status="present")
    base = f"{live_server.url}/o/{club.slug}/events/heute"
    login(page, live_server)

    # The fee: 10 € per player, the payout 50 % and 30 % of the takings to places 1 and 2.
    page.goto(base + "/money/fee/")
    page.get_by_label("Startgeld", exact=True).fill("zehn")
    with page.expect_navigation():
        page.get_by_role("button", name="Speichern").click()
    assert page.get_by_text("Startgeld: „zehn“ ist kein Geldbetrag; schreiben Sie ihn wie 12,50 €.").first.is_visible()
    page.get_by_label("Startgeld", exact=True).fill("10,00")
    page.get_by_label("pro Spieler").check()
    page.get_by_label("Prozent der Einnahmen").check()
    page.get_by_label("Ausschüttung nach Platz").fill("50 30")
    _fits(page)
    page.screenshot(path=f"/tmp/money-fee-{width}.png", full_page=True)
    with page.expect_navigation():
        page.get_by_role("button", name="Speichern").click()
    assert page.get_by_role("heading", name="Kassenbericht").is_visible()

    # The check-in: each pair owes 20 €; one tap pays in cash.
    page.goto(base + "/checkin/1/")
    assert page.get_by_text("offen 20,00 €").count() == 6
    for number in (1, 2):
        with page.expect_navigation():
            page.get_by_role("button", name=f"Bar bezahlt Nr. {number}").click()
        assert page.get_by_text(f"Nr. {number}: 20,00 € bezahlt (bar).").is_visible()
    row = page.locator(f"#entry-{entries[2].pk}")
    row.get_by_text("Andere Zahlungsart, Kommentar").click()
    row.get_by_label("Zahlungsart").select_option(label="Karte")
    row.get_by_label("Kommentar (freiwillig)").fill("EC-Karte")
    with page.expect_navigation():
        row.get_by_role("button", name="Als bezahlt markieren").click()
    assert page.get_by_text("Nr. 3: 20,00 € bezahlt (Karte).").is_visible()
    assert page.get_by_text("✓ bezahlt 20,00 €").count() == 3
    page.locator(f"#entry-{entries[3].pk}").get_by_text("Andere Zahlungsart, Kommentar").click()
    _fits(page)
    assert axe_serious(page) == []
    page.screenshot(path=f"/tmp/money-checkin-{width}.png", full_page=True)

    # A third pair pays at the desk, then gets its money back: it owes again, as the two that never paid.
    with page.expect_navigation():
        page.get_by_role("button", name="Bar bezahlt Nr. 4").click()
    page.goto(base + "/money/")
    form = page.locator("#money-refund")
    form.get_by_label("Startnummer").fill("4")
    form.get_by_label("Art", exact=True).select_option(label="Erstattung")
    form.get_by_label("Betrag", exact=True).fill("25")
    with page.expect_navigation():
        form.get_by_role("button", name="Eintragen").click()
    assert page.get_by_text(
        "Erstattung: höchstens das, was Nr. 4 bezahlt hat, 20,00 €; eingegeben 25,00 €."
    ).is_visible()
    form.get_by_label("Startnummer").fill("4")
    form.get_by_label("Art", exact=True).select_option(label="Erstattung")
    form.get_by_label("Betrag", exact=True).fill("20,00")
    form.get_by_label("Kommentar", exact=True).fill("musste gehen")
    with page.expect_navigation():
        form.get_by_role("button", name="Eintragen").click()
    assert page.get_by_text("Nr. 4: 20,00 € erstattet (bar).").is_visible()

    # The sheet: 6 entries, 3 paid, 3 still owe; 80 € taken, 20 € refunded, payout 30 + 18, 12 € remain.
    counts = page.locator("#money-counts")
    assert [counts.locator(f"[data-count='{k}']").inner_text() for k in ("entries", "settled", "owing")] == [
        "6",
        "3",
        "3",
    ]
    figure = {
        k: _text(page.locator(f"[data-figure='{k}']"))
        for k in ("takings", "refunds", "payout", "remaining", "outstanding")
    }
    assert figure == {
        "takings": "80,00 €",
        "refunds": "20,00 €",
        "payout": "48,00 €",
        "remaining": "12,00 €",
        "outstanding": "60,00 €",
    }
    cash = _text(page.locator("#money-ways tr[data-way='cash']")).split("\t")
    assert cash == ["Bar", "60,00 €", "20,00 €", "40,00 €"]
    assert _text(page.locator("#money-ways tr[data-way='card']")).split("\t") == [
        "Karte",
        "20,00 €",
        "0,00 €",
        "20,00 €",
    ]
    assert _text(page.locator("#money-payout tbody tr").nth(0)).split("\t")[:3] == ["1", "50 %", "30,00 €"]
    owing = _text(page.locator("#money-owing"))
    assert all(f"{n} · " in owing for n in (4, 5, 6)) and "1 · " not in owing
    assert "Erstattung" in _text(page.locator("#money-ledger")) and "cash" not in page.locator("body").inner_text()
    _fits(page)
    assert axe_serious(page) == []
    page.screenshot(path=f"/tmp/money-sheet-{width}.png", full_page=True)

    # Every step is a row and in the history.
    assert list(Payment.objects.order_by("pk").values_list("entry_number", "kind", "way")) == [
        (1, "payment", "cash"),
        (2, "payment", "cash"),
        (3, "payment", "card"),
        (4, "payment", "cash"),
        (4, "refund", "cash"),
    ]
    assert EventLogEntry.objects.filter(event=event, action__in=["payment", "refund", "fee_set"]).count() == 6
    page.goto(base + "/history/")
    assert (
        page.get_by_text("Nr. 4 (", exact=False)
        .filter(has_text="20,00 € erstattet (bar). Kommentar: musste gehen")
        .count()
        == 1
    )

    # The season adds up its evenings (one here).
    page.goto(base + "/money/")
    with page.expect_navigation():
        page.get_by_role("link", name="Saison 2026/27").click()
    assert _text(page.locator("#money-reconcile [data-figure='remaining']")) == "12,00 €"
    _fits(page)
    page.screenshot(path=f"/tmp/money-season-{width}.png", full_page=True)
