"""Every refusal reads as a sentence in each language, with plural forms and joined lists
("Die Spielberichte der Tische 6" was broken German)."""

import pytest
from django.utils import translation

from scoring.exceptions import RoundNotClosable
from tests.factories import EventFactory
from tournaments import services
from tournaments.exceptions import IllegalTransition
from tournaments.labels import join_choices, join_words
from tournaments.models import Event, Round

NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("language", "tables", "expected"),
    [
        ("de", [6], "Der Spielbericht von Tisch 6 ist nicht bestätigt. Lassen Sie ihn zuerst bestätigen"),
        ("de", [5, 6], "Die Spielberichte der Tische 5 und 6 sind nicht bestätigt. Lassen Sie sie"),
        ("de", [2, 5, 6], "Die Spielberichte der Tische 2, 5 und 6 sind nicht bestätigt."),
        ("en", [6], "the sheet of table 6 is not confirmed. Confirm it first"),
        ("en", [5, 6], "the sheets of tables 5 and 6 are not confirmed. Confirm them first"),
        ("fr", [6], f"clôturée{NBSP}: la feuille de la table 6 n’est pas confirmée."),
        ("fr", [2, 5, 6], f"clôturée{NBSP}: les feuilles des tables 2, 5 et 6 ne sont pas confirmées."),
    ],
)
def test_closing_a_round_with_open_sheets_names_the_tables_in_a_sentence(language, tables, expected):
    with translation.override(language):
        assert expected in str(RoundNotClosable(tables))


def test_lists_are_joined_as_each_language_writes_them():
    with translation.override("de"):
        assert (join_words([]), join_words([6]), join_words([4, 5, 6])) == ("", "6", "4, 5 und 6")
        assert join_choices(["Zufall", "Schweizer System"]) == "Zufall oder Schweizer System"
    with translation.override("fr"):
        assert join_words([5, 6]) == "5 et 6"


@pytest.mark.django_db
@pytest.mark.needs_postgres
@pytest.mark.parametrize(
    ("language", "open_rounds", "expected"),
    [
        ("de", [2], "Schließen Sie Runde 2 ab"),
        ("de", [2, 3], "Schließen Sie die Runden 2 und 3 ab"),
        ("fr", [2, 3], "Clôturez les manches 2 et 3 avant"),
        ("en", [3], "Close round 3 before"),
    ],
)
def test_finishing_with_open_rounds_names_them_in_a_sentence(language, open_rounds, expected):
    event = EventFactory(status=Event.Status.RUNNING)
    Round.objects.create(event=event, number=1, method="random", seed=1, status=Round.Status.CLOSED)
    for number in open_rounds:
        Round.objects.create(event=event, number=number, method="swiss", seed=number, status=Round.Status.RELEASED)
    with translation.override(language), pytest.raises(IllegalTransition) as refused:
        services.event_finish(event=event)
    assert expected in str(refused.value.message)


@pytest.mark.django_db
@pytest.mark.needs_postgres
def test_a_method_that_does_not_fit_is_refused_by_name(organiser):
    event = EventFactory.build(club=organiser.club, team_mode="melee", pairing_methods=["swiss"])
    with translation.override("de"), pytest.raises(Exception) as refused:
        event.full_clean()
    message = " ".join(refused.value.message_dict["pairing_methods"])
    assert "Schweizer System" in message and "swiss" not in message and "melee" not in message
