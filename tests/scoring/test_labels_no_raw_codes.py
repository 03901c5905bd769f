"""No page a person reads, and no export, shows a raw code: every organiser, public and referee page and the
CSV, XLSX and PDF exports of the demo evening are rendered in German, English and French and searched for
the codes of the presets, pairing methods, ranking metrics, deal outcomes and rule-set settings.

The code lists are read from the registries themselves, so a new preset, method, metric or setting is
checked as soon as it exists. Only what a person sees is searched: text, and the title, aria-label, alt and
placeholder attributes; not form values, links, scripts or a textarea's JSON, where codes belong.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
from html.parser import HTMLParser

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook
from pypdf import PdfReader

from scoring.exports.flat import write_csv, write_standings_csv, write_xlsx
from scoring.exports.pdf import write_pdf
from scoring.models import Sheet, TableLink
from scoring.rules import PRESETS, SETTING_NAMES, ruleset
from scoring.rules import deal as deal_rules
from scoring.standings import metrics
from tests.address_helpers import round_url, sheet_url
from tests.factories import EventFactory
from tournaments.models import Entry, Event, Player, Round, Season, Table
from tournaments.pairing.types import METHOD_NAMES

pytestmark = pytest.mark.django_db

LANGUAGES = ("de", "en", "fr")


def codes() -> set[str]:
    found = set(PRESETS) | set(METHOD_NAMES) | set(metrics.METRICS) | set(SETTING_NAMES)
    found |= {deal_rules.MADE, deal_rules.INSIDE, deal_rules.LITIGE, deal_rules.HANGING, deal_rules.PASSED}
    for values in (ruleset.ANNOUNCEMENTS, ruleset.ANNOUNCEMENT_TIES, ruleset.ROUNDINGS, ruleset.COINCHE_MAKE_RULES):
        found |= set(values)
    found.add("majority")
    return found


# Codes that are also plain words of a language, in the very sense they name there: English "made",
# "inside" and "passed" are the outcomes' English names; French writes "litige", "coinche" and "belot", and calls
# a concours's prizes "lots".
ORDINARY_WORDS = {
    "en": {
        "made",
        "inside",
        "passed",
        "hanging",
        "random",
        "none",
        "all",
        "wins",
        "lots",
        "target",
        "deals",
        "values",
        "cancel",
        "majority",
        "litige",
        "classic",
        "announcements",
        "coinche",
        "belot",
        "eldest",
    },
    "de": set(),
    # French "lots" are a concours's prizes (the prize-giving's own word; drawing lots is "tirage au sort").
    "fr": {"litige", "coinche", "belot", "lots"},
}


def raw_codes(text: str, language: str) -> set[str]:
    """The codes that stand as words in `text` (not inside a path, a longer word or a hyphenated name)."""
    found = set()
    for code in codes() - ORDINARY_WORDS[language]:
        if re.search(rf"(?<![\w/.\-]){re.escape(code)}(?![\w/\-])", text):
            found.add(code)
    return found


class _Visible(HTMLParser):
    # A textarea holds what the organiser edits (the sheet correction takes the deals as JSON), not prose.
    SKIP = {"script", "style", "noscript", "textarea"}
    ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")

    def __init__(self):
        super().__init__()
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skipping += 1
        self.parts.extend(value for name, value in attrs if name in self.ATTRIBUTES and value)

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skipping:
            self.skipping -= 1

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = _Visible()
    parser.feed(html)
    return "\n".join(parser.parts)


@pytest.fixture
def evening(client, settings, tmp_path):
    """The demo evening (round 1 released, four sheets confirmed, one half-way), plus a coinche event not yet
    started, a finished event and a mêlée event, all of the demo club."""
    settings.MEDIA_ROOT = tmp_path / "media"
    call_command("load_demo", stdout=io.StringIO())
    call_command("load_demo_scores", stdout=io.StringIO())
    event = Event.objects.get(slug="clubabend")
    event.ranking_precedence = ["match_points", "buchholz", "head_to_head", "wins", "lots"]
    event.save(update_fields=["ranking_precedence"])
    EventFactory(
        club=event.club,
        season=event.season,
        slug="coinche-abend",
        rules_preset="coinche",
        rules_options={"rounding": "nearest_ten_5_up", "multipliers": [1, 2]},
        ranking_precedence=["match_points", "deals_won", "fewest_penalties"],
    )
    EventFactory(
        club=event.club,
        slug="melee-abend",
        team_mode="melee",
        pairing_methods=["melee"],
        rules_preset="belot",
        rules_options={},
    )
    from django.contrib.auth import get_user_model

    client.force_login(get_user_model().objects.get(username="organiser"))
    return event


def organiser_and_public_urls(event: Event) -> list[str]:
    club = event.club.slug
    first = Round.objects.get(event=event, number=1)
    urls = [
        reverse("tournaments:clubs"),
        reverse("tournaments:club", args=[club]),
        reverse("tournaments:club_edit", args=[club]),
        reverse("tournaments:members", args=[club]),
        reverse("tournaments:member_edit", args=[club, Player.objects.filter(club=event.club).first().pk]),
        reverse("tournaments:season_create", args=[club]),
        reverse("tournaments:season_edit", args=[club, Season.objects.get(club=event.club).pk]),
        reverse("tournaments:event_create", args=[club]),
    ]
    for other in Event.objects.filter(club=event.club):
        urls += [
            reverse("tournaments:event", args=[club, other.slug]),
            reverse("tournaments:event_edit", args=[club, other.slug]),
        ]
    kw = {"club_slug": club, "event_slug": event.slug}
    for name in ("entries", "tables"):
        urls.append(reverse(f"tournaments:{name}", kwargs=kw))
    urls += [
        reverse("tournaments:entry_edit", kwargs={**kw, "entry_id": Entry.objects.filter(event=event)[0].pk}),
        reverse("tournaments:checkin", kwargs={**kw, "number": 1}),
        reverse("tournaments:checkin", kwargs={**kw, "number": 2}),
        reverse("tournaments:table_edit", kwargs={**kw, "table_id": Table.objects.filter(event=event)[0].pk}),
    ]
    for number in (1, 2):
        urls.append(reverse("tournaments:round", kwargs={**kw, "number": number}))
    urls += [
        reverse("tournaments:round_print_tables", kwargs={**kw, "number": 1}),
        reverse("tournaments:round_print_names", kwargs={**kw, "number": 1}),
        reverse("results:page", kwargs=kw),
        round_url(first),
    ]
    urls += [sheet_url(sheet) for sheet in Sheet.objects.filter(game__round=first)[:2]]
    urls += [
        reverse("scoring:referee", args=[link.token])
        for link in TableLink.objects.active().filter(game__round=first)[:3]
    ]
    entry = Entry.objects.filter(event=event).order_by("number")[0]
    for name, args in (
        ("event", ()),
        ("draw", ()),
        ("standings", ()),
        ("progress", ()),
        ("season", ()),
        ("round", (1,)),
        ("entry", (entry.number,)),
    ):
        urls.append(reverse(f"public:{name}", args=[club, event.slug, *args]))
    urls += [reverse("public:calculator"), "/"]
    return urls


@pytest.mark.slow
@pytest.mark.parametrize("language", LANGUAGES)
def test_no_page_shows_a_raw_code(client, evening, language):
    problems = {}
    for url in organiser_and_public_urls(evening):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, (url, response.status_code)
        found = raw_codes(visible_text(response.content.decode()), language)
        if found:
            problems[url] = sorted(found)
    assert not problems, problems


def test_the_check_finds_a_code_where_one_is_shown():
    # The search itself: a code in text or a title is found; in a link, a value or a script it is not.
    html = (
        '<p title="Regeln: hoheluft">x</p><a href="/e/hoheluft/">Hoheluft</a><option value="round_robin">'
        'Jeder gegen jeden</option><script>var r = "swiss";</script><td>made</td>'
    )
    assert raw_codes(visible_text(html), "de") == {"hoheluft", "made"}
    assert raw_codes(visible_text(html), "en") == {"hoheluft"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_export_shows_a_raw_code(evening, language):
    from scoring.standings.store import standings_recompute_now

    standings_recompute_now(event_id=evening.pk)
    texts = {}
    with translation.override(language):
        out = io.BytesIO()
        write_csv(event_id=evening.pk, out=out)
        with zipfile.ZipFile(out) as archive:
            for name in archive.namelist():
                rows = csv.reader(io.StringIO(archive.read(name).decode("utf-8-sig")), delimiter=";")
                texts[name] = "\n".join(";".join(row) for row in rows)
        out = io.BytesIO()
        write_standings_csv(event_id=evening.pk, out=out)
        texts["standings (csv)"] = out.getvalue().decode("utf-8-sig")
        out = io.BytesIO()
        write_xlsx(event_id=evening.pk, out=out)
        workbook = load_workbook(io.BytesIO(out.getvalue()))
        texts["xlsx"] = "\n".join(
            str(cell.value)
            for sheet in workbook
            for row in sheet.iter_rows()
            for cell in row
            if isinstance(cell.value, str)
        )
        out = io.BytesIO()
        write_pdf(event_id=evening.pk, out=out)
        texts["pdf"] = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(out.getvalue())).pages)
    assert all(texts.values())
    problems = {name: sorted(raw_codes(text, language)) for name, text in texts.items()}
    assert not any(problems.values()), problems
