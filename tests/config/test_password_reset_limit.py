"""The password reset limit holds across web processes and behind a proxy: it counts in the database, by the
client address axes uses (X-Forwarded-For behind AXES_PROXY_COUNT proxies), not in a process's own cache."""

import pytest
from django.core.cache import caches
from django.http import HttpResponse
from django.test import RequestFactory

from config.security import rate_limited_password_reset
from tournaments.models import PasswordResetRequest

pytestmark = pytest.mark.django_db

URL = "/accounts/password/reset/"


@pytest.fixture
def reset():
    sent = []

    @rate_limited_password_reset
    def view(request):
        sent.append(request.POST["email"])
        return HttpResponse("sent")

    view.sent = sent
    return view


def _post(**meta):
    request = RequestFactory().post(URL, {"email": "a@example.org"}, **meta)
    request.LANGUAGE_CODE = "en"
    return request


def test_a_second_worker_does_not_start_the_count_again(reset, settings):
    settings.PASSWORD_RESET_RATE_LIMIT = 5
    answers = []
    for _ in range(15):
        answers.append(reset(_post(REMOTE_ADDR="198.51.100.9")).status_code)
        # The next request lands on another worker, whose own cache knows nothing of this one.
        caches["default"].clear()
    assert answers == [200] * 5 + [429] * 10
    assert len(reset.sent) == 5
    assert PasswordResetRequest.objects.filter(address="198.51.100.9").count() == 5


def test_behind_a_proxy_each_client_counts_for_itself(reset, settings):
    settings.PASSWORD_RESET_RATE_LIMIT = 2
    settings.AXES_IPWARE_PROXY_COUNT = 1
    proxy = "10.0.0.2"
    one = [reset(_post(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.1")).status_code for _ in range(3)]
    two = [reset(_post(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="203.0.113.2")).status_code for _ in range(3)]
    assert one == [200, 200, 429] and two == [200, 200, 429]
    # A client that writes its own X-Forwarded-For gets no fresh count: the proxy's entry is on the right.
    forged = _post(REMOTE_ADDR=proxy, HTTP_X_FORWARDED_FOR="192.0.2.77, 203.0.113.1")
    assert reset(forged).status_code == 429
    assert set(PasswordResetRequest.objects.values_list("address", flat=True)) == {"203.0.113.1", "203.0.113.2"}


def test_the_refusal_says_the_limit_in_the_users_language(reset, settings):
    settings.PASSWORD_RESET_RATE_LIMIT = 1
    reset(_post(REMOTE_ADDR="198.51.100.20"))
    refused = _post(REMOTE_ADDR="198.51.100.20")
    refused.LANGUAGE_CODE = "de"
    from django.utils import translation

    with translation.override("de"):
        response = reset(refused)
    assert response.status_code == 429 and "1" in response.content.decode()
