"""Issue 10 leftover: a team link can be revoked and reissued from the organiser's table cards page, like a
table card; other clubs and anonymous users cannot."""

import pytest

from scoring.models import TeamLink
from tests.address_helpers import event_url
from tests.factories import MembershipFactory
from tests.scoring.sheets.cards_helpers import evening

pytestmark = pytest.mark.django_db


def active(entry) -> TeamLink:
    return TeamLink.objects.active().get(entry=entry)


def test_the_cards_page_lists_each_teams_link_with_a_revoke_button(client):
    event, _round, entries, _games = evening()
    client.force_login(MembershipFactory(club=event.club).user)
    page = client.get(event_url(event, "cards/")).content.decode()
    for entry in entries:
        assert f'href="http://testserver/p/{active(entry).token}/"' in page
        assert f'action="{event_url(event, f"cards/teams/{entry.number}/reissue/")}"' in page


def test_revoking_a_team_link_stops_the_old_one_and_issues_a_new_one(client):
    event, _round, entries, _games = evening()
    client.force_login(MembershipFactory(club=event.club).user)
    team, other = entries[3], entries[0]
    old, kept = active(team), active(other)
    answer = client.post(event_url(event, f"cards/teams/{team.number}/reissue/"))
    assert answer.status_code == 302 and answer["Location"].endswith(f"#team-{team.number}")
    assert client.get(f"/p/{old.token}/").status_code == 404
    new = active(team)
    assert new.token != old.token and client.get(f"/p/{new.token}/").status_code == 200
    assert active(other) == kept  # other teams keep their links
    page = client.get(event_url(event, "cards/")).content.decode()
    assert new.token in page and old.token not in page


def test_other_clubs_and_anonymous_users_cannot_revoke_a_team_link(client):
    event, _round, entries, _games = evening()
    url = event_url(event, f"cards/teams/{entries[0].number}/reissue/")
    assert client.post(url).status_code == 302  # to the login page
    client.force_login(MembershipFactory().user)  # organiser of another club
    assert client.post(url).status_code == 404
    assert client.get(url).status_code in (404, 405)
    assert TeamLink.objects.filter(entry=entries[0], revoked_at__isnull=False).count() == 0


def test_an_entry_of_another_event_is_not_found(client):
    event, _round, _entries, _games = evening()
    _other_event, _r, other_entries, _g = evening()
    client.force_login(MembershipFactory(club=event.club).user)
    answer = client.post(event_url(event, f"cards/teams/{other_entries[0].number}/reissue/"))
    assert answer.status_code == 404
    assert active(other_entries[0]).revoked_at is None
