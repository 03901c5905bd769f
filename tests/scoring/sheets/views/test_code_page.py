"""/c/: a phone types a table card's short code and lands on the card's page. Wrong codes get a sentence and
count against the address; past the limit every code is refused (429) with when to try again; bad input is
answered with a sentence, never a 500."""

from datetime import timedelta

import pytest
from django.core.cache import caches
from django.test import Client
from django.utils import timezone

from scoring.models import CardCodeMiss
from scoring.sheets.links import table_card_reissue, table_cards_ensure
from scoring.sheets.permissions import Actor
from tests.factories import EventFactory
from tests.scoring.sheets.cards_helpers import card_of

pytestmark = pytest.mark.django_db
URL = "/c/"


@pytest.fixture
def card():
    event = EventFactory()
    table_cards_ensure(event=event, table_numbers=[5])
    return card_of(event, 5, "A")


def _phone(address="198.51.100.7", language="de"):
    return Client(HTTP_ACCEPT_LANGUAGE=language, REMOTE_ADDR=address)


def _wrong(card):
    """A well-formed code of the card's table and side with other digits."""
    return f"T5-N {(int(card.code) + 1) % 10_000:04d}"


def test_the_page_asks_for_the_code_in_the_phones_language():
    html = _phone().get(URL).content.decode()
    assert 'name="code"' in html and 'autocapitalize="characters"' in html and 'inputmode="text"' in html
    assert 'autocomplete="off"' in html and 'lang="de"' in html
    assert "Code auf der Tischkarte" in html
    assert "Code on the table card" in _phone(language="en").get(URL).content.decode()
    assert "Code sur la carte de table" in _phone(language="fr").get(URL).content.decode()
    assert _phone().get("/c").status_code == 301  # the printed address has no slash


@pytest.mark.parametrize("form", ["T5-N {code}", "t5n{code}", "5 N {code}", " T5-S {code} ", "T5 N/S {code}"])
def test_a_typed_code_leads_to_the_cards_page(card, form):
    response = _phone().post(URL, {"code": form.format(code=card.code)})
    assert response.status_code == 303
    assert response["Location"] == f"/t/{card.token}/"
    assert _phone().get(response["Location"]).status_code == 200
    assert not CardCodeMiss.objects.exists()


def test_a_wrong_code_is_told_in_a_sentence_and_counted(card):
    response = _phone().post(URL, {"code": _wrong(card)})
    assert response.status_code == 404
    html = response.content.decode()
    assert "Kein Tisch mit diesem Code. Prüfen Sie die Zahlen auf der Karte." in html
    assert _wrong(card) in html  # typed back into the field, to correct
    assert CardCodeMiss.objects.filter(address="198.51.100.7").count() == 1


def test_the_other_sides_digits_do_not_open_this_side(card):
    other = card_of(card.event, 5, "B")
    response = _phone().post(URL, {"code": f"T5-N {other.code}"})
    assert response.status_code == 404 or other.code == card.code


def test_a_reissued_cards_old_code_is_refused_and_its_new_one_opens(card):
    old_code = card.code
    new = {c.side: c for c in table_card_reissue(event=card.event, table_number=5, actor=Actor(organiser=True))}
    assert _phone().post(URL, {"code": f"T5-N {old_code}"}).status_code == 404
    response = _phone().post(URL, {"code": new["A"].short_code})
    assert response["Location"] == f"/t/{new['A'].token}/"


def test_a_revoked_cards_code_is_refused(card):
    card.revoke()
    response = _phone().post(URL, {"code": card.short_code})
    assert response.status_code == 404
    assert "Kein Tisch mit diesem Code" in response.content.decode()


@pytest.mark.parametrize("typed", ["", "   ", "x" * 500, "Tisch fünf", "T5-N 48", "😀" * 50, "T5-N 4821\x00"])
def test_bad_input_is_answered_with_a_sentence_and_not_counted(card, typed):
    response = _phone().post(URL, {"code": typed})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'id="code-error"' in html and "Code:" in html and "T5-N 4821" in html
    assert "x" * 41 not in html  # a long paste is not echoed in full
    assert not CardCodeMiss.objects.exists()


def test_no_code_field_at_all_is_a_sentence_too():
    assert _phone().post(URL, {}).status_code == 400
    assert _phone().put(URL).status_code == 405


def test_ten_wrong_codes_lock_the_address_even_for_the_right_code(card, settings):
    settings.CARD_CODE_RATE_LIMIT = 10
    phone = _phone()
    answers = [phone.post(URL, {"code": _wrong(card)}).status_code for _ in range(10)]
    assert answers == [404] * 10
    refused = phone.post(URL, {"code": card.short_code})
    assert refused.status_code == 429
    html = refused.content.decode()
    assert "höchstens 10 in 10 Minuten" in html and "in 10 Minuten erneut" in html
    # Another address is not held by this one's misses.
    assert _phone(address="203.0.113.5").post(URL, {"code": card.short_code}).status_code == 303


def test_the_count_is_shared_by_every_worker(card, settings):
    """The misses are rows, not a process's memory: a worker with an empty cache of its own still sees them."""
    settings.CARD_CODE_RATE_LIMIT = 3
    answers = []
    for _ in range(5):
        answers.append(_phone().post(URL, {"code": _wrong(card)}).status_code)
        caches["default"].clear()
    assert answers == [404, 404, 404, 429, 429]
    assert CardCodeMiss.objects.count() == 3  # a refused guess looks nothing up and is not stored


def test_the_limit_lifts_when_the_oldest_miss_leaves_the_window(card, settings):
    settings.CARD_CODE_RATE_LIMIT = 2
    for _ in range(2):
        _phone().post(URL, {"code": _wrong(card)})
    oldest = CardCodeMiss.objects.order_by("missed_at").first()
    # The oldest miss was 6 minutes ago: the window of 10 holds it 4 minutes more.
    CardCodeMiss.objects.filter(pk=oldest.pk).update(missed_at=timezone.now() - timedelta(minutes=6, seconds=10))
    refused = _phone(language="en").post(URL, {"code": card.short_code})
    assert refused.status_code == 429
    assert "at most 2 in 10 minutes. Try again in 4 minutes." in refused.content.decode()
    CardCodeMiss.objects.filter(pk=oldest.pk).update(missed_at=timezone.now() - timedelta(minutes=10, seconds=1))
    assert _phone().post(URL, {"code": card.short_code}).status_code == 303
