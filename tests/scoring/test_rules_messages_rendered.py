"""The rules engine's messages read at a glance in de, en and fr (issue 11), rendered through the real catalogues.

Each case is a sheet a referee, an import or the API can really send; together they raise the 40 most frequent
messages and more. Every message names its deal, uses the plural form its number needs, shows cards with the
language's letters and suits as symbols, shows settings by their label, and says what is allowed in words.
"""

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from scoring.rules import MESSAGES, ruleset_errors, score_game


def deal(taker="A", trump="hearts", a=92, b=70, **extra):
    out = {"contract": {"taker": taker, "trump": trump}, "tricks": {"A": a, "B": b}}
    out.update(extra)
    return out


def coinche(bid=80, multiplier=None, **extra):
    out = deal(**extra)
    out["contract"]["bid"] = bid
    if multiplier is not None:
        out["contract"]["multiplier"] = multiplier
    return out


def run(kind, suit, high, **extra):
    return {"type": kind, "suit": suit, "high": high, **extra}


# (code, rules, options, deals): each sheet fails with that code. Order: roughly how often referees meet them.
SHEETS = [
    ("sum_mismatch", "hoheluft", {}, [deal(a=92, b=72)]),
    ("unreachable", "hoheluft", {}, [deal(a=161, b=1)]),
    ("last_trick_below_ten", "hoheluft", {}, [deal(a=157, b=5, last_trick="B")]),
    ("last_trick_unreachable", "hoheluft", {}, [deal(a=11, b=151, last_trick="A")]),
    ("tricks_missing", "hoheluft", {}, [{"contract": {"taker": "A", "trump": "hearts"}}]),
    ("tricks_not_integer", "hoheluft", {}, [deal(a="92")]),
    ("capot_tricks", "hoheluft", {}, [deal(a=152, b=10, capot="A")]),
    ("capot_tricks_total", "dertele", {}, [deal(a=152, b=10, capot="A")]),
    (
        "capot_last_trick",
        "hoheluft",
        {},
        [{"contract": {"taker": "A", "trump": "hearts"}, "capot": "B", "last_trick": "A"}],
    ),
    ("team_invalid", "hoheluft", {}, [deal(taker="C")]),
    ("trump_invalid", "hoheluft", {}, [deal(trump="all_trump")]),
    ("trump_invalid", "coinche", {}, [coinche(trump="trumps")]),
    ("belote_count_suit", "hoheluft", {}, [deal(belote=["A", "B"])]),
    ("belote_count_all_trump", "coinche", {}, [coinche(trump="all_trump", belote=["A", "A", "B", "B", "A"])]),
    ("belote_no_trump", "coinche", {}, [coinche(trump="no_trump", belote=["A"])]),
    ("belote_suit_mismatch", "coinche", {}, [coinche(belote=[{"team": "A", "suit": "spades"}])]),
    (
        "belote_suit_twice",
        "coinche",
        {},
        [coinche(trump="all_trump", belote=[{"team": "A", "suit": "spades"}, {"team": "B", "suit": "spades"}])],
    ),
    ("belote_not_allowed", "hoheluft", {"announcements": "none"}, [deal(belote=["A"])]),
    ("belote_card_conflict", "classic", {}, [deal(belote=["A"], declarations={"B": [run("quarte", "hearts", "A")]})]),
    ("declarations_not_allowed", "hoheluft", {}, [deal(declarations={"A": [run("tierce", "clubs", "A")]})]),
    (
        "declarations_no_trump",
        "belot",
        {},
        [deal(trump="no_trump", a=80, b=50, declarations={"A": [run("tierce", "clubs", "A")]})],
    ),
    (
        "card_twice",
        "classic",
        {},
        [deal(declarations={"A": [run("tierce", "spades", "K")], "B": [{"type": "carre", "rank": "J"}]})],
    ),
    (
        "hand_overflow",
        "classic",
        {},
        [
            deal(
                declarations={
                    "A": [run("quinte", s, "A", length=6) for s in ("clubs", "hearts")] + [run("tierce", "spades", "A")]
                }
            )
        ],
    ),
    ("carre_not_announcement", "classic", {}, [deal(declarations={"A": [{"type": "carre", "rank": "7"}]})]),
    ("carre_rank_invalid", "classic", {}, [deal(declarations={"A": [{"type": "carre", "rank": "B"}]})]),
    ("declaration_run_too_low", "classic", {}, [deal(declarations={"A": [run("quarte", "clubs", "9")]})]),
    ("declaration_high", "classic", {}, [deal(declarations={"A": [run("tierce", "clubs", "B")]})]),
    ("declaration_suit", "classic", {}, [deal(declarations={"A": [run("tierce", "pik", "K")]})]),
    ("declaration_length", "classic", {}, [deal(declarations={"A": [run("tierce", "clubs", "K", length=4)]})]),
    ("declaration_type", "classic", {}, [deal(declarations={"A": [{"type": "terz", "suit": "clubs"}]})]),
    (
        "eldest_missing",
        "classic",
        {"announcement_tie": "eldest"},
        [deal(declarations={"A": [run("tierce", "spades", "J")], "B": [run("tierce", "diamonds", "J")]})],
    ),
    ("bid_missing", "coinche", {}, [deal()]),
    ("bid_invalid", "coinche", {}, [coinche(bid=85)]),
    ("bid_not_allowed", "hoheluft", {}, [coinche(bid=80)]),
    (
        "multiplier_invalid",
        "hoheluft",
        {},
        [coinche(bid=None, multiplier=2) | {"contract": {"taker": "A", "trump": "hearts", "multiplier": 2}}],
    ),
    ("multiplier_invalid", "coinche", {}, [coinche(multiplier=3)]),
    ("game_over", "hoheluft", {"deals": 1}, [deal(), deal()]),
    ("passed_with_play", "hoheluft", {}, [{"contract": None, "tricks": {"A": 92, "B": 70}}]),
    ("contract_missing", "hoheluft", {}, [{"tricks": {"A": 92, "B": 70}}]),
]
# (code, rules, options): rule-set errors (no deal).
RULE_SETS = [
    ("setting_choice", "hoheluft", {"announcements": "some"}),
    ("setting_choice", "hoheluft", {"rounding": "up"}),
    ("setting_not_integer", "hoheluft", {"capot_total": "252"}),
    ("setting_not_boolean", "hoheluft", {"litige": "yes"}),
    ("setting_coinche_only", "hoheluft", {"bid_max": 120}),
    ("setting_belot_only", "classic", {"capot_bonus": 90}),
    ("make_rule_invalid", "dertele", {"make_rule": "most"}),
    ("both_deals_and_target", "hoheluft", {"deals": 4, "target": 500}),
    ("unknown_setting", "hoheluft", {"colour": "red"}),
    ("rounding_belot_required", "belot", {"rounding": "none"}),
    ("multipliers_take_or_pass", "hoheluft", {"multipliers": [1, 2]}),
    ("values_bad_value", "hoheluft", {"values": {"trump": {"J": -1}}}),
]
DEAL_WORD = {"en": "Deal 1: ", "de": "Spiel 1: ", "fr": "Donne 1\N{NO-BREAK SPACE}: "}
# Codes the engine uses internally; none may reach a person (outside a quoted JSON example or echoed input).
CODES = re.compile(
    r"\b(hoheluft|dertele|belote_only|no_trump|all_trump|make_rule|capot_total|capot_bonus|"
    r"announcement_tie|multipliers|bid_max|end_while_held|nearest_ten_\w+|last_trick|coinche_make_rule|failed_base|"
    r"surcoinche_factor|round_robin)\b"
)


