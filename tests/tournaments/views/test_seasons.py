"""A club's seasons: the form's refusals by field."""

import pytest

from tests.tournaments.views.view_helpers import url
from tournaments.models import Season

pytestmark = pytest.mark.django_db


def test_season_form_refuses_end_before_start(organiser_client, organiser):
    data = {"name": "2026", "start_date": "2026-09-01", "end_date": "2026-08-01", "ranking_rule": "sum"}
    response = organiser_client.post(url("season_create", club_slug=organiser.club.slug), data)
    assert response.status_code == 200
    assert Season.objects.count() == 0
    data.update(end_date="2027-07-31", ranking_rule="best_n")
    response = organiser_client.post(url("season_create", club_slug=organiser.club.slug), data)
    assert "best_n" in response.context["form"].errors
    data["best_n"] = 8
    assert organiser_client.post(url("season_create", club_slug=organiser.club.slug), data).status_code == 302
    assert Season.objects.get().best_n == 8
