"""The organiser's score-sheet overview names each table link by its seats (N/S, O/W), never by the side's
code letter (found trying the demo: the links read "A sperren", "B sperren")."""

import re

import pytest
from django.utils import translation

from tests.address_helpers import round_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round

pytestmark = pytest.mark.django_db


def test_table_links_on_the_overview_carry_seat_names_not_side_codes(client):
    round, _games = released_round(tables=2)
    client.force_login(MembershipFactory(club=round.event.club).user)
    with translation.override("de"):
        html = client.get(round_url(round), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    link_texts = re.findall(r'<a href="[^"]*/t/[^"]+/" target="_blank"[^>]*>([^<]*)</a>', html)
    assert len(link_texts) == 4
    assert sorted(set(link_texts)) == ["N/S", "O/W"]
