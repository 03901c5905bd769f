"""Table tokens never reach a log: Django's request log (a 404, a 500), runserver's access lines, gunicorn's
access log all show `/t/…/` where the token was, on real log records through the configured loggers."""

import io
import logging
from types import SimpleNamespace

import pytest
from gunicorn.config import Config

from config.logs import MASK, GunicornLogger, TokenMaskFilter, mask_tokens

TOKEN = "Qm9uam91ci1sZXMtYW1pcy1kZS1sYS1iZWxvdGUtOTk"  # 43 characters, as secrets.token_urlsafe(32)


def test_mask_replaces_the_token_of_every_link_kind_and_nothing_else():
    for head in ("/t/", "/p/", "/v/", "/api/v1/table/"):
        assert mask_tokens(f"GET {head}{TOKEN}/deals/?x=1 HTTP/1.1") == f"GET {head}{MASK}/deals/?x=1 HTTP/1.1"
    for plain in ("/t/sw.js", "/o/club/events/abend/rounds/2/", "/api/v1/sheets/12/", "/e/club/abend/"):
        assert mask_tokens(plain) == plain


@pytest.mark.django_db
def test_a_not_found_under_a_token_is_logged_without_it(client, caplog):
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(f"/t/{TOKEN}/").status_code == 404
        assert client.get(f"/api/v1/table/{TOKEN}/").status_code == 404
    messages = [record.getMessage() for record in caplog.records if record.name == "django.request"]
    assert len(messages) == 2, messages
    assert all(TOKEN not in message and f"/{MASK}/" in message for message in messages)


def test_runserver_access_lines_are_masked(caplog):
    with caplog.at_level(logging.INFO, logger="django.server"):
        logging.getLogger("django.server").info('"%s" %s %s', f"GET /p/{TOKEN}/ HTTP/1.1", "200", "1234")
    (record,) = [record for record in caplog.records if record.name == "django.server"]
    assert record.getMessage() == f'"GET /p/{MASK}/ HTTP/1.1" 200 1234'


def test_a_traceback_that_names_a_token_is_masked():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(TokenMaskFilter())
    logger = logging.getLogger("tests.logs.traceback")
    logger.addHandler(handler)
    try:
        try:
            raise ValueError(f"no game at /v/{TOKEN}/")
        except ValueError:
            logger.exception("failed")
    finally:
        logger.removeHandler(handler)
    assert "ValueError: no game at /v/…/" in stream.getvalue() and TOKEN not in stream.getvalue()


def test_gunicorns_access_and_error_logs_are_masked(capsys):
    cfg = Config()
    cfg.set("accesslog", "-")
    log = GunicornLogger(cfg)
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": f"/api/v1/table/{TOKEN}/deals/",
        "PATH_INFO": f"/api/v1/table/{TOKEN}/deals/",
        "QUERY_STRING": "",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "198.51.100.7",
        "HTTP_REFERER": f"https://atout.example/t/{TOKEN}/",
    }
    response = SimpleNamespace(status="201 Created", sent=42, response_length=42, headers=[])
    request = SimpleNamespace(headers=[("REFERER", f"https://atout.example/t/{TOKEN}/")])
    log.access(response, request, environ, SimpleNamespace(seconds=0, microseconds=1000))
    log.error("Error handling request /p/%s/", TOKEN)
    out = capsys.readouterr()
    written = out.out + out.err
    assert f"/api/v1/table/{MASK}/deals/" in written and f"/t/{MASK}/" in written and f"/p/{MASK}/" in written
    assert TOKEN not in written
