"""The club's history: who changed the season's rules, its divisions, a member (their consent above all), a
forbidden pairing or the club's settings, each change one row written with it, through the organiser's pages;
a refused or empty change writes none; the page reads in the organiser's language, shows no code, pages in a
fixed number of queries, and keeps one season's changes apart. Another club's organiser reaches none of it
(tests/tournaments/test_permissions.py walks the page with the other pages)."""

import datetime
import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.factories import EventFactory, PlayerFactory, SeasonFactory
from tests.tournaments.form_helpers import read_form
from tournaments import services
from tournaments.club_history_labels import club_log_text
from tournaments.exceptions import InvalidInput
from tournaments.models import ClubLogEntry, ForbiddenPairing, Player, Season
from tournaments.selectors import CLUB_HISTORY_PAGE

pytestmark = pytest.mark.django_db


def _history(club):
    return list(ClubLogEntry.objects.filter(club=club).order_by("pk"))


def _text(row, language="en"):
    with translation.override(language):
        return club_log_text(row.action, row.details)


def _season_form(client, url, **changes):
    """The season page's form as a browser would send it, with `changes`."""
    values, _inputs = read_form(client.get(url).content.decode(), "stack")
    values.update({name: [str(value)] for name, value in changes.items()})
    return values


def test_a_consent_change_through_the_member_page_is_kept_with_both_consents_in_words(organiser_client, organiser):
    player = PlayerFactory(club=organiser.club, first_name="Anke", last_name="Brandt", publication="initials")
    url = reverse("tournaments:member_edit", kwargs={"club_slug": organiser.club.slug, "player_id": player.pk})
    data = {"first_name": "Anke", "last_name": "Brandt", "publication": "full", "is_active": "on"}
    response = organiser_client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    [row] = _history(organiser.club)
    assert row.action == "member_changed" and row.player == player and row.user == organiser.user
    assert row.details["before"] == "initials" and row.details["after"] == "full"
    assert "Name in full" in _text(row) and "Initials only" in _text(row)
    german = _text(row, "de")
    assert "Anke Brandt" in german and "Nur Initialen" in german and "Voller Name" in german, german
    # The same form sent again changes nothing and writes nothing.
    organiser_client.post(url, data)
    assert len(_history(organiser.club)) == 1


def test_a_member_added_changed_and_imported_are_each_one_row(organiser, organiser_client):
    club = organiser.club
    player = services.player_create(club=club, data={"first_name": "Ute", "last_name": "Vogt"}, user=organiser.user)
    services.player_update(player=player, data={"email": "ute@example.org", "is_junior": True}, user=organiser.user)
    from tournaments.member_import import members_import

    members_import(club=club, text="Klaus;Krüger\nJan;Ohm\n", user=organiser.user)
    added, changed, imported = _history(club)
    assert added.action == "member_added" and _text(added) == "Ute Vogt added."
    assert changed.details["fields"] == ["email", "is_junior"]
    assert _text(changed) == "Ute Vogt: changed email, junior."
    assert _text(changed, "de") == "Ute Vogt: E-Mail, Jugendliche(r) geändert."
    assert "ute@example.org" not in _text(changed)  # the history names the field, not the address
    assert imported.action == "members_imported" and _text(imported) == "2 members imported: Klaus Krüger, Jan Ohm."
    assert _text(imported, "de") == "2 Mitglieder importiert: Klaus Krüger, Jan Ohm."


def test_a_long_import_names_the_first_members_and_counts_the_rest(organiser):
    from tournaments.club_history_labels import IMPORTED_NAMES_SHOWN
    from tournaments.member_import import members_import

    count = IMPORTED_NAMES_SHOWN + 5
    members_import(club=organiser.club, text="".join(f"Vorname{n};Nachname{n}\n" for n in range(count)))
    (imported,) = _history(organiser.club)
    assert imported.details["names"][-1] == f"Vorname{count - 1} Nachname{count - 1}"  # the row keeps every name
    assert _text(imported).endswith(f"Vorname{IMPORTED_NAMES_SHOWN - 1} Nachname{IMPORTED_NAMES_SHOWN - 1} and 5 more.")


