"""The director's penalties (`scoring.results.penalties`): the catalogue in the reader's language with amounts
from the event's rule set, a penalty given (to the opponents, off the offender, a warning), withdrawn, and
counted by the standings until then, through every recompute."""

from decimal import Decimal

import pytest
from django.utils import translation

from scoring.models import Adjustment, PenaltyEffect
from scoring.public.selectors import standings_table
from scoring.results.penalties import (
    PenaltyError,
    adjustment_withdraw,
    catalogue,
    penalty_give,
)
from scoring.results.penalty_kinds import penalty_kind_save
from scoring.rules import build_ruleset
from scoring.rules.deal import deal_value
from scoring.standings.store import standings_recompute_now
from tests.factories import ClubFactory, UserFactory
from tests.scoring.standings_helpers import by_number, four_teams_event, make_entries, make_event, make_round, play, won
from tournaments.history_labels import event_log_text
from tournaments.models import EventLogEntry, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def four_teams():
    return four_teams_event()


def names(event, language: str) -> list[str]:
    with translation.override(language):
        return [item.name for item in catalogue(event=event)][:6]


def test_the_built_in_catalogue_reads_in_the_readers_language_never_as_codes(four_teams):
    assert names(four_teams, "en") == [
        "Misdeal after trumps are set",
        "Revoke",
        "Card exposed or played out of turn",
        "Late arrival",
        "Slow play: warning",
        "Slow play after a warning",
    ]
    assert names(four_teams, "de")[:2] == ["Falsch gegeben nach der Trumpfwahl", "Nicht bedient (Renonce)"]
    assert names(four_teams, "fr")[:2] == ["Fausse donne après le choix de l’atout", "Renonce"]
    with translation.override("de"):
        item = catalogue(event=four_teams)[0]
        assert item.effect_label == "Spielpunkte an die Gegner"
        assert "Gegner" in item.description
    for language in ("de", "en", "fr"):
        assert not {"misdeal", "revoke", "card_exposed", "late_arrival", "slow_play"} & set(names(four_teams, language))


def test_a_deals_points_come_from_the_rule_set_not_a_constant():
    # The French rule sets count 162 trick points a deal; belot writes its scores in tens (162 → 16).
    assert {name: deal_value(build_ruleset(name)) for name in ("hoheluft", "classic", "coinche", "belot")} == {
        "hoheluft": 162,
        "classic": 162,
        "coinche": 162,
        "belot": 16,
    }
    # Rounded to tens when the rule set rounds: 162 → 160.
    assert deal_value(build_ruleset("classic", {"rounding": "nearest_ten_5_up"})) == 160


def test_a_misdeal_in_a_belot_event_gives_the_opponents_that_rule_sets_deal():
    event = make_event(rules_preset="belot", rules_options={})
    t1, t2 = make_entries(event, 2)
    play(make_round(event, 1), t1, t2, won(100, 60))
    misdeal = catalogue(event=event)[0]
    assert (misdeal.key, misdeal.effect, misdeal.amount) == ("misdeal", PenaltyEffect.TO_OPPONENTS, Decimal(16))
    (row,) = penalty_give(event=event, key="misdeal", entry=t2, reason="Karten gezeigt", round_number=1)
    assert (row.entry, row.penalised_entry, row.points, row.match_points) == (t1, t2, 16, 0)
    standings_recompute_now(event_id=event.pk)
    assert by_number(event, 1)[1].total_points == 100 + 16


