"""The desk's money through its services and pages: the fee, the ledger's rows, the refusals in words."""

from decimal import Decimal

import pytest
from django.utils import translation

from tests.factories import EntryFactory, EventFactory, PlayerFactory
from tests.tournaments.money.money_helpers import evening, money_url, pay
from tournaments.exceptions import InvalidInput
from tournaments.history_labels import event_log_text
from tournaments.models import EventFee, EventLogEntry, Payment
from tournaments.services.money import event_fee_set, payment_record
from tournaments.treasurer import treasurer_sheet

pytestmark = pytest.mark.django_db
D = Decimal


def _refusal(**kwargs):
    with pytest.raises(InvalidInput) as caught:
        event_fee_set(**kwargs)
    return caught.value


def test_members_and_juniors_pay_less(organiser):
    event = EventFactory(club=organiser.club)
    member, junior = (
        PlayerFactory(club=organiser.club),
        PlayerFactory(club=organiser.club, is_guest=True, is_junior=True),
    )
    guest = PlayerFactory(club=organiser.club, is_guest=True)
    EntryFactory(event=event, number=1, player_1=member, player_2=junior)
    EntryFactory(event=event, number=2, player_1=guest, player_2=PlayerFactory(club=organiser.club))
    event_fee_set(event=event, user=None, amount="12,00", per="player", member_reduction="2", junior_reduction="6")
    owed = {line.entry.number: line.money.owed for line in treasurer_sheet(event).lines}
    assert owed == {1: D("16.00"), 2: D("22.00")}


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"amount": "-5"}, "amount", ["Entry fee", "at least 0.00", "-5.00"]),
        ({"amount": "zehn"}, "amount", ["Entry fee", "“zehn”", "not an amount", "12.50"]),
        ({"amount": "10", "member_reduction": "12"}, "member_reduction", ["Reduction for members", "10.00", "12.00"]),
        (
            {"amount": "10", "per": "pair", "junior_reduction": "6"},
            "junior_reduction",
            ["Reduction for juniors", "5.00", "half the pair's fee of 10.00", "6.00"],
        ),
        ({"amount": "10.005"}, "amount", ["Entry fee", "two decimals", "10.005"]),
        ({"payout_mode": "percent", "payout_table": "60 50"}, "payout_table", ["Payout by place", "100", "110"]),
        ({"payout_mode": "fixed", "payout_table": "30 x"}, "payout_table", ["place 2", "“x”"]),
    ],
)
def test_a_bad_fee_is_refused_naming_the_field_the_rule_and_the_numbers(organiser, fields, field, words):
    event = EventFactory(club=organiser.club)
    error = _refusal(event=event, user=None, **{"amount": "10", "per": "player", **fields})
    assert error.field == field
    for word in words:
        assert word in str(error), (word, str(error))
    assert not EventFee.objects.exists() and not EventLogEntry.objects.exists()


def test_refusals_speak_german(organiser):
    event = EventFactory(club=organiser.club)
    with translation.override("de"):
        error = _refusal(event=event, user=None, amount="10", per="player", member_reduction="12,50")
    text = str(error).replace("\u00a0", " ")
    assert text == "Ermäßigung für Mitglieder: höchstens das Startgeld, 10,00 €; eingegeben 12,50 €."


def test_a_payment_is_a_row_and_a_step_in_the_history(organiser):
    event, entries = evening(organiser.club, 2)
    payment = payment_record(
        event=event, entry=entries[0], kind="payment", way="card", user=organiser.user, comment="EC"
    )
    assert (payment.amount, payment.way, payment.entry_number, payment.user) == (D("20.00"), "card", 1, organiser.user)
    row = EventLogEntry.objects.get(action="payment")
    assert row.entry == entries[0] and row.user == organiser.user
    assert (
        event_log_text(row.action, row.details)
        == f"No. 1 ({entries[0].display_name}) paid 20.00\u00a0€ (card). Comment: EC"
    )
    with translation.override("de"):
        assert "hat 20,00\u00a0€ bezahlt (Karte)" in event_log_text(row.action, row.details)


def test_a_second_tap_pays_nothing_more(organiser):
    event, entries = evening(organiser.club, 1)
    payment_record(event=event, entry=entries[0], kind="payment", way="cash", user=None)
    with pytest.raises(InvalidInput, match=r"No. 1 owes nothing: 20.00\s€ of 20.00\s€ paid"):
        payment_record(event=event, entry=entries[0], kind="payment", way="cash", user=None)
    assert Payment.objects.count() == 1