def test_season_rules_changed_and_frozen_refusal_writes_nothing(organiser, organiser_client):
    club = organiser.club
    season = services.season_create(
        club=club,
        data={"name": "2026/27", "start_date": datetime.date(2026, 9, 1), "end_date": datetime.date(2027, 7, 31)},
        user=organiser.user,
    )
    url = reverse("tournaments:season_edit", kwargs={"club_slug": club.slug, "season_id": season.pk})
    response = organiser_client.post(url, _season_form(organiser_client, url, min_evenings=5))
    assert response.status_code == 302, response.content.decode()[:3000]
    created, changed = _history(club)
    assert created.action == "season_created" and created.season == season
    assert changed.details["fields"] == ["min_evenings"], changed.details
    with translation.override("de"):
        label = str(Season._meta.get_field("min_evenings").verbose_name)
    assert label in _text(changed, "de") and "2026/27" in _text(changed, "de")

    # Once an evening counts, the rules are frozen: the refusal stores nothing and records nothing.
    EventFactory(club=club, season=season, status="finished", standings_version=1, date=datetime.date(2026, 9, 7))
    response = organiser_client.post(url, _season_form(organiser_client, url, min_evenings=6))
    assert response.status_code == 200 and "frozen" in response.content.decode()
    assert len(_history(club)) == 2
    # The name may still change, and that is kept too.
    response = organiser_client.post(url, _season_form(organiser_client, url, name="Saison 26/27"))
    assert response.status_code == 302
    assert _history(club)[-1].details == {"season_name": "Saison 26/27", "fields": ["name"]}


def test_divisions_and_the_next_season_are_kept(organiser):
    club = organiser.club
    season = SeasonFactory(club=club, divisions=2)
    players = [PlayerFactory(club=club) for _ in range(3)]
    services.season_divisions_set(season=season, divisions={players[0].pk: 1, players[1].pk: 2}, user=organiser.user)
    [row] = _history(club)
    assert row.action == "season_divisions_set" and row.details["placed"] == 1
    assert _text(row) == "Season “2026/27”: divisions set, 1 player above the lowest division."
    new = services.season_start_next(
        season=season,
        data={"name": "2027/28", "start_date": datetime.date(2027, 9, 1), "end_date": datetime.date(2028, 7, 31)},
        divisions={players[2].pk: 1},
        user=organiser.user,
    )
    last = _history(club)[-1]
    assert last.season == new and "2027/28" in _text(last) and "“2026/27”" in _text(last)


def test_forbidden_pairings_added_and_removed_with_the_reason(organiser):
    club = organiser.club
    a = PlayerFactory(club=club, first_name="Anke", last_name="Brandt")
    b = PlayerFactory(club=club, first_name="Jürgen", last_name="Brandt")
    pairing = services.forbidden_pairing_add(
        club=club, player_a=a, player_b=b, kind=ForbiddenPairing.Kind.PARTNERS, reason="Ehepaar", user=organiser.user
    )
    with pytest.raises(InvalidInput, match="already have a forbidden pairing"):
        services.forbidden_pairing_add(club=club, player_a=b, player_b=a, kind="table", user=organiser.user)
    services.forbidden_pairing_remove(pairing=pairing, user=organiser.user)
    assert len(_history(club)) == 2  # the refused second pairing kept nothing
    added, removed = _history(club)
    assert added.reason == "Ehepaar"
    assert _text(added, "de") == "Verbotene Paarung eingetragen: Anke Brandt und Jürgen Brandt, nie Partner."
    assert _text(removed) == "Forbidden pairing removed: Anke Brandt and Jürgen Brandt."


def test_club_settings_changed_name_the_fields(organiser, organiser_client):
    club = organiser.club
    url = reverse("tournaments:club_edit", kwargs={"club_slug": club.slug})
    values, _inputs = read_form(organiser_client.get(url).content.decode(), "stack")
    assert organiser_client.post(url, values).status_code == 302
    assert _history(club) == []  # saved unchanged: nothing to keep
    values.update(city=["Hamburg-Eppendorf"], embed_origins=["https://belote-hoheluft.de"])
    assert organiser_client.post(url, values).status_code == 302
    [row] = _history(club)
    assert row.details["fields"] == ["city", "embed_origins"] and row.user == organiser.user
    assert _text(row, "de").startswith("Vereinseinstellungen geändert: Stadt, ")


