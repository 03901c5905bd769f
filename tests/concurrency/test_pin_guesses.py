"""Twelve wrong PINs sent at once for one side of one sheet: the advisory lock makes them queue, so exactly
PIN_FAILURE_LIMIT are checked and counted and the rest are told to wait; none confirms."""

from __future__ import annotations

import threading

import pytest
from django.db import connection
from rest_framework.test import APIClient

from scoring.models import PinFailure, Sheet, TableLink
from scoring.sheets.permissions import Actor
from scoring.sheets.pins import PIN_FAILURE_LIMIT
from scoring.sheets.services import deal_create, sheet_submit
from tests.scoring.sheets.cards_helpers import card_of, evening

pytestmark = [pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

DEAL = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 70}}


def test_wrong_pins_at_once_are_counted_up_to_the_limit_exactly():
    event, _round, _entries, games = evening(tables=1, deals=2)
    a = Actor(link=TableLink.objects.active().get(game=games[0], side="A"), card=card_of(event, 1, "A"))
    sheet = Sheet.objects.get(game=games[0])
    for number in range(2):
        sheet = deal_create(sheet=sheet, data=DEAL, version=sheet.version, client_id=f"d{number}", actor=a).sheet
    sheet = sheet_submit(sheet=sheet, version=sheet.version, actor=a)
    token = TableLink.objects.active().get(game=games[0], side="B").token
    pin = card_of(event, 1, "B").pin
    guesses = [f"{n:04d}" for n in range(20) if f"{n:04d}" != pin][:12]
    barrier, answers = threading.Barrier(len(guesses)), []

    def guess(value):
        try:
            barrier.wait()
            body = {"version": sheet.version, "pin": value}
            answers.append(APIClient().post(f"/api/v1/table/{token}/confirm/", body, format="json").status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(value,)) for value in guesses]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers) == [403] * (PIN_FAILURE_LIMIT - 1) + [429] * (len(guesses) - PIN_FAILURE_LIMIT + 1)
    assert PinFailure.objects.filter(sheet=sheet, side="B").count() == PIN_FAILURE_LIMIT
    assert Sheet.objects.get(pk=sheet.pk).status == Sheet.Status.SUBMITTED
