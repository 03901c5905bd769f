"""The close page's "confirm the remaining sheets" tick box sits on the line of its words (found trying the
demo on the score-sheet overview, where the box was then: 44 px tall like a text field, it floated above its
label's text)."""

import pytest

from tests.address_helpers import round_url
from tests.browser.helpers import session_login
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import released_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MIDDLES = """() => {
  const box = document.querySelector('input[name=confirm_all]');
  const label = box.closest('label');
  const range = document.createRange();
  range.setStart(box.nextSibling, 0); range.setEndAfter(label.lastChild);
  const text = [...range.getClientRects()].filter(r => r.width > 0)[0];
  const b = box.getBoundingClientRect();
  return {box: (b.top + b.bottom) / 2, text: (text.top + text.bottom) / 2, height: b.height};
}"""


def test_the_close_rounds_tick_box_is_level_with_its_words(live_server, desktop_page):
    round, _games = released_round(tables=1)
    session_login(desktop_page.context, live_server, MembershipFactory(club=round.event.club).user)
    desktop_page.goto(live_server.url + round_url(round, "close/"))
    where = desktop_page.evaluate(MIDDLES)
    assert abs(where["box"] - where["text"]) <= 3
    assert where["height"] < 30
