"""The public score calculator page: renders for anyone, in German and English, with what its script needs."""

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.rules import list_presets

URL = "/rules/calculator/"


def config_of(response) -> dict:
    match = re.search(
        r'<script id="calc-config" type="application/json">(.*?)</script>', response.content.decode(), re.S
    )
    assert match, "the page embeds its configuration"
    return json.loads(match.group(1))


def test_url_name():
    assert reverse("scoring:calculator") == URL


@pytest.mark.django_db
def test_renders_for_anonymous_visitors_in_english(client):
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "scoring/calculator.html" in [t.name for t in response.templates]
    assert "base.html" in [t.name for t in response.templates]
    html = response.content.decode()
    assert '<html lang="en">' in html
    assert "Score calculator" in html
    assert 'id="calc-deal-template"' in html and 'id="calc-announcement-template"' in html
    assert "scoring/calculator.js" in html and "scoring/calculator.css" in html
    config = config_of(response)
    assert config["score_url"] == reverse("rules-score") == "/api/v1/rules/score/"
    assert [p["name"] for p in config["presets"]] == [p["name"] for p in list_presets()]
    coinche = next(p for p in config["presets"] if p["name"] == "coinche")
    assert coinche["deal_totals"] == {"suit": 162, "no_trump": 162, "all_trump": 162}
    assert coinche["settings"]["bid_max"] == 160
    assert coinche["length_text"] == "Game: to 2000 points."
    assert config["strings"]["deal"] == "Deal %(n)s"
    assert config["strings"]["made"] == "made"


@pytest.mark.django_db
def test_renders_in_german(client):
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="de">' in html
    # The page's strings go through the German catalogue: whatever it holds, what is rendered is what gettext
    # gives for the German language.
    with translation.override("de"):
        expected_title = translation.gettext("Score calculator")
        expected_deal = translation.gettext("Deal %(n)s")
    assert expected_title in html
    assert config_of(response)["strings"]["deal"] == expected_deal


@pytest.mark.django_db
def test_every_visible_string_is_translatable(client, monkeypatch):
    # Swap the catalogue for one that marks every string: nothing user-facing may stay unmarked.
    from django.utils.translation import trans_real

    real = trans_real.gettext

    def marked(message):
        result = real(message)
        return f"⟦{result}⟧" if message.strip() else result

    monkeypatch.setattr(translation._trans, "gettext", marked)
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    main = html[html.index('<section class="calculator"') : html.index('<script id="calc-config"')]
    texts = [t.strip().lstrip("♣♦♥♠ ") for t in re.sub(r"<[^>]+>", "\n", main).split("\n")]
    names = {p["name"].capitalize() for p in list_presets()}  # proper names of the rule sets
    bare = [t for t in texts if t and not t.startswith("⟦") and t not in names and not re.fullmatch(r"[#—✕×0-9]+", t)]
    assert bare == [], bare
    strings = config_of(response)["strings"]
    assert all(value.startswith("⟦") for value in strings.values())


@pytest.mark.django_db
def test_small_screen_markup(client):
    html = client.get(URL).content.decode()
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in html
    assert 'inputmode="numeric"' in html


def test_stylesheet_fits_a_phone():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "static/scoring/calculator.css").read_text()
    # One or two columns below 40rem; the wider grid only in the media query.
    head, _, wide = css.partition("@media (min-width: 40rem)")
    assert "repeat(3, 1fr)" not in head and "repeat(3, 1fr)" in wide


def test_only_get(client):
    assert client.post(URL).status_code == 405


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_typing_deals_in_a_phone_browser(live_server, phone_page):
    page = phone_page
    page.goto(live_server.url + URL)
    first = page.locator(".calc-deal").nth(0)
    # Typing one team's trick points fills in the other team's (162 - 92).
    first.locator('[data-field="tricks-a"]').fill("92")
    assert first.locator('[data-field="tricks-b"]').input_value() == "70"
    first.locator('[data-field="belote-a"]').select_option("1")
    page.wait_for_function("document.getElementById('calc-total-a').textContent === '112'")
    assert page.locator("#calc-total-b").inner_text() == "70"
    assert "112" in first.locator("[data-result]").inner_text()

    # A litige on the second deal: 81 held, shown in the totals row.
    page.click("#calc-add")
    second = page.locator(".calc-deal").nth(1)
    second.locator('[data-field="taker"]').select_option("B")
    second.locator('[data-field="tricks-a"]').fill("81")
    page.wait_for_function("document.getElementById('calc-total-held').textContent === '81'")
    assert page.locator("#calc-rows tr").count() == 2
    # Running totals: after deal 2, A has 112 + 81 (defenders' points), B 70 + 0.
    assert page.locator("#calc-rows tr").nth(1).locator(".calc-running").all_inner_texts() == ["Σ 193", "Σ 70"]

    # An impossible total: the message names the rule and the numbers, next to the deal.
    # (Above the deal total the other team's points are left as they were.)
    second.locator('[data-field="tricks-a"]').fill("170")
    assert second.locator('[data-field="tricks-b"]').input_value() == "81"
    error = second.locator("[data-errors] li").first
    error.wait_for()
    assert "162" in error.inner_text() and "251" in error.inner_text()
    assert second.locator('[data-wrap="tricks"].has-error').count() == 1

    # Coinche shows bids; belot no-trumps hide belote and announcements.
    page.select_option("#calc-rules", "coinche")
    assert first.locator('[data-when="bid"]').is_visible()
    page.select_option("#calc-rules", "belot")
    first.locator('[data-field="trump"]').select_option("no_trump")
    assert not first.locator('[data-when="belote"]').first.is_visible()
    assert not first.locator('[data-when="announcements"]').is_visible()
    assert first.locator('[data-when="multiplier"]').is_visible()

    # Everything fits a 360 px screen, and a reload keeps the game.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.reload()
    assert page.locator(".calc-deal").count() == 2
    assert page.locator("#calc-rules").input_value() == "belot"