def plain_text(message: str) -> str:
    """The message without echoed input ("…", "<…>") and JSON examples ({…}), which may hold codes."""
    return re.sub(r'"[^"]*"|\{[^}]*\}|<[^>]*>', "", message)


def render_all(lang: str) -> list[tuple[str, str]]:
    with translation.override(lang):
        found = []
        for code, rules, options, deals in SHEETS:
            [error] = score_game(
                {"rules": rules, "options": options, "deals": deals}, translate=gettext, ngettext=ngettext
            )["errors"]
            assert error["code"] == code, (code, error)
            found.append((code, error["message"]))
        for code, rules, options in RULE_SETS:
            [error] = ruleset_errors(rules, options, translate=gettext, ngettext=ngettext)
            assert error["code"] == code, (code, error)
            found.append((code, error["message"]))
        return found


def test_the_cases_cover_forty_messages():
    codes = {code for code, *_ in SHEETS} | {code for code, *_ in RULE_SETS}
    assert len(codes) >= 40
    assert codes <= set(MESSAGES)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_each_message_reads_at_a_glance(lang):
    english = dict(render_all("en")) if lang != "en" else {}
    deal_codes = {code for code, *_ in SHEETS}
    for code, message in render_all(lang):
        assert "{" not in plain_text(message) and "}" not in plain_text(message), message
        assert not CODES.search(plain_text(message)), message
        assert "must be one of" not in message and "muss einer" not in message, message
        if code in deal_codes:
            deal = DEAL_WORD[lang].replace("1", "2") if code == "game_over" else DEAL_WORD[lang]
            assert message.startswith(deal), message
        if lang != "en" and code not in ("contract_missing",):
            assert message != english.get(code), f"not translated: {message}"
        if lang == "fr":
            # French typography: a non-breaking space before a colon or semicolon.
            assert not re.search(r"[^\N{NO-BREAK SPACE}][:;]", plain_text(message)), message
        if lang == "de":
            assert not re.search(r"\b(got|must|the)\b", plain_text(message)), message


