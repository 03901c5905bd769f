"""Shared by the rules tests that type deals by hand: a valid game's result and a plain played deal."""

from scoring.rules import score_game


def game(rules, *deals, **options):
    result = score_game({"rules": rules, "options": options, "deals": list(deals)})
    assert result["valid"], result["errors"]
    return result


def deal(taker="A", a=92, b=70, trump="hearts", **extra):
    out = {"contract": {"taker": taker, "trump": trump}, "tricks": {"A": a, "B": b}}
    out.update(extra)
    return out
