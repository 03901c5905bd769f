"""Rule sets (spec §4): the presets' settings, overrides validated as a whole, frozen JSON form."""

import json

import pytest

from scoring.rules import MESSAGES, SETTING_NAMES, RuleSetError, build_ruleset, list_presets, ruleset_errors

TRUMP = {"7": 0, "8": 0, "9": 14, "10": 10, "J": 20, "Q": 3, "K": 4, "A": 11}
PLAIN = {"7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 11}


def codes(rules, options):
    return [(e["field"], e["code"]) for e in ruleset_errors(rules, options)]


def test_preset_table_of_the_spec():
    expected = {
        "hoheluft": {
            "capot_total": 252,
            "make_rule": "majority",
            "litige": True,
            "announcements": "belote_only",
            "multipliers": [1],
            "rounding": "none",
            "deals": 12,
        },
        "dertele": {
            "capot_total": 162,
            "make_rule": 82,
            "litige": False,
            "announcements": "belote_only",
            "multipliers": [1],
            "rounding": "none",
            "deals": 12,
        },
        "classic": {
            "capot_total": 252,
            "make_rule": "majority",
            "litige": True,
            "announcements": "all",
            "multipliers": [1],
            "rounding": "none",
            "target": 1000,
        },
        "coinche": {
            "capot_total": 250,
            "litige": False,
            "announcements": "all",
            "multipliers": [1, 2, 4],
            "rounding": "none",
            "target": 2000,
            "bid_max": 160,
            "surcoinche_factor": 4,
            "coinche_make_rule": "bid_and_majority",
            "failed_base": 160,
        },
        "belot": {
            "capot_bonus": 90,
            "litige": True,
            "announcements": "all",
            "multipliers": [1, 2, 4],
            "rounding": "belot",
            "target": 151,
            "end_while_held": False,
        },
    }
    for name, settings in expected.items():
        resolved = build_ruleset(name).as_dict()
        for key, value in settings.items():
            assert resolved[key] == value, (name, key)
    assert "deals" not in build_ruleset("classic").as_dict()
    assert "target" not in build_ruleset("hoheluft").as_dict()
    assert "make_rule" not in build_ruleset("belot").as_dict()
    assert "bid_max" not in build_ruleset("hoheluft").as_dict()


def test_preset_value_tables():
    coinche = build_ruleset("coinche").as_dict()["values"]
    assert coinche["trump"] == TRUMP
    assert coinche["plain"] == PLAIN
    assert coinche["no_trump"] == {"7": 0, "8": 0, "9": 0, "10": 10, "J": 2, "Q": 3, "K": 4, "A": 19}
    assert coinche["all_trump"] == {"7": 0, "8": 0, "9": 9, "10": 5, "J": 13, "Q": 1, "K": 3, "A": 7}
    belot = build_ruleset("belot").as_dict()["values"]
    assert belot["no_trump"] == PLAIN
    assert belot["all_trump"] == TRUMP
    assert set(build_ruleset("hoheluft").as_dict()["values"]) == {"trump", "plain"}


def test_contracts_and_trumps():
    assert build_ruleset("hoheluft").trumps == ("clubs", "diamonds", "hearts", "spades")
    assert build_ruleset("coinche").trumps[-2:] == ("no_trump", "all_trump")
    assert build_ruleset("belot").contracts == ("suit", "no_trump", "all_trump")


def test_as_dict_round_trips_and_is_json():
    for name in ("hoheluft", "dertele", "classic", "coinche", "belot"):
        rs = build_ruleset(name, None)
        frozen = rs.as_dict()
        json.dumps(frozen)
        assert list(frozen) == [n for n in SETTING_NAMES if n in frozen]
        assert build_ruleset(name, frozen).as_dict() == frozen


def test_override_replaces_game_length():
    rs = build_ruleset("hoheluft", {"target": 501})
    assert rs.target == 501 and rs.deals is None
    rs = build_ruleset("classic", {"deals": 8})
    assert rs.deals == 8 and rs.target is None
    # A null game length names nothing.
    assert build_ruleset("classic", {"deals": 8, "target": None}).deals == 8


def test_partial_value_table_override():
    rs = build_ruleset("coinche", {"values": {"all_trump": {"A": 6, "Q": 2}}})
    assert rs.values["all_trump"]["A"] == 6
    assert rs.values["all_trump"]["J"] == 13
    assert rs.values["trump"]["J"] == 20


def test_valid_overrides():
    assert ruleset_errors("hoheluft", {"capot_total": 262, "rounding": "nearest_ten_5_up"}) == []
    assert ruleset_errors("coinche", {"surcoinche_factor": 3, "failed_base": 162, "bid_max": 140}) == []
    assert ruleset_errors("coinche", {"multipliers": [1, 2], "coinche_make_rule": "bid_only"}) == []
    assert ruleset_errors("belot", {"capot_bonus": 100, "announcement_tie": "cancel", "litige": False}) == []
    assert ruleset_errors("classic", {"announcement_tie": "eldest", "end_while_held": False}) == []
    assert ruleset_errors("dertele", {"make_rule": 91}) == []
    assert ruleset_errors("hoheluft", None) == []


@pytest.mark.parametrize(
    ("rules", "options", "expected"),
    [
        ("hoheluft", {"capot": 252}, [("options.capot", "unknown_setting")]),
        ("hoheluft", {"rounding": "up"}, [("options.rounding", "setting_choice")]),
        ("hoheluft", {"litige": "yes"}, [("options.litige", "setting_not_boolean")]),
        ("hoheluft", {"capot_total": "252"}, [("options.capot_total", "setting_not_integer")]),
        ("hoheluft", {"capot_total": True}, [("options.capot_total", "setting_not_integer")]),
        ("hoheluft", {"deals": 0}, [("options.deals", "setting_not_integer")]),
        ("hoheluft", {"deals": 10, "target": 500}, [("options", "both_deals_and_target")]),
        ("hoheluft", {"bid_max": 140}, [("options.bid_max", "setting_coinche_only")]),
        ("belot", {"failed_base": 162}, [("options.failed_base", "setting_coinche_only")]),
        ("classic", {"surcoinche_factor": 3}, [("options.surcoinche_factor", "setting_coinche_only")]),
        ("dertele", {"coinche_make_rule": "bid_only"}, [("options.coinche_make_rule", "setting_coinche_only")]),
        ("hoheluft", {"rounding": "belot"}, [("options.rounding", "rounding_belot_elsewhere")]),
        ("coinche", {"rounding": "belot"}, [("options.rounding", "rounding_belot_elsewhere")]),
        ("belot", {"rounding": "none"}, [("options.rounding", "rounding_belot_required")]),
        ("coinche", {"litige": True}, [("options.litige", "litige_in_coinche")]),
        ("belot", {"announcement_tie": "eldest"}, [("options.announcement_tie", "eldest_in_belot")]),
        ("belot", {"make_rule": "majority"}, [("options.make_rule", "make_rule_in_belot")]),
        ("coinche", {"make_rule": 82}, [("options.make_rule", "make_rule_in_coinche")]),
        ("belot", {"capot_total": 252}, [("options.capot_total", "capot_total_in_belot")]),
        ("hoheluft", {"capot_bonus": 90}, [("options.capot_bonus", "setting_belot_only")]),
        ("hoheluft", {"make_rule": "most"}, [("options.make_rule", "make_rule_invalid")]),
        ("coinche", {"bid_max": 165}, [("options.bid_max", "bid_max_invalid")]),
        ("coinche", {"surcoinche_factor": 2}, [("options.surcoinche_factor", "setting_choice")]),
        ("coinche", {"failed_base": 161}, [("options.failed_base", "setting_choice")]),
        ("coinche", {"multipliers": [1, 4]}, [("options.multipliers", "multipliers_four_without_two")]),
        ("coinche", {"multipliers": [2, 4]}, [("options.multipliers", "multipliers_invalid")]),
        ("coinche", {"multipliers": [1, 3]}, [("options.multipliers", "multipliers_invalid")]),
        ("hoheluft", {"multipliers": [1, 2]}, [("options.multipliers", "multipliers_take_or_pass")]),
        ("hoheluft", {"values": {"no_trump": {"A": 19}}}, [("options.values", "values_unknown_table")]),
        ("hoheluft", {"values": {"trump": {"B": 2}}}, [("options.values.trump", "values_unknown_rank")]),
        ("hoheluft", {"values": {"trump": {"J": -2}}}, [("options.values.trump.J", "values_bad_value")]),
        ("hoheluft", {"values": {"trump": [20]}}, [("options.values.trump", "values_table_not_object")]),
        ("hoheluft", {"values": 5}, [("options.values", "values_not_object")]),
        ("nope", {}, [("rules", "unknown_rules")]),
        (None, {}, [("rules", "rules_missing")]),
        ("hoheluft", [1], [("options", "options_not_object")]),
    ],
)
def test_rejections(rules, options, expected):
    assert codes(rules, options) == expected
    errors = ruleset_errors(rules, options)
    assert all(set(e) == {"deal", "field", "code", "message"} and e["deal"] is None for e in errors)
    with pytest.raises(RuleSetError) as raised:
        build_ruleset(rules, options)
    assert raised.value.errors == errors


def test_several_problems_are_all_reported():
    found = codes("belot", {"make_rule": 82, "failed_base": 160, "colour": "red"})
    assert found == [
        ("options.make_rule", "make_rule_in_belot"),
        ("options.failed_base", "setting_coinche_only"),
        ("options.colour", "unknown_setting"),
    ]


def test_messages_name_setting_and_values():
    [error] = ruleset_errors("hoheluft", {"deals": 10, "target": 500})
    assert error["message"] == (
        "A game ends after a number of deals or at a points target: set one of the two, not both."
    )
    [error] = ruleset_errors("coinche", {"bid_max": 165})
    assert error["message"] == "The highest bid is 80 to 160 in steps of 10; got 165."
    [error] = ruleset_errors("hoheluft", {"capot_total": "252"})
    assert error["message"] == '“capot total” must be a whole number from 0 to 1000; got "252".'


def test_build_is_cached():
    assert build_ruleset("coinche", {"target": 1000}) is build_ruleset("coinche", {"target": 1000})


def test_translate_hook_for_ruleset_errors():
    german = {MESSAGES["litige_in_coinche"]: "litige kann bei Coinche nicht true sein: ein Gleichstand verliert."}
    [error] = ruleset_errors("coinche", {"litige": True}, translate=lambda s: german.get(s, s))
    assert error["message"].startswith("litige kann bei Coinche")


def test_list_presets():
    presets = list_presets()
    assert [p["name"] for p in presets] == ["hoheluft", "dertele", "classic", "coinche", "belot"]
    assert [p["seed"] for p in presets] == ["002", "000", "003", "003", "004"]
    json.dumps(presets)
    belot = presets[-1]
    assert belot["deal_totals"] == {"suit": 162, "no_trump": 130, "all_trump": 258}
    assert belot["unreachable"]["all_trump"] == [1, 2, 5, 253, 256, 257]
    assert presets[0]["capot_tricks"] == {"suit": 252}
    assert presets[0]["settings"]["values"]["trump"] == TRUMP
