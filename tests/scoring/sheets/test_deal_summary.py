"""A deal's line on the sheets (selectors.deal_summary) says its contract in words a table understands."""

import pytest
from django.utils import translation

from scoring.sheets.selectors import deal_summary


@pytest.mark.parametrize(
    ("language", "no_trump", "all_trump"),
    [("de", "Ohne Trumpf", "Alles Trumpf"), ("fr", "Sans atout", "Tout atout"), ("en", "No trumps", "All trumps")],
)
def test_no_trumps_and_all_trumps_are_words_not_letter_codes(language, no_trump, all_trump):
    """Issue 19: "OT 90" and "AT 120 ×4" in the sheets."""
    plain = {"contract": {"taker": "A", "trump": "no_trump", "bid": 90}, "tricks": {"A": 100, "B": 62}}
    doubled = {"contract": {"taker": "B", "trump": "all_trump", "bid": 120, "multiplier": 4}, "tricks": {"A": 0}}
    with translation.override(language):
        first, second = deal_summary(plain), deal_summary(doubled)
    assert f" {no_trump} 90 · 100 : 62" in first and f" {all_trump} 120 ×4" in second
    for code in (" OT ", " NT ", " AT ", " SA ", " TA "):
        assert code not in f" {first} " and code not in f" {second} "