def test_points_to_the_opponents_count_for_them_and_as_the_offenders_penalty_through_recomputes(four_teams):
    # R1: 1–2 1200:900, 3–4 1000:1000. Team 2 misdeals after trumps are set: 162 to team 1.
    t1, t2 = four_teams.entries.get(number=1), four_teams.entries.get(number=2)
    user = UserFactory()
    (row,) = penalty_give(
        event=four_teams, key="misdeal", entry=t2, reason="Nach Trumpfwahl", round_number=1, user=user
    )
    assert standings_table(four_teams, 1)["adjustments"] == [row]
    assert (row.entry_id, row.penalised_entry_id, row.points, row.penalty_code) == (t1.pk, t2.pk, 162, "misdeal")
    for _ in range(2):  # a recompute keeps it: it is a row of its own, not an edit of derived data
        standings_recompute_now(event_id=four_teams.pk)
        after_1 = by_number(four_teams, 1)
        assert (after_1[1].total_points, after_1[2].total_points) == (1200 + 162, 900)
        assert (after_1[1].penalties, after_1[2].penalties) == (0, 1)
        # R2 adds 800 for team 1: the penalty of round 1 still counts after round 2.
        assert by_number(four_teams, 2)[1].total_points == 1200 + 800 + 162
    log = EventLogEntry.objects.get(event=four_teams, action="penalty_given")
    assert (log.entry, log.round_number, log.table_number, log.user, log.reason) == (t2, 1, 1, user, "Nach Trumpfwahl")
    with translation.override("de"):
        assert event_log_text(log.action, log.details) == "Strafe für 2: Falsch gegeben nach der Trumpfwahl."
    with translation.override("fr"):
        assert event_log_text(log.action, log.details) == "Pénalité pour 2 : Fausse donne après le choix de l’atout."

    assert adjustment_withdraw(adjustment=row, reason="Irrtum der Turnierleitung", user=user) == 1
    for _ in range(2):
        standings_recompute_now(event_id=four_teams.pk)
        assert (by_number(four_teams, 1)[1].total_points, by_number(four_teams, 1)[2].penalties) == (1200, 0)
    row.refresh_from_db()
    assert (
        row.withdrawn_at is not None and row.withdrawn_by == user and row.withdraw_reason == "Irrtum der Turnierleitung"
    )
    assert EventLogEntry.objects.filter(event=four_teams, action="penalty_withdrawn", entry=t2).count() == 1
    with pytest.raises(PenaltyError, match="already withdrawn"):
        adjustment_withdraw(adjustment=row, reason="noch einmal")
    # The public standings list the penalties in force: a withdrawn one is not.
    assert standings_table(four_teams, 1)["adjustments"] == []


def test_minus_points_minus_match_points_and_a_warning_sit_on_the_offender(four_teams):
    t3 = four_teams.entries.get(number=3)
    penalty_give(event=four_teams, key="late_arrival", entry=t3, reason="10 min", round_number=2, amount="324")
    kind = penalty_kind_save(club=four_teams.club, name="Handy", effect=PenaltyEffect.MINUS_MATCH_POINTS, amount="0,5")
    penalty_give(event=four_teams, key=f"club-{kind.pk}", entry=t3, reason="klingelte", round_number=1)
    (warning,) = penalty_give(event=four_teams, key="slow_play_warning", entry=t3, reason="zu lang", round_number=1)
    assert (warning.points, warning.match_points, warning.penalty_code) == (0, 0, "slow_play_warning")
    standings_recompute_now(event_id=four_teams.pk)
    # R1 3–4 1000:1000 is a draw (1 MP); R2 1–3 800:1100 a win (2 MP).
    after_1, after_2 = by_number(four_teams, 1)[3], by_number(four_teams, 2)[3]
    assert (after_1.match_points, after_1.total_points, after_1.penalties) == (Decimal("0.5"), 1000, 1)
    assert (after_2.match_points, after_2.total_points, after_2.penalties) == (Decimal("2.5"), 1000 + 1100 - 324, 2)
    club_row = Adjustment.objects.get(penalty_kind=kind)
    assert club_row.penalty_name == "Handy" and club_row.penalty_label == "Handy"


def test_in_melee_both_opponents_get_the_points_and_one_withdrawal_takes_both():
    event = make_event(team_mode="melee")
    e1, e2, e3, e4 = make_entries(event, 4, melee=True)
    play(make_round(event, 1), (e1, e2), (e3, e4), won(900, 700))
    rows = penalty_give(event=event, key="revoke", entry=e3, reason="Farbe nicht bedient", round_number=1)
    assert sorted((r.entry.number, r.points) for r in rows) == [(1, 162), (2, 162)]
    assert rows[0].penalty_group is not None and rows[0].penalty_group == rows[1].penalty_group
    standings_recompute_now(event_id=event.pk)
    after = by_number(event, 1)
    assert [after[n].total_points for n in (1, 2, 3, 4)] == [900 + 162, 900 + 162, 700, 700]
    assert [after[n].penalties for n in (1, 2, 3, 4)] == [0, 0, 1, 0]  # one penalty, of e3, however many rows
    assert adjustment_withdraw(adjustment=rows[1], reason="falsch gesehen") == 2
    standings_recompute_now(event_id=event.pk)
    assert [by_number(event, 1)[n].total_points for n in (1, 2)] == [900, 900]