def test_the_history_page_in_german_shows_words_not_codes_and_one_season_apart(organiser, organiser_client):
    club = organiser.club
    season = SeasonFactory(club=club, name="Saison A")
    other = SeasonFactory(
        club=club, name="Saison B", start_date=datetime.date(2027, 9, 1), end_date=datetime.date(2028, 7, 1)
    )
    player = PlayerFactory(club=club, first_name="Ute", last_name="Vogt", publication="initials")
    services.player_update(player=player, data={"publication": Player.Publication.HIDDEN}, user=organiser.user)
    services.season_update(season=season, data={"min_evenings": 3}, user=organiser.user)
    services.season_update(season=other, data={"min_evenings": 4}, user=organiser.user)
    url = reverse("tournaments:club_history", kwargs={"club_slug": club.slug})
    page = organiser_client.get(url, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h1>Verlauf des Vereins</h1>" in page
    table = _table_text(page)
    assert "Ute Vogt: Name auf öffentlichen Seiten „Nur Initialen“ → „Nicht veröffentlicht“." in table
    with translation.override("de"):
        label = str(Season._meta.get_field("min_evenings").verbose_name)
    assert f"Saison „Saison A“: {label} geändert." in table
    assert "Saison „Saison B“:" in table
    for code in ("member_changed", "season_changed", "hidden", "initials", "min_evenings", "publication"):
        assert code not in table, code
    one = _table_text(organiser_client.get(url, {"season": season.pk}, HTTP_ACCEPT_LANGUAGE="de").content.decode())
    assert "Saison „Saison A“:" in one and "Saison B" not in one and "Ute Vogt" not in one


def _table_text(page):
    """The history table's words as a person reads them (no markup, no attributes)."""
    table = page.split('<table class="data club-history">')[1].split("</table>")[0]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", table))


def test_a_season_of_another_club_or_junk_is_404(organiser_client, organiser):
    url = reverse("tournaments:club_history", kwargs={"club_slug": organiser.club.slug})
    assert organiser_client.get(url, {"season": SeasonFactory().pk}).status_code == 404
    assert organiser_client.get(url, {"season": "x"}).status_code == 404


@pytest.mark.needs_postgres
def test_the_history_page_costs_the_same_queries_for_ten_rows_or_three_hundred(
    organiser, organiser_client, django_assert_max_num_queries
):
    club = organiser.club
    url = reverse("tournaments:club_history", kwargs={"club_slug": club.slug})

    def add(count):
        ClubLogEntry.objects.bulk_create(
            ClubLogEntry(club=club, action="member_added", user=organiser.user, details={"name": f"P {i}"})
            for i in range(count)
        )

    add(10)
    with django_assert_max_num_queries(8) as few:
        assert organiser_client.get(url).status_code == 200
    add(290)
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = organiser_client.get(url).content.decode()
    assert page.count('data-action="member_added"') == CLUB_HISTORY_PAGE
    assert organiser_client.get(url, {"page": 3}).content.decode().count('data-action="member_added"') == 100
    assert organiser_client.get(url, {"page": "junk"}).status_code == 200


def test_the_penalty_catalogue_kept_added_renamed_retired_and_offered_again(organiser, organiser_client):
    from scoring.models import PenaltyKind

    club = organiser.club
    url = reverse("results:penalty_kinds", args=[club.slug])
    form = {"name": "Handy am Tisch", "effect": "warning", "amount": "", "description": ""}
    assert organiser_client.post(url, form).status_code == 302
    kind = PenaltyKind.objects.get(club=club)
    edit = reverse("results:penalty_kind_edit", args=[club.slug, kind.pk])
    assert organiser_client.post(edit, form).status_code == 302  # saved unchanged: nothing kept
    assert organiser_client.post(edit, {**form, "name": "Telefon"}).status_code == 302
    retire = reverse("results:penalty_kind_retire", args=[club.slug, kind.pk])
    organiser_client.post(retire, {"retired": "1"})
    organiser_client.post(retire, {"retired": "1"})  # already retired: no second row
    organiser_client.post(retire, {"retired": "0"})
    assert [_text(row, "en") for row in _history(club)] == [
        "Penalty “Handy am Tisch” added to the catalogue.",
        "Penalty “Handy am Tisch” changed, now “Telefon”.",
        "Penalty “Telefon” retired: no longer offered.",
        "Penalty “Telefon” offered again.",
    ]
    assert {row.user for row in _history(club)} == {organiser.user}
