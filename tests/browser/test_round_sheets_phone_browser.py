"""The organiser's score-sheet overview at 360 px (found trying the demo): the status cell of a table being
entered holds a badge, "entered by N/S" and the switch button; squeezed into one flex row they broke every
word into syllables ("In / Ein / ga / be"). Each must keep its words whole."""

import pytest

from tests.address_helpers import round_url
from tests.browser.helpers import session_login
from tests.factories import MembershipFactory
from tests.scoring.entry_helpers import HOHELUFT_GAME, link_actor, released_round, table_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# For each element: is any single word split over two lines? (a word is split when one of its characters
# sits on a different line than the word's first character)
WORDS_BROKEN = """sel => [...document.querySelectorAll(sel)].flatMap(el => {
  const broken = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) broken.push(m[0]);
    }
  }
  return broken;
})"""


def test_the_status_cell_keeps_its_words_whole_on_a_phone(live_server, phone_page):
    from scoring.sheets.services import deal_create

    round, games = released_round(tables=1)
    sheet, link_a, _ = table_of(games[0])
    deal_create(sheet=sheet, data=HOHELUFT_GAME[0], version=sheet.version, client_id="one", actor=link_actor(link_a))
    session_login(phone_page.context, live_server, MembershipFactory(club=round.event.club).user)
    phone_page.goto(live_server.url + round_url(round))
    phone_page.wait_for_selector("[data-switch-side]")
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 360
    assert phone_page.evaluate(WORDS_BROKEN, "table.round-sheets td") == []
