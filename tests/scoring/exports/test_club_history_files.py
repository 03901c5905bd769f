"""The club's history as files: the XLSX and the PDF carry every change with when, by whom, the sentence and the
reason (the page's words, no code), one season's part with `?season=`, formula-safe cells, and a fixed number
of queries whatever the number of rows. Another club's organiser gets 404 (test_permissions walks both)."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from tests.factories import PlayerFactory, SeasonFactory
from tournaments import services
from tournaments.models import ClubLogEntry, Player

pytestmark = pytest.mark.django_db


def _url(club, kind, **query):
    return reverse(f"results:club_history_{kind}", kwargs={"club_slug": club.slug}), query


@pytest.fixture
def history(organiser):
    club = organiser.club
    season = SeasonFactory(club=club, name="Saison 2026/27")
    player = PlayerFactory(club=club, first_name="=Ute", last_name="Vogt", publication="initials")
    services.player_update(player=player, data={"publication": Player.Publication.HIDDEN}, user=organiser.user)
    services.season_update(season=season, data={"min_evenings": 3}, user=organiser.user)
    services.forbidden_pairing_add(
        club=club,
        player_a=player,
        player_b=PlayerFactory(club=club),
        kind="table",
        reason="Ehepaar",
        user=organiser.user,
    )
    return club, season


def test_the_workbook_has_every_change_in_words_with_author_and_reason(history, organiser, organiser_client):
    club, _season = history
    path, query = _url(club, "xlsx")
    response = organiser_client.get(path, query, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith(f'attachment; filename="{club.slug}-history-')
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("Wann", "Von", "Änderung", "Grund")
    assert len(rows) == 1 + ClubLogEntry.objects.filter(club=club).count()
    changes = [row[2] for row in rows[1:]]
    # A name that starts like a formula stays text.
    assert "'=Ute Vogt: Name auf öffentlichen Seiten „Nur Initialen“ → „Nicht veröffentlicht“." in changes
    pairing = next(row for row in rows[1:] if row[3] == "Ehepaar")
    assert pairing[1] == organiser.user.get_username()
    for code in ("member_changed", "hidden", "initials", "min_evenings"):
        assert not any(code in str(cell) for row in rows for cell in row), code


def test_the_print_keeps_one_season_apart(history, organiser_client):
    club, season = history
    path, query = _url(club, "pdf", season=season.pk)
    response = organiser_client.get(path, query, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Verlauf der Saison Saison 2026/27" in text
    assert "Saison „Saison 2026/27“" in text and "Ehepaar" not in text
    assert organiser_client.get(path, {"season": SeasonFactory().pk}).status_code == 404


@pytest.mark.needs_postgres
def test_the_files_cost_the_same_queries_for_ten_rows_or_five_hundred(
    organiser, organiser_client, django_assert_max_num_queries
):
    club = organiser.club

    def add(count):
        ClubLogEntry.objects.bulk_create(
            ClubLogEntry(club=club, action="member_added", user=organiser.user, details={"name": f"P {i}"})
            for i in range(count)
        )

    add(10)
    for kind in ("xlsx", "pdf"):
        path, _query = _url(club, kind)
        with django_assert_max_num_queries(6) as few:
            assert organiser_client.get(path).status_code == 200
        add(245)
        with django_assert_max_num_queries(len(few.captured_queries)):
            assert organiser_client.get(path).status_code == 200
