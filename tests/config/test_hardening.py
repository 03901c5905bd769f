"""Site-wide hardening: login rate limit, password reset limit, Content-Security-Policy without inline
scripts, API docs from our own static files, no /media/ route, and no secrets on the debug page."""

import re
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import RequestFactory, override_settings
from django.urls import resolve
from django.urls.exceptions import Resolver404
from django.views.debug import ExceptionReporter

from config.security import rate_limited_password_reset
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery staple"
TEMPLATES = Path(settings.BASE_DIR) / "templates"


# --- login rate limit -------------------------------------------------------------------------------------


def test_fifty_wrong_passwords_then_the_right_one_does_not_log_in(client):
    user = UserFactory(username="leitung")
    for _ in range(50):
        response = client.post(
            "/accounts/login/", {"username": "leitung", "password": "wrong"}, HTTP_ACCEPT_LANGUAGE="de"
        )
        assert response.status_code in (200, 429)
    response = client.post("/accounts/login/", {"username": "leitung", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    page = response.content.decode()
    # The lockout says what happened, with the numbers, in the page's language.
    assert f"Nach {settings.AXES_FAILURE_LIMIT} falschen Passwörtern" in page
    assert f"{int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)} Minuten" in page
    assert user.pk


def test_the_right_password_after_a_few_mistakes_still_logs_in(client):
    UserFactory(username="leitung")
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post("/accounts/login/", {"username": "leitung", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "leitung", "password": PASSWORD})
    assert response.status_code == 302
    assert "_auth_user_id" in client.session


def test_a_lockout_of_one_username_leaves_other_organisers_alone(client):
    UserFactory(username="leitung")
    UserFactory(username="kasse")
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        client.post("/accounts/login/", {"username": "leitung", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "kasse", "password": PASSWORD})
    assert response.status_code == 302


def test_the_admin_login_is_rate_limited_too(client):
    UserFactory(username="chef", is_staff=True, is_superuser=True)
    for _ in range(settings.AXES_FAILURE_LIMIT + 1):
        client.post("/admin/login/", {"username": "chef", "password": "wrong"})
    response = client.post("/admin/login/", {"username": "chef", "password": PASSWORD, "next": "/admin/"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_password_reset_requests_are_limited_per_address(settings):
    settings.PASSWORD_RESET_RATE_LIMIT = 3
    sent = []

    @rate_limited_password_reset
    def reset(request):
        if request.method == "POST":
            sent.append(request.POST["email"])
        from django.http import HttpResponse

        return HttpResponse("sent")

    factory = RequestFactory()
    answers = []
    for _ in range(5):
        request = factory.post("/accounts/password_reset/", {"email": "a@example.org"}, REMOTE_ADDR="198.51.100.9")
        request.LANGUAGE_CODE = "de"
        answers.append(reset(request).status_code)
    assert answers == [200, 200, 200, 429, 429]
    assert len(sent) == 3
    other = factory.post("/accounts/password_reset/", {"email": "b@example.org"}, REMOTE_ADDR="198.51.100.10")
    assert reset(other).status_code == 200
    # GET (the empty form) is never counted.
    assert reset(factory.get("/accounts/password_reset/", REMOTE_ADDR="198.51.100.9")).status_code == 200


# --- Content-Security-Policy ------------------------------------------------------------------------------


def _policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in header.split(";") if part.strip()}


@pytest.mark.parametrize(
    "url", ["/", "/accounts/login/", "/rules/calculator/", "/healthz", "/api/v1/", "/admin/login/", "/does-not-exist/"]
)
def test_every_kind_of_page_carries_a_policy_without_inline_scripts(client, url):
    response = client.get(url)
    policy = _policy(response)
    assert policy["script-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]


def test_organiser_and_public_pages_carry_the_policy(organiser_client, organiser):
    response = organiser_client.get("/o/")
    assert response.status_code in (200, 302)
    assert _policy(response)["script-src"] == ["'self'"]


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
EVENT_ATTRIBUTE = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
STYLE_ATTRIBUTE = re.compile(r"<[^>]*\sstyle\s*=", re.IGNORECASE)


def test_no_template_has_an_inline_script_an_event_attribute_or_a_style_attribute():
    offenders = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for pattern, what in (
            (INLINE_SCRIPT, "inline <script>"),
            (EVENT_ATTRIBUTE, "on*= attribute"),
            (STYLE_ATTRIBUTE, "style= attribute"),
        ):
            for match in pattern.finditer(text):
                if what == "inline <script>" and 'type="application/json"' in match.group(0):
                    continue  # json_script data, not code
                offenders.append(f"{path.relative_to(TEMPLATES)}: {what}: {match.group(0)[:60]}")
    assert offenders == []


def test_the_check_itself_finds_an_inline_script():
    assert INLINE_SCRIPT.search("<script>alert(1)</script>")
    assert not INLINE_SCRIPT.search('<script src="/static/x.js" defer></script>')
    assert EVENT_ATTRIBUTE.search('<button onclick="x()">')
    assert STYLE_ATTRIBUTE.search('<span style="color: red">')


# --- API docs from our own static files -------------------------------------------------------------------


@pytest.mark.parametrize("url", ["/api/docs/", "/api/redoc/"])
def test_api_docs_load_nothing_from_another_site_and_no_inline_script(client, url):
    response = client.get(url)
    assert response.status_code == 200
    page = response.content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources, page
    assert all(s.startswith("/") for s in sources), sources
    assert "cdn" not in page.lower() and "@latest" not in page
    assert not INLINE_SCRIPT.search(page)
    policy = _policy(response)
    assert policy["script-src"] == ["'self'"]


def test_swagger_start_script_is_served_from_our_site(client):
    page = client.get("/api/docs/").content.decode()
    script = re.findall(r'<script src="([^"]+)"', page)[-1]
    response = client.get(script)
    assert response.status_code == 200
    assert "SwaggerUIBundle" in response.content.decode()


# --- exports only through the checked view ----------------------------------------------------------------


@override_settings(DEBUG=True)
def test_there_is_no_media_route_even_in_debug():
    import importlib

    import config.urls

    importlib.reload(config.urls)
    try:
        with pytest.raises(Resolver404):
            resolve(settings.MEDIA_URL + "exports/club-event.csv")
    finally:
        importlib.reload(config.urls)


# --- the debug page hides URL-style secrets ---------------------------------------------------------------


def _secret_url(scheme: str, user: str, name: str, rest: str) -> str:
    # Spelled in pieces: the debug page quotes the source lines around each frame of the traceback.
    return f"{scheme}://{user}:{name}-s3" + f"cret@{rest}"


SECRET_SETTINGS = {
    "DATABASE_URL": _secret_url("postgres", "atout", "db", "db:5432/atout"),
    "CELERY_BROKER_URL": _secret_url("redis", "", "broker", "redis:6379/0"),
    "CELERY_RESULT_BACKEND": _secret_url("redis", "", "result", "redis:6379/0"),
    "CACHE_URL": _secret_url("rediscache", "", "cache", "redis:6379/1"),
    "SOME_SERVICE": _secret_url("https", "user", "other", "example.org/"),
}


def _configure(settings):
    for name, value in SECRET_SETTINGS.items():
        setattr(settings, name, value)


def _explode():
    raise RuntimeError("boom")


def test_debug_page_hides_passwords_of_every_url_style_secret(settings):
    settings.DEBUG = True
    _configure(settings)  # not in this frame: the page would show its local variables
    request = RequestFactory().get("/boom/", HTTP_X_ENV=_secret_url("postgres", "u", "meta", "db/x"))
    try:
        _explode()
    except RuntimeError:
        reporter = ExceptionReporter(request, *sys.exc_info())
    html = reporter.get_traceback_html()
    text = reporter.get_traceback_text()
    for secret in (f"{name}-s3" + "cret" for name in ("db", "broker", "result", "cache", "other", "meta")):
        assert secret not in html, secret
        assert secret not in text, secret
    assert "DATABASE_URL" in html  # the setting is listed, its value hidden
    assert "example.org" in html  # a URL that is not secret by name keeps everything but its password
