"""The public score calculator page: renders for anyone, in German and English, with what its script needs."""

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from scoring.labels import side_short
from scoring.rules import list_presets

URL = "/rules/calculator/"


def config_of(response) -> dict:
    match = re.search(
        r'<script id="calc-config" type="application/json">(.*?)</script>', response.content.decode(), re.S
    )
    assert match, "the page embeds its configuration"
    return json.loads(match.group(1))


def test_url_name():
    assert reverse("public:calculator") == URL


@pytest.mark.django_db
def test_renders_for_anonymous_visitors_in_english(client):
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "public/calculator.html" in [t.name for t in response.templates]
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
    # The sides come from labels.SIDE_SHORT (pgettext, context "sides", which this swap does not mark); the
    # German test below reads them translated.
    names |= {side_short("A"), side_short("B")}
    bare = [t for t in texts if t and not t.startswith("⟦") and t not in names and not re.fullmatch(r"[#—✕×0-9]+", t)]
    assert bare == [], bare
    strings = config_of(response)["strings"]
    assert all(value.startswith("⟦") for key, value in strings.items() if key not in ("side_A", "side_B"))


@pytest.mark.django_db
def test_small_screen_markup(client):
    html = client.get(URL).content.decode()
    assert 'name="viewport" content="width=device-width, initial-scale=1"' in html
    assert 'inputmode="numeric"' in html


def test_stylesheet_fits_a_phone():
    from pathlib import Path

    css = (Path(__file__).resolve().parents[3] / "static/scoring/calculator.css").read_text()
    # One or two columns below 40rem; the wider grid only in the media query.
    head, _, wide = css.partition("@media (min-width: 40rem)")
    assert "repeat(3, 1fr)" not in head and "repeat(3, 1fr)" in wide


def test_only_get(client):
    assert client.post(URL).status_code == 405


@pytest.mark.django_db
def test_the_sides_are_named_as_on_the_referee_page_not_team_a_and_b(client):
    """Issue 19: the calculator said "Team A/Team B" where the referee page says N/S and E/W (O/W in German)."""
    response = client.get(URL, HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    assert "Team A" not in html and "Team B" not in html
    assert '<option value="A">N/S</option>' in html and '<option value="B">O/W</option>' in html
    assert '<th class="num">N/S</th>' in html and '<th class="num">O/W</th>' in html
    strings = config_of(response)["strings"]
    assert (strings["side_A"], strings["side_B"]) == ("N/S", "O/W")
    assert strings["won"] == "Partie beendet: %(side)s gewinnt."
    assert strings["running"] == "bisher %(side_a)s %(a)s, %(side_b)s %(b)s"
    assert "Team" not in strings["collected"] and "%(side)s" in strings["collected"]
