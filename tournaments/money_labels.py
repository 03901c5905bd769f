"""The words of the desk's money: amounts as a person reads them ("10,00 €"), the ways of payment, and the
event history's sentences for the fee and the ledger (merged into `tournaments.history_labels.EVENT_LOG_ACTIONS`).

Imported by `tournaments.labels`, which the models import: so no model is imported at the top here.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext

#: The currencies shown with their sign; any other is shown by its code ("12,00 CHF").
CURRENCY_SIGNS = {"EUR": "€", "GBP": "£", "USD": "$"}


def money_text(amount: Decimal | str | int | None, currency: str = "EUR") -> str:
    """`amount` with two decimals in the active language's format and the currency: "1.234,50 €" in German,
    "1,234.50 €" in English. An amount that is not a number reads as a dash."""
    try:
        value = Decimal(str(amount))
    except (InvalidOperation, ValueError):
        return "–"
    sign = CURRENCY_SIGNS.get(currency, currency)
    return f"{number_format(value, decimal_pos=2, use_l10n=True, force_grouping=True)}\u00a0{sign}"


def way_label(code: str) -> str:
    """The way of payment in the reader's language ("cash" → "bar")."""
    from tournaments.models.money import Payment

    return str(dict(Payment.Way.choices).get(code, "–"))


def _details(details: Mapping[str, Any]) -> dict[str, str]:
    currency = str(details.get("currency") or "EUR")
    return {
        "number": str(details.get("number", "–")),
        "name": str(details.get("name", "–")),
        "amount": money_text(details.get("amount"), currency),
        "way": way_label(str(details.get("way", ""))),
        "comment": str(details.get("comment") or ""),
    }


def _with_comment(text: str, d: Mapping[str, str]) -> str:
    return text + (" " + gettext("Comment: %(comment)s") % d if d["comment"] else "")


def _payment_text(details: Mapping[str, Any]) -> str:
    d = _details(details)
    return _with_comment(gettext("No. %(number)s (%(name)s) paid %(amount)s (%(way)s).") % d, d)


def _refund_text(details: Mapping[str, Any]) -> str:
    d = _details(details)
    return _with_comment(gettext("No. %(number)s (%(name)s): %(amount)s refunded (%(way)s).") % d, d)


def _correction_text(details: Mapping[str, Any]) -> str:
    d = _details(details)
    return _with_comment(gettext("No. %(number)s (%(name)s): payment corrected by %(amount)s (%(way)s).") % d, d)


def _fee_text(details: Mapping[str, Any]) -> str:
    currency = str(details.get("currency") or "EUR")
    per = gettext("per pair") if details.get("per") == "pair" else gettext("per player")
    return gettext(
        "Entry fee set: %(amount)s %(per)s; members %(member)s less, juniors %(junior)s less; payout: %(payout)s."
    ) % {
        "amount": money_text(details.get("amount"), currency),
        "per": per,
        "member": money_text(details.get("member_reduction"), currency),
        "junior": money_text(details.get("junior_reduction"), currency),
        "payout": str(details.get("payout") or "–"),
    }


MONEY_LOG_ACTIONS: dict[str, Any] = {
    "fee_set": _fee_text,
    "payment": _payment_text,
    "refund": _refund_text,
    "payment_correction": _correction_text,
}