def test_refunds_and_corrections_are_rows_never_edits(organiser):
    event, entries = evening(organiser.club, 1)
    first = payment_record(event=event, entry=entries[0], kind="payment", way="cash", user=None)
    with pytest.raises(InvalidInput, match=r"Refund: at most what no. 1 has paid, 20.00\s€; got 25.00\s€"):
        payment_record(event=event, entry=entries[0], kind="refund", way="cash", amount="25", user=None)
    payment_record(event=event, entry=entries[0], kind="refund", way="cash", amount="5", user=None)
    with pytest.raises(InvalidInput, match="Comment: a correction needs one"):
        payment_record(event=event, entry=entries[0], kind="correction", way="cash", amount="-1", user=None)
    with pytest.raises(InvalidInput, match="would fall below zero"):
        payment_record(
            event=event, entry=entries[0], kind="correction", way="cash", amount="-16", comment="x", user=None
        )
    payment_record(
        event=event, entry=entries[0], kind="correction", way="cash", amount="-1", comment="Tippfehler", user=None
    )
    assert list(Payment.objects.values_list("kind", "amount")) == [
        ("payment", D("20.00")),
        ("refund", D("-5.00")),
        ("correction", D("-1.00")),
    ]
    first.refresh_from_db()
    assert first.amount == D("20.00")
    assert list(EventLogEntry.objects.values_list("action", flat=True)) == [
        "fee_set",
        "payment",
        "refund",
        "payment_correction",
    ]
    totals = treasurer_sheet(event).totals
    assert (totals.takings, totals.refunds, totals.remaining, totals.outstanding) == (D("19"), D("5"), D("14"), D("6"))


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"amount": "abc"}, ["Amount: “abc” is not an amount of money"]),
        ({"amount": "30"}, ["Amount: at most what no. 1 still owes, 20.00", "got 30.00"]),
        ({"kind": "refund", "amount": "5"}, ["Refund: at most what no. 1 has paid, 0.00", "got 5.00"]),
        ({"entry": "99"}, ["No. 99 is not an entry of this event."]),
        ({"way": "bitcoin"}, ["Way of payment"]),
    ],
)
def test_bad_payments_answer_a_sentence_on_the_page_and_store_nothing(organiser_client, organiser, data, words):
    event, _entries = evening(organiser.club, 2)
    answer = pay(organiser_client, event, 1, **data)
    assert answer.status_code == 302
    page = organiser_client.get(answer.url).content.decode()
    for word in words:
        assert word in page.replace("\u00a0", " ").replace("&quot;", '"'), word
    assert not Payment.objects.exists()


def test_the_fee_page_saves_and_shows_its_refusals(organiser_client, organiser):
    event = EventFactory(club=organiser.club)
    data = {"amount": "8", "per": "pair", "member_reduction": "5", "junior_reduction": "0", "payout_mode": "none"}
    answer = organiser_client.post(money_url("fee_edit", event), data)
    assert answer.status_code == 200
    assert "Reduction for members: at most 4.00" in answer.content.decode().replace("\u00a0", " ")
    assert not EventFee.objects.exists()
    answer = organiser_client.post(money_url("fee_edit", event), {**data, "member_reduction": "2,00"})
    assert answer.status_code == 302
    fee = EventFee.objects.get()
    assert (fee.amount, fee.per, fee.member_reduction) == (D("8.00"), "pair", D("2.00"))


def test_a_withdrawn_entry_given_its_money_back_owes_nothing_and_one_still_playing_still_owes(organiser):
    """A pair that leaves at the break and gets its fee back is settled on the check-in page, the evening's
    sheet and the season's; a refund of money paid too much leaves an entry that still plays owing its fee."""
    from tests.factories import SeasonFactory
    from tournaments.models import CheckIn
    from tournaments.treasurer import entries_money, event_fee, season_sheet

    season = SeasonFactory(club=organiser.club)
    event, entries = evening(organiser.club, 3, season=season)
    for entry in entries:
        payment_record(event=event, entry=entry, kind="payment", way="cash", user=None)  # 20.00 each
    CheckIn.objects.create(entry=entries[0], round_number=3, status=CheckIn.Status.WITHDRAWN)
    payment_record(event=event, entry=entries[0], kind="refund", way="cash", amount="20", user=None)
    CheckIn.objects.create(entry=entries[1], round_number=3, status=CheckIn.Status.WITHDRAWN)  # left, kept no refund
    payment_record(event=event, entry=entries[2], kind="refund", way="cash", amount="20", user=None)  # still plays

    money = entries_money(event, entries, event_fee(event))
    assert [(m.owed, m.paid, m.settled) for m in (money[e.pk] for e in entries)] == [
        (D("0.00"), D("0.00"), True),
        (D("20.00"), D("20.00"), True),
        (D("20.00"), D("0.00"), False),
    ]
    sheet = treasurer_sheet(event)
    assert [line.entry.number for line in sheet.owing] == [entries[2].number]
    assert (sheet.totals.owing, sheet.totals.outstanding, sheet.totals.owed) == (1, D("20.00"), D("40.00"))
    season_totals = season_sheet(season).totals
    assert (season_totals.owing, season_totals.outstanding) == (1, D("20.00"))