@pytest.mark.parametrize(
    ("lang", "one_point", "one_card_point"),
    [
        ("en", "cannot have 1 trick point:", "leave 1 card point,"),
        ("de", "kann nicht 1 Stichpunkt haben", "lassen 1 Kartenpunkt übrig"),
        ("fr", "ne peut pas avoir 1 point de plis", "laissent 1 point de cartes"),
    ],
)
def test_plural_forms_follow_the_number(lang, one_point, one_card_point):
    messages = dict(render_all(lang))
    assert one_point in messages["unreachable"]
    assert one_card_point in messages["last_trick_unreachable"]
    with translation.override(lang):
        [two] = score_game(
            {"rules": "belot", "deals": [deal(trump="all_trump", a=256, b=2)]}, translate=gettext, ngettext=ngettext
        )["errors"]
    assert two["code"] == "unreachable"
    assert one_point not in two["message"]


@pytest.mark.parametrize(
    ("lang", "jack", "king"),
    [("en", "J♦", "K♠"), ("de", "B♦", "K♠"), ("fr", "V♦", "R♠")],
)
def test_cards_use_the_languages_letters_and_suit_symbols(lang, jack, king):
    messages = dict(render_all(lang))
    # A tierce to the K of spades against a carré of jacks: the jack of spades is in both.
    assert jack.replace("♦", "♠") in messages["card_twice"]
    assert king in messages["card_twice"]
    # The tied best announcement is a tierce to the J of spades (and of diamonds).
    assert jack.replace("♦", "♠") in messages["eldest_missing"] or jack in messages["eldest_missing"]
    assert "hearts" not in messages["belote_suit_mismatch"] and "♥" in messages["belote_suit_mismatch"]


@pytest.mark.parametrize(
    ("lang", "label", "value"),
    [("en", "announcements", "belote only"), ("de", "Ansagen", "nur Belote"), ("fr", "annonces", "belote seulement")],
)
def test_settings_appear_by_their_label(lang, label, value):
    messages = render_all(lang)
    choice = next(message for code, message in messages if code == "setting_choice")
    assert label in choice and value in choice
    assert value in dict(messages)["declarations_not_allowed"]


def test_allowed_values_in_words():
    messages = dict(reversed(render_all("en")))  # the first message of each code
    assert messages["setting_choice"] == (
        "“announcements” can be no belote and no announcements, belote only or belote and all announcements; "
        'got "some".'
    )
    coinche_multiplier = [m for c, m in render_all("en") if c == "multiplier_invalid"][1]
    rounding = [m for c, m in render_all("en") if c == "setting_choice"][1]
    assert rounding == (
        '“rounding” can be no rounding, to tens (5 up), to tens (6 up) or belot rounding (tens); got "up".'
    )
    assert coinche_multiplier == (
        "Deal 1: In “Coinche” the multiplier can be 1 (no doubling), 2 (coinche) or 4 (surcoinche); got 3."
    )
    assert messages["multiplier_invalid"] == (
        "Deal 1: “Hoheluft tournament rules” has no doubling: the multiplier can only be 1 (no doubling); got 2."
    )
