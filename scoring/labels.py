"""Labels shared by forms, selectors, pages and the table-card PDF: a leaf that imports no services or forms,
so reads can use them. Cards and suits come from the rules core."""

from django.utils.translation import gettext_lazy as _

from scoring.rules.cards import SUIT_SYMBOLS, SUITS

__all__ = ["RUN_LENGTHS", "RUN_NAMES", "RUN_RANKS", "SIDE_LABELS", "SUITS", "SUIT_SYMBOLS"]

SIDE_LABELS = {"A": _("North/South"), "B": _("East/West")}
RUN_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
RUN_NAMES = {"tierce": _("Tierce"), "quarte": _("Quarte"), "quinte": _("Quinte")}
RUN_LENGTHS = {"tierce": 3, "quarte": 4, "quinte": 5}
