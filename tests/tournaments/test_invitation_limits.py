"""Invitations with addresses at the edge: longer than an account's email holds (refused, naming the rule and
the numbers, nothing stored), and two long addresses that share their first 150 characters (two accounts)."""

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tournaments.models import Membership

pytestmark = pytest.mark.django_db

User = get_user_model()


def organisers_url(club):
    return reverse("tournaments:organisers", kwargs={"club_slug": club.slug})


def test_an_email_over_254_characters_is_refused_with_the_numbers(organiser_client, organiser):
    email = "a" * 60 + "@" + ".".join(["b" * 60] * 4) + ".org"  # 309 characters, each part within its limit
    assert len(email) > 254
    response = organiser_client.post(organisers_url(organiser.club), {"email": email})
    assert response.status_code == 200
    errors = response.context["form"].errors["email"]
    assert any("254" in error and str(len(email)) in error for error in errors), errors
    assert not User.objects.filter(email=email).exists() and not mail.outbox
    german = organiser_client.post(organisers_url(organiser.club), {"email": email}, HTTP_ACCEPT_LANGUAGE="de")
    assert german.status_code == 200 and "254" in german.context["form"].errors["email"][0]


def test_two_long_emails_with_the_same_first_150_characters_get_two_accounts(organiser_client, organiser):
    head = "s" * 64 + "@" + "h" * 63 + "." + "m" * 40 + "."  # 170 characters before the difference
    first, second = head + "north.de", head + "south.de"
    assert first[:150] == second[:150] and len(first) <= 254
    for email in (first, second):
        response = organiser_client.post(organisers_url(organiser.club), {"email": email})
        assert response.status_code == 302, response.context and response.context["form"].errors
    accounts = User.objects.filter(email__in=[first, second])
    assert accounts.count() == 2 and len({user.username for user in accounts}) == 2
    assert all(len(user.username) <= 150 for user in accounts)
    assert Membership.objects.filter(club=organiser.club, user__in=accounts).count() == 2
