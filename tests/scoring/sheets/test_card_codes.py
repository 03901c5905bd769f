"""A table card's short code ("T5-N 4821"): made with the card, unique among the active cards of its table
and side, renewed by a reissue (the old code finds nothing at once), read tolerantly as a phone types it."""

import pytest

from scoring.models import TableCard
from scoring.sheets.card_codes import TypedCode, free_codes, parse_code
from scoring.sheets.links import event_cards_prepare, reissue, table_card_reissue, table_cards_ensure
from scoring.sheets.permissions import Actor
from tests.factories import EventFactory
from tests.scoring.sheets.cards_helpers import card_of


@pytest.mark.parametrize(
    "typed",
    [
        "T5-N 4821",
        "t5n4821",
        "T5N4821",
        "5N4821",
        " t 5 - n 4821 ",
        "T5-S 4821",
        "T5-N/S 4821",
        "T5.N.4821",
        "Ｔ５Ｎ４８２１",
    ],
)
def test_the_forms_a_phone_types_name_the_north_south_card(typed):
    assert parse_code(typed) == TypedCode(5, "A", "4821")


@pytest.mark.parametrize("typed", ["T12-W 0007", "12w0007", "T12-E 0007", "T12-O 0007", "T12 O/W 0007", "t12ew0007"])
def test_east_west_may_be_typed_in_any_of_the_three_languages(typed):
    # E (en, fr "Est"), W (de, en "West"), O (de "Ost", fr "Ouest"): all East/West.
    assert parse_code(typed) == TypedCode(12, "B", "0007")


@pytest.mark.parametrize(
    "typed",
    [
        "",
        "   ",
        "T5-N 482",
        "T5-N 48211",
        "T5 4821",
        "T0-N 4821",
        "T5-X 4821",
        "T5-N 48२1",
        "x" * 500,
        "T5-N 4821" * 5,
        "👍",
    ],
)
def test_what_is_not_a_codes_shape_is_refused_unread(typed):
    assert parse_code(typed) is None


@pytest.mark.django_db
def test_every_card_is_made_with_a_code_unique_among_the_active_cards_of_its_table_and_side():
    events = [EventFactory() for _ in range(3)]
    for event in events:
        assert event_cards_prepare(event=event, table_numbers=[1, 2, 3]) == 6
    cards = list(TableCard.objects.active())
    assert len(cards) == 18
    assert all(len(card.code) == 4 and card.code.isdigit() for card in cards)
    keys = [(card.table_number, card.side, card.code) for card in cards]
    assert len(set(keys)) == len(keys)
    card = card_of(events[0], 2, "B")
    assert card.short_code == f"T2-W {card.code}"
    assert card_of(events[0], 2, "A").short_code.startswith("T2-N ")


@pytest.mark.django_db
def test_the_free_codes_avoid_every_code_in_use(monkeypatch):
    event = EventFactory()
    table_cards_ensure(event=event, table_numbers=[7])
    in_use = card_of(event, 7, "A").code
    draws = iter([int(in_use), int(in_use), 42])
    monkeypatch.setattr("scoring.sheets.card_codes.randbelow", lambda _n: next(draws))
    assert free_codes([(7, "A")]) == {(7, "A"): "0042"}


@pytest.mark.django_db
def test_a_code_taken_meanwhile_by_another_maker_is_drawn_again(monkeypatch):
    """Two organisers make cards at once: the second insert's code clashes, and the card is still made."""
    first, second = EventFactory(), EventFactory()
    table_cards_ensure(event=first, table_numbers=[1])
    taken = {side: card_of(first, 1, side).code for side in "AB"}
    calls = []
    original = free_codes

    def stale(places):  # the first pass sees nothing in use, as a maker that read before the other wrote
        calls.append(places)
        return {place: taken[place[1]] for place in places} if len(calls) == 1 else original(places)

    monkeypatch.setattr("scoring.sheets.links.free_codes", stale)
    assert table_cards_ensure(event=second, table_numbers=[1]) == 2
    assert len(calls) == 2
    assert all(card_of(second, 1, side).code != taken[side] for side in "AB")


@pytest.mark.django_db
def test_a_reissued_card_has_a_new_code_and_the_old_one_is_dead():
    event = EventFactory()
    table_cards_ensure(event=event, table_numbers=[4])
    old = {side: card_of(event, 4, side) for side in "AB"}
    new = table_card_reissue(event=event, table_number=4, actor=Actor(organiser=True))
    for card in new:
        assert card.code != old[card.side].code
        assert not TableCard.objects.active().filter(table_number=4, side=card.side, code=old[card.side].code).exists()
    one = reissue(new[0])
    assert one.code and one.code != new[0].code


@pytest.mark.django_db
def test_a_reissue_never_draws_the_old_code_again(monkeypatch):
    event = EventFactory()
    table_cards_ensure(event=event, table_numbers=[3])
    TableCard.objects.filter(event=event, table_number=3, side="A").update(code="0555")
    old = card_of(event, 3, "A")
    draws = iter([555, 555, 1234])  # the old code is free once revoked: drawn, and skipped
    monkeypatch.setattr("scoring.sheets.card_codes.randbelow", lambda _n: next(draws))
    assert reissue(old).code == "1234"


@pytest.mark.django_db
def test_the_migration_gives_every_card_four_digits_unique_among_the_active(monkeypatch):
    import importlib

    from django.apps import apps

    migration = importlib.import_module("scoring.migrations.0013_shortcode_card_code")
    events = [EventFactory() for _ in range(3)]
    for event in events:
        table_cards_ensure(event=event, table_numbers=[1, 2])
    card_of(events[0], 1, "A").revoke()
    # Few digits to draw from: the migration must still keep the active cards apart.
    draws = iter([7, 7, 7, 8, 8, 9, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] * 3)
    monkeypatch.setattr(migration.secrets, "randbelow", lambda _n: next(draws))
    migration.give_codes(apps, None)
    active = list(TableCard.objects.active().values_list("table_number", "side", "code"))
    assert len(active) == 11 and len(set(active)) == 11
    assert all(len(code) == 4 and code.isdigit() for code in TableCard.objects.values_list("code", flat=True))
