"""The round view's close text tells the truth about the event-long table cards: they keep working."""

import pytest

from tests.address_helpers import round_url
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "cards_keep_working", "stale"),
    [
        ("en", "The table cards keep working", "the table links stop working"),
        ("de", "Die Tischkarten funktionieren weiter", "funktionieren dann nicht mehr"),
        ("fr", "Les cartes de table restent valables", "cessent de fonctionner"),
    ],
)
def test_the_close_text_says_the_table_cards_keep_working(client, language, cards_keep_working, stale):
    round, _games = released_round(tables=2)
    client.force_login(MembershipFactory(club=round.event.club).user)
    html = client.get(round_url(round), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    close = html[html.index('id="close-title"') : html.index('id="close-round"')]
    assert cards_keep_working in close
    assert stale not in close
