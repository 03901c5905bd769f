"""A button whose label wraps onto two lines at 360 px keeps room around its text (found trying the demo: the
team link's "Spielblatt von Tisch 2 öffnen (Ost/West)" touched the button's top and bottom edge, as did
"Bestätigen: Der Spielbericht stimmt" and "Sperren und neue Karte ausgeben")."""

import pytest

from scoring.models import TeamLink
from scoring.sheets.links import team_links_ensure
from tests.scoring.entry_helpers import released_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Lines of the label, and the smallest gap (px) between the label's text and the button's top or bottom edge.
LABEL_ROOM = """sel => {
  const button = document.querySelector(sel);
  const range = document.createRange();
  range.selectNodeContents(button);
  const rects = [...range.getClientRects()].filter(r => r.width > 0);
  const box = button.getBoundingClientRect();
  const top = Math.min(...rects.map(r => r.top)), bottom = Math.max(...rects.map(r => r.bottom));
  return {lines: new Set(rects.map(r => Math.round(r.top))).size, room: Math.min(top - box.top, box.bottom - bottom),
          centred: Math.abs((box.left + box.right) / 2 - (Math.min(...rects.map(r => r.left)) +
                                                           Math.max(...rects.map(r => r.right))) / 2) < 3};
}"""


def test_a_two_line_button_label_keeps_room_inside_the_button(live_server, phone_page):
    round1, games = released_round(tables=2)
    team_links_ensure(event=round1.event)
    link = TeamLink.objects.get(entry=games[1].entry_b)
    phone_page.goto(f"{live_server.url}/p/{link.token}/")
    label = phone_page.evaluate(LABEL_ROOM, "#open-sheet")
    assert label["lines"] == 2  # the case in question: German wraps this label at 360 px
    assert label["room"] >= 6
    assert label["centred"]
