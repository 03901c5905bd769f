"""The referee's deal form on a 360 × 740 phone (issue 19, item 4), for each of the five presets: a plain
deal fits one screen from the taker buttons to "save", with the rarer choices folded; after a save the new
total and the next deal's taker row are in sight; the trick fields move on by themselves (or on the number
pad's Enter key). The heights measured here are written in docs/table-entry.md."""

import pytest

from scoring.models import Deal
from scoring.rules.presets import PRESETS
from tests.scoring.entry_helpers import released_round, table_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROWS = "#sheet-live tbody tr[data-position]"
SCREEN = 740
# Page coordinates (scrollY included) and the scroll position, in CSS pixels.
BOXES = """() => {
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
                       return { top: r.top + scrollY, bottom: r.bottom + scrollY }; };
  return { taker: box('#deal-form [data-field="taker"]'), save: box('#save-deal'),
           total: box('#sheet-live tr.totals'), scroll: scrollY, focused: document.activeElement.id };
}"""


def choose(page, name, value):
    page.click(f'#deal-form label.choice:has(input[name="{name}"][value="{value}"])')


def open_sheet(live_server, page, preset):
    _round, games = released_round(tables=1, rules_preset=preset, rules_options={})
    _, link_a, _ = table_of(games[0])
    page.goto(f"{live_server.url}/t/{link_a.token}/")


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_a_plain_deal_fits_the_screen_and_the_next_one_starts_in_sight(live_server, phone_page, preset):
    page = phone_page
    open_sheet(live_server, page, preset)
    choose(page, "taker", "A")
    choose(page, "trump", "hearts")
    if preset == "coinche":
        page.select_option("#id_bid", "80")
    # The cursor waits in N/S's trick points; "92" takes no third digit, so the save button is next.
    assert page.evaluate("document.activeElement.id") == "id_tricks_a"
    page.keyboard.type("92")
    before = page.evaluate(BOXES)
    assert before["focused"] == "save-deal"
    assert page.locator("#deal-form details[data-fold][open]").count() == 0  # the rare choices folded
    page.keyboard.press("Enter")  # on the focused save button
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1")
    page.wait_for_function("!document.getElementById('save-deal').disabled")
    after = page.evaluate(BOXES)

    height = before["save"]["bottom"] - before["taker"]["top"]  # taker buttons to save: 459 (hoheluft) … 626 (coinche)
    header = after["taker"]["top"] - after["total"]["top"]  # what stays in sight above: the total, the deal's title
    assert height <= SCREEN - header, (preset, height, header)
    # After the save: the new total at the top, the next taker row, down to "save", all on the screen.
    assert after["scroll"] <= after["total"]["top"], after
    assert after["save"]["bottom"] - after["scroll"] <= SCREEN, after
    assert page.locator('#sheet-live [data-total="A"]').inner_text() != "0"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_the_trick_fields_move_on_after_the_last_possible_digit_or_on_enter(live_server, phone_page):
    page = phone_page
    open_sheet(live_server, page, "hoheluft")
    for name in ("tricks_a", "tricks_b"):
        field = page.locator(f"#id_{name}")
        assert (field.get_attribute("inputmode"), field.get_attribute("enterkeyhint")) == ("numeric", "done")
    choose(page, "taker", "B")
    choose(page, "trump", "clubs")
    page.keyboard.type("10")  # 10 may still become 102
    assert page.evaluate("document.activeElement.id") == "id_tricks_a"
    page.keyboard.type("2")
    assert page.evaluate("document.activeElement.id") == "save-deal"
    assert page.input_value("#id_tricks_b") == "60"

    page.click("#id_tricks_a")
    page.keyboard.press("Control+A")
    page.keyboard.type("16")  # 16 could become 160: Enter says it is done
    assert page.evaluate("document.activeElement.id") == "id_tricks_a"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "save-deal"
    assert page.locator(ROWS).count() == 0  # Enter in a number field moves on; it sends nothing


def test_the_folded_choices_stay_reachable_and_fold_again_after_a_save(live_server, phone_page):
    page = phone_page
    open_sheet(live_server, page, "coinche")
    choose(page, "taker", "A")
    choose(page, "trump", "spades")
    page.select_option("#id_bid", "capot")
    rare = page.locator("#fold-rare")
    assert not rare.evaluate("el => el.open")
    rare.locator("summary").click()
    choose(page, "multiplier", "2")
    choose(page, "capot", "A")
    assert page.locator("#id_tricks_a").is_hidden()  # a capot needs no trick points
    page.click("#save-deal")
    page.wait_for_function(f"document.querySelectorAll('{ROWS}').length === 1")
    assert Deal.objects.get().data == {
        "contract": {"taker": "A", "trump": "spades", "bid": "capot", "multiplier": 2},
        "capot": "A",
    }
    assert not rare.evaluate("el => el.open")  # the next deal starts plain again
    assert page.locator("#deal-form details[data-fold][open]").count() == 0
