"""The pure arithmetic of the desk's money (tournaments.fees): no database."""

from decimal import Decimal

import pytest

from tournaments.fees import Fee, FeeError, Person, entry_owed, fee_problems, payout_parse, payout_shares

D = Decimal
MEMBER, GUEST, JUNIOR, JUNIOR_MEMBER = (
    Person(True, False),
    Person(False, False),
    Person(False, True),
    Person(True, True),
)


def test_per_player_each_person_pays_the_fee_less_the_larger_reduction():
    fee = Fee(amount=D("10"), member_reduction=D("2"), junior_reduction=D("5"))
    assert entry_owed(fee, [GUEST, GUEST]) == D("20.00")
    assert entry_owed(fee, [MEMBER, GUEST]) == D("18.00")
    assert entry_owed(fee, [JUNIOR, MEMBER]) == D("13.00")
    # a junior member: the larger reduction, not both
    assert entry_owed(fee, [JUNIOR_MEMBER]) == D("5.00")


def test_per_pair_the_pair_pays_once_less_each_persons_reduction():
    fee = Fee(amount=D("16"), per_pair=True, member_reduction=D("3"))
    assert entry_owed(fee, [GUEST, GUEST]) == D("16.00")
    assert entry_owed(fee, [MEMBER, MEMBER]) == D("10.00")
    assert entry_owed(fee, [MEMBER, GUEST]) == D("13.00")


def test_reductions_larger_than_a_persons_share_are_refused_with_the_numbers():
    problems = fee_problems(Fee(amount=D("10"), member_reduction=D("12")))
    assert [(p.code, p.values["field"], p.values["got"], p.values["fee"]) for p in problems] == [
        ("reduction_over_fee", "member_reduction", D("12"), D("10"))
    ]
    problems = fee_problems(Fee(amount=D("10"), per_pair=True, junior_reduction=D("6")))
    assert [(p.code, p.values["share"]) for p in problems] == [("reduction_over_half", D("5.00"))]
    assert [p.code for p in fee_problems(Fee(amount=D("-1")))] == ["fee_negative"]
    assert [p.code for p in fee_problems(Fee(amount=D("5"), junior_reduction=D("-1")))] == ["reduction_negative"]
    assert fee_problems(Fee(amount=D("10"), member_reduction=D("10"))) == []


def test_the_payout_table_reads_numbers_from_first_place_down():
    assert payout_parse("50 30 20", percent=True) == [D(50), D(30), D(20)]
    assert payout_parse("30; 12,50", percent=False) == [D(30), D("12.50")]
    for text, code in [("50 abc", "payout_not_number"), ("50 0", "payout_not_positive"), ("60 50", "payout_over_100")]:
        with pytest.raises(FeeError) as caught:
            payout_parse(text, percent=True)
        assert caught.value.code == code
    with pytest.raises(FeeError, match="payout_too_long"):
        payout_parse(" ".join(["1"] * 21), percent=False)


def test_percent_shares_are_rounded_down_and_never_exceed_the_takings():
    fee = Fee(amount=D(10), payout=(D(50), D(30), D(20)))
    shares = payout_shares(fee, D("100.01"))
    assert shares == [D("50.00"), D("30.00"), D("20.00")]
    assert sum(shares) <= D("100.01")
    assert payout_shares(fee, D("-5")) == [D("0.00")] * 3
    fixed = Fee(amount=D(10), payout_percent=False, payout=(D(30), D(20)))
    assert payout_shares(fixed, D("10")) == [D("30.00"), D("20.00")]
