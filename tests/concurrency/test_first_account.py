"""Twenty people set up a new installation at the same moment, on PostgreSQL, each request in a thread with its
own connection: exactly one account is made; the others are told that an account exists and to log in."""

import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.urls import reverse

from tournaments.forms.accounts import FirstAccountForm

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

PASSWORD = "Herz-Dame-Pik-As-9"


@pytest.fixture
def slow_save(monkeypatch):
    """Each account's save takes a moment, as a real password hash does: the window between the check and
    the write is wide open."""
    original = FirstAccountForm.save

    def slow(self, *args, **kwargs):
        time.sleep(0.2)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(FirstAccountForm, "save", slow)


def test_twenty_simultaneous_first_accounts_make_exactly_one(slow_save):
    count = 20
    barrier = threading.Barrier(count)
    answers: list[tuple[int, str]] = []
    lock = threading.Lock()

    def post(index):
        try:
            client = Client(HTTP_ACCEPT_LANGUAGE="en")
            data = {"username": f"leitung{index}", "email": f"l{index}@example.org"}
            data |= {"password1": PASSWORD, "password2": PASSWORD}
            barrier.wait()
            response = client.post(reverse("first_account"), data)
            with lock:
                answers.append((response.status_code, response.content.decode()))
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert get_user_model().objects.count() == 1
    codes = sorted(code for code, _body in answers)
    assert codes.count(302) == 1 and len(codes) == count
    refused = [body for code, body in answers if code != 302]
    # Those that reached the check under the lock are told why; those that came after the winner find the
    # page gone (404), as anyone does once the installation has its account.
    assert all(code in (409, 404) for code in codes if code != 302)
    told = [body for code, body in answers if code == 409]
    assert all("An organiser account exists already; log in." in body for body in told)
    assert len(refused) == count - 1 and told
