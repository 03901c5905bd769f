"""Inviting a co-organiser (mail with a one-time link to set a password), password change and reset, with
Django's auth views and the locmem mail backend."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.factories import MembershipFactory, UserFactory
from tournaments.models import Membership

pytestmark = pytest.mark.django_db
User = get_user_model()


def organisers_url(club):
    return reverse("tournaments:organisers", kwargs={"club_slug": club.slug})


def link_in(message) -> str:
    return re.search(r"https?://\S+", message.body).group(0)


def test_invite_sends_a_link_that_sets_a_password_and_joins_the_club(organiser_client, organiser, client, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    response = organiser_client.post(organisers_url(organiser.club), {"email": "Heike@Example.org"})
    assert response.status_code == 302
    invited = User.objects.get(email="Heike@Example.org")
    assert not invited.has_usable_password()
    assert Membership.objects.get(user=invited, club=organiser.club).role == "organiser"
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["Heike@Example.org"]
    assert organiser.club.name in mail.outbox[0].subject
    link = link_in(mail.outbox[0])
    assert link.startswith("http://192.168.1.20:8000/accounts/invite/")

    client.logout()
    page = client.get(link, follow=True)
    assert page.status_code == 200 and page.context["validlink"]
    form_url = page.redirect_chain[-1][0]
    done = client.post(form_url, {"new_password1": "Kreuz-Bube-2026!", "new_password2": "Kreuz-Bube-2026!"})
    assert done.status_code == 302 and done["Location"] == reverse("tournaments:clubs")
    clubs = client.get(reverse("tournaments:clubs"))
    assert organiser.club.name in clubs.content.decode()
    invited.refresh_from_db()
    assert invited.check_password("Kreuz-Bube-2026!")
    # The link works once.
    again = client.get(link, follow=True)
    assert again.context["validlink"] is False


def test_invite_refuses_a_bad_address_and_an_existing_organiser_and_stores_nothing(organiser_client, organiser):
    response = organiser_client.post(organisers_url(organiser.club), {"email": "not an email"})
    assert response.status_code == 200 and response.context["form"].errors["email"]
    response = organiser_client.post(organisers_url(organiser.club), {"email": organiser.user.email})
    assert "already organises" in response.context["form"].errors["email"][0]
    assert User.objects.count() == 1 and not mail.outbox


def test_invite_of_an_existing_account_adds_the_membership_and_says_so(organiser_client, organiser):
    other = MembershipFactory(user=UserFactory(username="anke", email="anke@example.org"))
    organiser_client.post(organisers_url(organiser.club), {"email": "anke@example.org"})
    assert Membership.objects.filter(user=other.user, club=organiser.club, role="organiser").exists()
    assert "already have an account" in mail.outbox[0].body
    assert f"/o/{organiser.club.slug}/" in link_in(mail.outbox[0])


def test_invite_mail_failure_stores_nothing(organiser_client, organiser, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionRefusedError("connection refused")

    monkeypatch.setattr("tournaments.invitations.send_mail", broken)
    response = organiser_client.post(organisers_url(organiser.club), {"email": "neu@example.org"})
    assert "could not be sent" in response.context["form"].errors["email"][0]
    assert not User.objects.filter(email="neu@example.org").exists()


def test_organisers_page_is_for_the_clubs_organisers_only(client, organiser):
    client.force_login(MembershipFactory().user)
    assert client.post(organisers_url(organiser.club), {"email": "x@example.org"}).status_code == 404
    client.logout()
    assert client.get(organisers_url(organiser.club)).status_code == 302
    assert not mail.outbox


def test_password_change(organiser_client, organiser):
    url = reverse("password_change")
    assert organiser_client.get(url).status_code == 200
    new = "Belote-und-Rebelote-7"
    response = organiser_client.post(
        url, {"old_password": "correct horse battery staple", "new_password1": new, "new_password2": new}
    )
    assert response.status_code == 302 and response["Location"] == reverse("password_change_done")
    organiser.user.refresh_from_db()
    assert organiser.user.check_password("Belote-und-Rebelote-7")


def test_password_change_needs_login(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_password_reset_mail_uses_the_public_address_and_sets_a_new_password(client, organiser, settings):
    settings.SITE_URL = "http://atout.club.example"
    response = client.post(reverse("password_reset"), {"email": organiser.user.email})
    assert response.status_code == 302 and response["Location"] == reverse("password_reset_done")
    link = link_in(mail.outbox[0])
    assert link.startswith("http://atout.club.example/accounts/password/reset/")
    page = client.get(link.removeprefix("http://atout.club.example"), follow=True)
    assert page.context["validlink"]
    new = "Sieben-Acht-Neun-10"
    done = client.post(page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert done["Location"] == reverse("password_reset_complete")
    organiser.user.refresh_from_db()
    assert organiser.user.check_password("Sieben-Acht-Neun-10")


def test_password_reset_for_an_unknown_address_says_the_same_and_sends_nothing(client):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response.status_code == 302 and not mail.outbox


def test_german_pages(client):
    page = client.get(reverse("password_reset"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Passwort vergessen?" in page


def test_first_account_on_an_empty_installation_then_the_page_is_gone(client):
    assert not User.objects.exists()
    login_page = client.get(reverse("login")).content.decode()
    assert reverse("first_account") in login_page
    password = "Herz-Dame-Pik-As-9"
    response = client.post(
        reverse("first_account"),
        {"username": "leitung", "email": "leitung@example.org", "password1": password, "password2": password},
    )
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:clubs")
    assert client.get(reverse("tournaments:clubs")).status_code == 200  # logged in
    user = User.objects.get()
    assert user.check_password(password) and not user.is_staff
    # The first account starts the installation's clubs (and may allow others to).
    assert (
        user.has_perm("tournaments.add_club")
        and 'name="slug"' in client.get(reverse("tournaments:clubs")).content.decode()
    )
    client.logout()
    assert client.get(reverse("first_account")).status_code == 404
    response = client.post(
        reverse("first_account"),
        {"username": "zweite", "email": "x@example.org", "password1": password, "password2": password},
    )
    assert response.status_code == 404 and User.objects.count() == 1
    assert reverse("first_account") not in client.get(reverse("login")).content.decode()


def test_first_account_refuses_a_weak_password_naming_the_field(client):
    response = client.post(
        reverse("first_account"),
        {"username": "leitung", "email": "leitung@example.org", "password1": "123", "password2": "123"},
    )
    assert response.status_code == 200 and response.context["form"].errors["password2"]
    assert not User.objects.exists()


def test_password_reset_is_rate_limited_per_address_with_a_message(client, organiser, settings):
    settings.PASSWORD_RESET_RATE_LIMIT = 2
    for _ in range(2):
        assert client.post(reverse("password_reset"), {"email": organiser.user.email}).status_code == 302
    refused = client.post(reverse("password_reset"), {"email": organiser.user.email})
    assert refused.status_code == 429
    assert "at most 2 an hour" in refused.content.decode()
    assert len(mail.outbox) == 2


def test_logging_in_lands_on_my_clubs_not_the_landing_page(client, organiser):
    """Issue 19: the login landed on the marketing page; "next" still wins when the login page was sent to."""
    answer = client.post(
        reverse("login"), {"username": organiser.user.username, "password": "correct horse battery staple"}
    )
    assert answer.status_code == 302 and answer.url == reverse("tournaments:clubs")
    assert client.get(answer.url).status_code == 200
    client.logout()
    wanted = organisers_url(organiser.club)
    answer = client.post(
        reverse("login") + f"?next={wanted}",
        {"username": organiser.user.username, "password": "correct horse battery staple"},
    )
    assert answer.url == wanted