@pytest.mark.parametrize(
    "change,field,message",
    [
        ({"key": "nonsense"}, "penalty", "Penalty: choose one of the catalogue; “nonsense” is not in it."),
        ({"reason": "  "}, "reason", "Reason: a penalty needs a reason."),
        ({"round_number": 9}, "round_number", "Round: must be between 1 and 4; got 9."),
        ({"round_number": None}, "round_number", "Round: points to the opponents need the round"),
        ({"amount": "0"}, "amount", "Amount: game points are a whole number from 1 to 1000000; got 0."),
        ({"amount": "2.5"}, "amount", "Amount: game points are a whole number from 1 to 1000000; got 2.5."),
        ({"amount": "zwei"}, "amount", "Amount: “zwei” is not a number."),
        ({"amount": "NaN"}, "amount", "Amount: “NaN” is not a number."),
        ({"effect": "bonus"}, "effect", "Effect: choose one of the list, not “bonus”."),
        (
            {"effect": PenaltyEffect.MINUS_MATCH_POINTS, "amount": "0.125"},
            "amount",
            "Amount: match points above 0, at most two decimals, below a million; got 0.125.",
        ),
    ],
)
def test_bad_input_is_refused_naming_the_field_and_nothing_is_stored(four_teams, change, field, message):
    good = {"key": "misdeal", "entry": four_teams.entries.get(number=2), "reason": "x", "round_number": 1}
    with pytest.raises(PenaltyError) as refused:
        penalty_give(event=four_teams, **{**good, **change})
    assert str(refused.value).startswith(message) and refused.value.field == field
    assert not Adjustment.objects.exists() and not EventLogEntry.objects.exists()


def test_points_to_the_opponents_need_a_released_round_and_an_opponent(four_teams):
    t1 = four_teams.entries.get(number=1)
    Round.objects.filter(event=four_teams, number=2).update(status=Round.Status.DRAFT)
    with pytest.raises(PenaltyError, match="round 2 is not released yet"):
        penalty_give(event=four_teams, key="revoke", entry=t1, reason="x", round_number=2)
    make_round(four_teams, 3)
    with pytest.raises(PenaltyError, match=r"start number 1 has no opponents in round 3 \(a bye, or not drawn\)"):
        penalty_give(event=four_teams, key="revoke", entry=t1, reason="x", round_number=3)
    stranger = make_entries(make_event(), 1)[0]
    with pytest.raises(PenaltyError, match="start number 1 is not in this event") as refused:
        penalty_give(event=four_teams, key="revoke", entry=stranger, reason="x", round_number=1)
    assert refused.value.field == "entry"
    assert not Adjustment.objects.exists()


def test_a_club_kind_is_the_clubs_own_named_once_and_retired_ones_are_not_offered(four_teams):
    club = four_teams.club
    kind = penalty_kind_save(club=club, name=" Rauchen  am Tisch ", effect=PenaltyEffect.MINUS_POINTS, amount=50)
    assert kind.name == "Rauchen am Tisch" and kind.amount == 50
    for name, effect, amount, field, message in [
        (
            "rauchen am tisch",
            PenaltyEffect.WARNING,
            None,
            "name",
            "Name: “rauchen am tisch” is already in the catalogue.",
        ),
        ("Revoke", PenaltyEffect.WARNING, None, "name", "Name: “Revoke” is already in the catalogue."),
        ("", PenaltyEffect.WARNING, None, "name", "Name: a penalty needs a name."),
        ("Neu", PenaltyEffect.MINUS_POINTS, "-5", "amount", "Amount: game points are a whole number from 1 to"),
    ]:
        with pytest.raises(PenaltyError) as refused:
            penalty_kind_save(club=club, name=name, effect=effect, amount=amount)
        assert str(refused.value).startswith(message) and refused.value.field == field
    # Another club may use the same name; its kinds are not in this event's catalogue.
    other = penalty_kind_save(club=ClubFactory(), name="Rauchen am Tisch", effect=PenaltyEffect.WARNING, amount=None)
    keys = [item.key for item in catalogue(event=four_teams)]
    assert f"club-{kind.pk}" in keys and f"club-{other.pk}" not in keys
    with pytest.raises(PenaltyError, match="is not in it"):
        penalty_give(
            event=four_teams, key=f"club-{other.pk}", entry=four_teams.entries.get(number=1), reason="x", round_number=1
        )
    kind.retired_at = four_teams.created_at
    kind.save()
    assert f"club-{kind.pk}" not in [item.key for item in catalogue(event=four_teams)]
