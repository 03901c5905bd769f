"""Shared set-up for the score-entry tests: a released round with tables, their sheets and links."""

from __future__ import annotations

from scoring.models import Sheet, TableCard, TableLink
from scoring.sheets.links import table_cards_ensure
from scoring.sheets.permissions import Actor
from scoring.sheets.rounds import table_links_ensure
from scoring.sheets.services import deal_create
from tests.factories import GameFactory, MembershipFactory, RoundFactory

# A whole Hoheluft game of 12 played deals (plus one passed out): made, inside, a litige decided later,
# belote, a capot. Totals: N/S 1069, E/W 1005, N/S win (checked against the rules engine in the tests).
HOHELUFT_GAME = [
    {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}},
    {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 60, "B": 102}},
    {"contract": {"taker": "A", "trump": "clubs"}, "tricks": {"A": 81, "B": 81}},
    {"contract": {"taker": "B", "trump": "diamonds"}, "tricks": {"A": 50, "B": 112}, "belote": ["B"]},
    {"contract": {"taker": "A", "trump": "hearts"}, "capot": "A"},
    {"contract": {"taker": "A", "trump": "spades"}, "tricks": {"A": 70, "B": 92}},
    {"contract": None},
    {"contract": {"taker": "B", "trump": "clubs"}, "tricks": {"A": 100, "B": 62}},
    {"contract": {"taker": "A", "trump": "diamonds"}, "tricks": {"A": 130, "B": 32}, "belote": ["A"]},
    {"contract": {"taker": "B", "trump": "hearts"}, "tricks": {"A": 40, "B": 122}},
    {"contract": {"taker": "A", "trump": "clubs"}, "tricks": {"A": 85, "B": 77}},
    {"contract": {"taker": "B", "trump": "spades"}, "tricks": {"A": 76, "B": 86}},
    {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 102, "B": 60}},
]


def organiser_actor(membership) -> Actor:
    return Actor(user=membership.user, organiser=True, ip_address="127.0.0.1", user_agent="pytest")


def link_actor(link: TableLink) -> Actor:
    return Actor(link=link, ip_address="10.0.0.7", user_agent="pytest-phone")


def card_of_link(link: TableLink) -> TableCard:
    """The active table card of the link's table and side (made when missing, as the release hook does)."""
    game = link.game
    event_id = game.round.event_id
    card = TableCard.objects.active().filter(event_id=event_id, table_number=game.table_number, side=link.side).first()
    if card is None:
        table_cards_ensure(event=game.round.event, table_numbers=[game.table_number])
        card = TableCard.objects.active().get(event_id=event_id, table_number=game.table_number, side=link.side)
    return card


def card_actor(link: TableLink) -> Actor:
    """The side of `link` acting through its own table card: what confirms and disputes without a PIN."""
    return Actor(link=link, card=card_of_link(link), ip_address="10.0.0.8", user_agent="pytest-card")


def pin_of(link: TableLink) -> str:
    """The PIN that a game link types to confirm or dispute: its side's table card's."""
    return card_of_link(link).pin


def released_round(*, tables: int = 2, club=None, rules_options=None, **event_kwargs):
    """A released round of a fresh event with `tables` games, sheets and links; returns (round, games)."""
    if club is None:
        club = MembershipFactory().club
    round = RoundFactory(event__club=club, **{f"event__{k}": v for k, v in event_kwargs.items()})
    if rules_options is not None:
        round.event.rules_options = rules_options
        round.event.save(update_fields=["rules_options"])
    games = [GameFactory(round=round, table_number=n + 1) for n in range(tables)]
    table_links_ensure(round=round)
    return round, games


def table_of(game) -> tuple[Sheet, TableLink, TableLink]:
    """(sheet, link of side A, link of side B) of a game."""
    links = {link.side: link for link in TableLink.objects.active().filter(game=game)}
    return Sheet.objects.get(game=game), links["A"], links["B"]


def fill(sheet: Sheet, link: TableLink, deals: list[dict]) -> Sheet:
    """The side of `link` types `deals` one after the other; returns the sheet after the last one. The client
    ids carry the sheet's version, so a second fill of the same sheet is never taken for a retry."""
    for i, deal in enumerate(deals):
        sheet = deal_create(
            sheet=sheet, data=deal, version=sheet.version, client_id=f"f{sheet.version}-{i}", actor=link_actor(link)
        ).sheet
    return sheet
