"""The limit on wrong card codes holds across web processes and against a burst: a second Python process
(another web worker, with its own memory and cache) sees the misses this one counted, and twenty wrong codes
sent at once from one address are counted as twenty, so exactly the limit's worth is looked up."""

import os
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection
from django.test import Client

from scoring.models import CardCodeMiss
from scoring.sheets.links import table_cards_ensure
from tests.factories import EventFactory
from tests.scoring.sheets.cards_helpers import card_of

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]
ADDRESS = "198.51.100.44"

# Another worker: its own interpreter and Django, the same database; it posts codes to the view and prints
# the statuses.
WORKER = """
import sys
import django
django.setup()
from django.test import RequestFactory
from django.utils import translation
from scoring.sheets.views.code import code_page
translation.activate("en")
for code in sys.argv[2:]:
    request = RequestFactory().post("/c/", {"code": code}, REMOTE_ADDR=sys.argv[1])
    print(code_page(request).status_code)
"""


def _other_worker(*codes: str) -> list[int]:
    database = connection.settings_dict
    login = quote(database["USER"]) + (f":{quote(database['PASSWORD'])}" if database["PASSWORD"] else "")
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://{login}@{database['HOST']}:{database['PORT']}/{database['NAME']}",
        "CARD_CODE_RATE_LIMIT": "4",
    }
    done = subprocess.run(
        [sys.executable, "-c", WORKER, ADDRESS, *codes], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return [int(line) for line in done.stdout.split()]


@pytest.fixture
def card():
    event = EventFactory()
    table_cards_ensure(event=event, table_numbers=[5])
    return card_of(event, 5, "A")


def _wrong(card, offset=1):
    return f"T5-N {(int(card.code) + offset) % 10_000:04d}"


def test_a_second_process_counts_the_same_misses(card, settings):
    settings.CARD_CODE_RATE_LIMIT = 4
    phone = Client(REMOTE_ADDR=ADDRESS)
    assert [phone.post("/c/", {"code": _wrong(card, n)}).status_code for n in (1, 2)] == [404, 404]
    # The other process gets two more wrong, then is refused; so is its right code.
    assert _other_worker(_wrong(card, 3), _wrong(card, 4), _wrong(card, 5), card.short_code) == [404, 404, 429, 429]
    assert phone.post("/c/", {"code": card.short_code}).status_code == 429
    assert CardCodeMiss.objects.filter(address=ADDRESS).count() == 4


def test_twenty_wrong_codes_at_once_are_counted_one_by_one(card, settings):
    settings.CARD_CODE_RATE_LIMIT = 5
    count = 20
    barrier = threading.Barrier(count)
    answers: list[int] = []
    lock = threading.Lock()

    def post(index):
        try:
            phone = Client(REMOTE_ADDR=ADDRESS)
            barrier.wait()
            status = phone.post("/c/", {"code": _wrong(card, index + 1)}).status_code
            with lock:
                answers.append(status)
        finally:
            connection.close()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers) == [404] * 5 + [429] * 15
    assert CardCodeMiss.objects.filter(address=ADDRESS).count() == 5
