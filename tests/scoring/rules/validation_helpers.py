"""Shared by the validation tests: a sheet's result (valid or not), a deal with its contract's bid and
multiplier, and the one error of an invalid result."""

from scoring.rules import score_game


def game(rules, *deals, **options):
    return score_game({"rules": rules, "options": options, "deals": list(deals)})


def deal(taker="A", trump="hearts", a=92, b=70, **extra):
    out = {"contract": {"taker": taker, "trump": trump}, "tricks": {"A": a, "B": b}}
    for key, value in extra.items():
        if key in ("bid", "multiplier"):
            out["contract"][key] = value
        else:
            out[key] = value
    return out


def only_error(result):
    assert result["valid"] is False
    [error] = result["errors"]
    assert result["deals"][-1]["errors"] == [error]
    return error


def where(result):
    error = only_error(result)
    return error["field"], error["code"]
