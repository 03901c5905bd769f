"""Money at the desk: an event's entry fee (with its reductions and the payout from the takings) and the
payment ledger. A payment, a refund and a correction are each a row, never edited (docs: README, "The
treasurer"); what an entry owes is computed from the fee and its players (`tournaments.money`)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Entry, Event

#: The largest amount the desk takes in one field (a typo like 1000000 for 10 is refused).
MAX_AMOUNT = 100_000


class EventFee(models.Model):
    """The entry fee of one event: `amount` per player or per pair, less a reduction per person for members
    (players who are not guests) and juniors (the larger one counts, they do not add up); and the payout to
    the first places, as percentages of the takings or as fixed amounts (`payout_table`, from first place
    down: "50 30 20")."""

    class Per(models.TextChoices):
        PLAYER = "player", _("per player")
        PAIR = "pair", _("per pair")

    class Payout(models.TextChoices):
        NONE = "none", _("No payout")
        PERCENT = "percent", _("Percentages of the takings")
        FIXED = "fixed", _("Fixed amounts")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="fee")
    amount = models.DecimalField(_("entry fee"), max_digits=8, decimal_places=2, default=0)
    per = models.CharField(_("the fee is"), max_length=10, choices=Per.choices, default=Per.PLAYER)
    member_reduction = models.DecimalField(_("reduction for members"), max_digits=8, decimal_places=2, default=0)
    junior_reduction = models.DecimalField(_("reduction for juniors"), max_digits=8, decimal_places=2, default=0)
    payout_mode = models.CharField(_("payout"), max_length=10, choices=Payout.choices, default=Payout.NONE)
    payout_table = models.CharField(_("payout by place"), max_length=200, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(amount__gte=0) & Q(member_reduction__gte=0) & Q(junior_reduction__gte=0),
                name="eventfee_amounts_not_negative",
            ),
        ]
        verbose_name = _("entry fee")
        verbose_name_plural = _("entry fees")

    def __str__(self):
        return f"{self.event}: {self.amount} {self.get_per_display()}"


class Payment(models.Model):
    """One row of the ledger: a payment (positive), a refund (negative) or a correction (either sign) of an
    entry. The entry's number and name are kept on the row, so the ledger still reads if the entry goes."""

    class Way(models.TextChoices):
        CASH = "cash", _("cash")
        CARD = "card", _("card")
        TRANSFER = "transfer", _("bank transfer")
        OTHER = "other", _("other")

    class Kind(models.TextChoices):
        PAYMENT = "payment", _("payment")
        REFUND = "refund", _("refund")
        CORRECTION = "correction", _("correction")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="payments")
    entry = models.ForeignKey(Entry, on_delete=models.SET_NULL, null=True, blank=True, related_name="payments")
    entry_number = models.PositiveIntegerField(_("start number"))
    entry_name = models.CharField(_("team"), max_length=400, blank=True)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices, default=Kind.PAYMENT)
    amount = models.DecimalField(_("amount"), max_digits=9, decimal_places=2)
    way = models.CharField(_("way of payment"), max_length=10, choices=Way.choices, default=Way.CASH)
    comment = models.CharField(_("comment"), max_length=500, blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["event", "entry"], name="payment_event_entry")]
        constraints = [
            models.CheckConstraint(condition=~Q(amount=0), name="payment_amount_not_zero"),
            models.CheckConstraint(condition=~Q(kind="payment") | Q(amount__gt=0), name="payment_payment_positive"),
            models.CheckConstraint(condition=~Q(kind="refund") | Q(amount__lt=0), name="payment_refund_negative"),
        ]
        verbose_name = _("payment")
        verbose_name_plural = _("payments")

    def __str__(self):
        return f"{self.event} · {self.entry_number}: {self.amount} ({self.way})"
