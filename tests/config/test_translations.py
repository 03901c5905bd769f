"""The catalogues: German and French complete, placeholders intact, compiled files current; pages in German.

English is the source language: its catalogue stays empty except for plural entries. German is the site's
default; French must be complete too, since Django falls back to the default language for a missing French
string and a French page would show German.
"""

import json
import re
from collections import Counter
from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.LOCALE_PATHS[0])
DOMAINS = sorted({p.stem for p in LOCALE.glob("*/LC_MESSAGES/*.po")})
TRANSLATED = ("de", "fr")
NBSP = "\u00a0"

# %(name)s, %s, a literal %% ; {name}, and the {{ }} escapes of str.format templates.
PLACEHOLDER = re.compile(r"%%|%\(\w+\)[sdifr]|%[sdifr]|\{\{|\}\}|\{\w*\}")


def catalogue(lang: str, domain: str) -> polib.POFile:
    return polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"))


def key(entry) -> tuple:
    return (entry.msgctxt, entry.msgid)


def placeholders(text: str) -> Counter:
    return Counter(PLACEHOLDER.findall(text))


def test_there_is_a_django_catalogue_for_every_language():
    assert "django" in DOMAINS
    for lang, _name in settings.LANGUAGES:
        for domain in DOMAINS:
            assert (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").is_file(), (lang, domain)


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_and_not_fuzzy(lang, domain):
    po = catalogue(lang, domain)
    assert po.metadata["Language"] == lang
    assert not po.metadata_is_fuzzy  # msgfmt would drop the header, and with it the plural rule
    nplurals = int(re.search(r"nplurals=(\d+)", po.metadata["Plural-Forms"]).group(1))
    problems = []
    for entry in po:
        if entry.obsolete:
            problems.append(("obsolete", entry.msgid))
        elif "fuzzy" in entry.flags:
            problems.append(("fuzzy", entry.msgid))
        elif entry.msgid_plural:
            forms = [entry.msgstr_plural.get(i, "") for i in range(nplurals)]
            if not all(f.strip() for f in forms):
                problems.append(("untranslated plural", entry.msgid))
        elif not entry.msgstr.strip():
            problems.append(("untranslated", entry.msgid))
    assert problems == [], f"{len(problems)} entries of {lang}/{domain}.po need work: {problems[:20]}"
    assert len(po) > 0


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogue_holds_exactly_the_extracted_strings(lang, domain):
    # The English catalogue is extracted at the same time; an entry missing here is a string nobody translated.
    source = {key(e) for e in catalogue("en", domain) if not e.obsolete}
    here = {key(e) for e in catalogue(lang, domain) if not e.obsolete}
    assert source - here == set(), "not in the catalogue: re-run `make messages` and translate"
    assert here - source == set()


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_and_markup_survive_translation(lang, domain):
    nplurals = int(re.search(r"nplurals=(\d+)", catalogue(lang, domain).metadata["Plural-Forms"]).group(1))
    problems = []
    for entry in catalogue(lang, domain):
        if entry.obsolete:
            continue
        if entry.msgid_plural:
            pairs = [
                (entry.msgid if i == 0 else entry.msgid_plural, entry.msgstr_plural.get(i, "")) for i in range(nplurals)
            ]
        else:
            pairs = [(entry.msgid, entry.msgstr)]
        for source, translation in pairs:
            if placeholders(source) != placeholders(translation):
                problems.append((source, translation))
            if Counter(re.findall(r"</?\w+", source)) != Counter(re.findall(r"</?\w+", translation)):
                problems.append((source, translation))
    assert problems == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_english_is_the_source_and_only_plurals_are_spelled_out(domain):
    po = catalogue("en", domain)
    assert po.metadata["Language"] == "en"
    for entry in po:
        assert "fuzzy" not in entry.flags and not entry.obsolete, entry.msgid
        if entry.msgid_plural:
            assert entry.msgstr_plural == {0: entry.msgid, 1: entry.msgid_plural}
        else:
            assert entry.msgstr == "", entry.msgid


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", [code for code, _name in settings.LANGUAGES])
def test_compiled_catalogue_matches_its_source(lang, domain):
    po = catalogue(lang, domain)
    mo = polib.mofile(str(LOCALE / lang / "LC_MESSAGES" / f"{domain}.mo"))

    def table(entries):
        out = {}
        for entry in entries:
            if entry.obsolete or "fuzzy" in entry.flags or entry.msgid == "":
                continue
            if entry.msgid_plural:
                forms = tuple(sorted(entry.msgstr_plural.items()))
                if any(text for _i, text in forms):
                    out[key(entry)] = forms
            elif entry.msgstr:
                out[key(entry)] = entry.msgstr
        return out

    assert table(po) == table(mo), f"{lang}/{domain}.mo is stale: run `make messages`"


# --- what the user sees -----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_landing_page_in_german(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert '<html lang="de">' in html
    for text in (
        "Belote-Turniere für Clubs",
        "Für die Turnierleitung",
        "Am Tisch",
        "Punkterechner",
        "Anmeldung für die Turnierleitung",
    ):
        assert text in html, text
    assert "For organisers" not in html


@pytest.mark.django_db
def test_calculator_in_german(client):
    response = client.get("/rules/calculator/", HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    for text in (
        "<h1>Punkterechner</h1>",
        "Spiel hinzufügen",
        "Nehmer",
        "Trumpf",
        "Stichpunkte, mit den 10 für den letzten Stich",
        "Ansage hinzufügen",
        "Capot: alle 8 Stiche",
        "Terz: 3 in Folge (20)",
        "Buben (200)",
        ">bis B<",
        ">bis D<",
        ">bis A<",
    ):
        assert text in html, text
    strings = json.loads(
        re.search(r'<script id="calc-config" type="application/json">(.*?)</script>', html, re.S).group(1)
    )["strings"]
    assert strings["deal"] == "Spiel %(n)s"
    assert strings["litige"] == "Litige (Punkte hängen)"
    assert strings["won"] == "Partie beendet: %(side)s gewinnt."  # the side by its seats (N/S, O/W)


@pytest.mark.django_db
def test_calculator_in_french(client):
    html = client.get("/rules/calculator/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="fr">' in html
    for text in (
        "Calculateur de score",
        "Ajouter une donne",
        "Preneur",
        "Atout",
        "Sans atout",
        "Tout atout",
        "Capot" + NBSP + ": les 8 plis",
        "Ajouter une annonce",
        "Valets (200)",
        ">jusqu'à V<",
        ">jusqu'à R<",
    ):
        assert text in html, text
    assert "Spiel" not in html  # nothing falls back to German


def score(client, deal, language):
    body = json.dumps({"rules": "hoheluft", "deals": [deal]})
    return client.post(
        "/api/v1/rules/score/", data=body, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
    )


@pytest.mark.django_db
def test_rules_api_names_the_sum_mismatch_in_german_and_french(client):
    deal = {"contract": {"taker": "A", "trump": "hearts"}, "tricks": {"A": 92, "B": 72}}
    german = score(client, deal, "de")
    assert german.status_code == 400
    error = german.json()["errors"][0]
    assert (error["field"], error["code"]) == ("tricks", "sum_mismatch")
    assert error["message"] == "Spiel 1: Die Stichpunkte müssen zusammen 162 ergeben; eingegeben: 92 + 72 = 164."
    french = score(client, deal, "fr").json()["errors"][0]["message"]
    assert french == f"Donne 1{NBSP}: Les points de plis doivent totaliser 162{NBSP}; saisi{NBSP}: 92 + 72 = 164."
    english = score(client, deal, "en").json()["errors"][0]["message"]
    assert english == "Deal 1: Trick points must add up to 162; got 92 + 72 = 164."


@pytest.mark.django_db
def test_rules_api_keeps_json_examples_in_german(client):
    # A template with {{ }} escapes: the translation keeps them, and the rendered message shows plain braces.
    message = score(client, {"contract": {"taker": "A", "trump": "hearts"}, "tricks": [92, 70]}, "de").json()
    text = message["errors"][0]["message"]
    assert text.startswith('Spiel 1: Stichpunkte werden als {"A": Punkte, "B": Punkte} angegeben; angegeben: ')


@pytest.mark.parametrize(("lang", "letters"), [("en", "NESW"), ("de", "NOSW"), ("fr", "NESO")])
def test_seat_letters_follow_the_language(lang, letters):
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override(lang):
        shown = "".join(render_to_string("components/seat.html", {"seat": seat}) for seat in "NESW")
    assert shown == letters
