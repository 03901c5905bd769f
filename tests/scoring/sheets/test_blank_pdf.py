"""Blank score sheets to print: one page per table with the event, round, table, both teams by seat, the
first dealer and one row per deal in the rule set's columns, in the reader's words (text read back with
pypdfium2)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from django.utils import translation

from scoring.engine import game_rules
from scoring.sheets.blank_pdf import blank_rows, blank_sheets_pdf
from scoring.sheets.forms import RuleFacts
from tests.address_helpers import round_url, sheet_url
from tests.factories import MembershipFactory, PlayerFactory
from tests.scoring.entry_helpers import released_round

pytestmark = [pytest.mark.django_db, pytest.mark.needs_postgres]


def pages_text(pdf: bytes) -> list[str]:
    document = pdfium.PdfDocument(pdf)
    return [document[i].get_textpage().get_text_range() for i in range(len(document))]


def squashed(text: str) -> str:
    """The text without spaces and line breaks: a heading wrapped in its narrow column reads whole."""
    return "".join(text.split())


def has(text: str, words: str) -> bool:
    return squashed(words) in squashed(text)


def deal_numbers(text: str) -> list[int]:
    """The deal rows' numbers: the lines that are a number alone, just before the totals row."""
    before = text.rsplit("Summe" if "Summe" in text else "Total", 1)[0].split()
    numbers: list[int] = []
    while before and before[-1].isdigit():
        numbers.insert(0, int(before.pop()))
    return numbers


def test_one_page_per_table_with_the_event_round_table_seats_and_dealer():
    round, games = released_round(tables=3, name="Hoheluft-Abend")
    game = games[1]
    entry = game.entry_a
    entry.player_1 = PlayerFactory(club=round.event.club, first_name="Jürgen", last_name="Ößmann")
    entry.save()
    game.seats = {**game.seats, "N": entry.player_1.pk}
    game.first_dealer = "E"
    game.save()
    with translation.override("de"):
        pages = pages_text(blank_sheets_pdf(round=round))
    assert len(pages) == 3
    text = pages[1]
    assert "Spielzettel · Tisch 2" in text and "Hoheluft-Abend" in text and "Runde 1" in text
    # The seats as the referee page shows them (German N, O, S, W), each with its player.
    assert "N: Jürgen Ößmann" in text and "O: " in text and "W: " in text
    assert "Erster Geber: O " in text
    for heading in ("Spiel", "Nehmer", "Trumpf", "Belote", "Capot", "Punkte N/S", "Punkte O/W", "Summe"):
        assert has(text, heading), heading
    assert "Ansagen" not in text  # Hoheluft has belote only
    assert "Unterschrift N/S" in text and "Unterschrift O/W" in text
    assert "Hoheluft-Turnierregeln" in text and "hoheluft" not in text
    assert deal_numbers(text) == list(range(1, 15))  # 12 deals and room for two passed ones


@pytest.mark.parametrize(
    "preset,headings,absent",
    [
        ("classic", ["Taker", "Trump", "Belote", "Announcements", "Capot"], ["Bid"]),
        ("coinche", ["Bid", "Coinche / surcoinche", "Announcements", "Capot"], ["Contra"]),
        ("belot", ["Declarer", "Contract", "Contra / recontra", "Belot", "Declarations", "Valat"], ["Bid", "Taker"]),
    ],
)
def test_the_rule_sets_columns(preset, headings, absent):
    round, _games = released_round(tables=1, rules_preset=preset, rules_options={})
    with translation.override("en"):
        (text,) = pages_text(blank_sheets_pdf(round=round))
    for heading in [*headings, "Points N/S", "Points E/W", "Total"]:
        assert has(text, heading), (preset, heading)
    for word in absent:
        assert not has(text, word), (preset, word)
    facts = RuleFacts.of(game_rules(round.event))
    assert blank_rows(facts) == 24  # a points game: a page's worth of rows
    assert deal_numbers(text) == list(range(1, 25))


def test_the_round_and_the_table_pdf_for_its_organiser_only(client):
    membership = MembershipFactory()
    round, games = released_round(tables=2, club=membership.club)
    sheet = games[0].sheet
    assert client.get(round_url(round, "blank.pdf")).status_code == 302  # to the login
    client.force_login(MembershipFactory().user)
    assert client.get(round_url(round, "blank.pdf")).status_code == 404
    assert client.get(sheet_url(sheet, "blank.pdf")).status_code == 404
    client.force_login(membership.user)
    response = client.get(round_url(round, "blank.pdf"), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert len(pages_text(response.content)) == 2
    one = client.get(sheet_url(sheet, "blank.pdf"), HTTP_ACCEPT_LANGUAGE="en")
    (text,) = pages_text(one.content)
    assert "Score sheet · Table 1" in text
    assert client.get(round_url(round, "../tables/9/blank.pdf")).status_code == 404
    page = client.get(round_url(round), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Blank score sheets (PDF)" in page and round_url(round, "blank.pdf") in page
