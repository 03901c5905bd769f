"""An event's prizes (*lots*): the list in order, the optional categories, and the prize-giving's record.

- `PrizeSettings` (one per event, made on first use): who is served first, the categories or the overall
  ranking (`Order`), and whether the organiser asked for a prize for every team.
- `PrizeCategory`: ladies, juniors, best newcomer or the organiser's own name, with the entries it counts
  (ticked by the organiser, or a rule computed from the club's records: guests, first event at the club).
- `Prize`: one lot, in order (`position`), with a label ("1er prix : un jambon") and an optional value;
  in a category's own pool when `category` is set, else in the overall pool.
- `PrizeAward`: one step of the prize-giving, in order (`step`): the team took that lot, or (no `prize`)
  was not there to choose. A team has at most one step, so it takes only one prize. Undoing the last
  step deletes its row; the event's history keeps both (`prize_taken`, `prize_absent`, `prize_undone`).

The list (lots and categories) can change until the first step is recorded (`scoring.prizes.services`).
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Entry, Event


class PrizeSettings(models.Model):
    class Order(models.TextChoices):
        OVERALL_FIRST = "overall_first", _("Overall ranking first, then the categories")
        CATEGORIES_FIRST = "categories_first", _("Categories first, then the overall ranking")

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="prize_settings")
    order = models.CharField(
        _("who is served first"), max_length=20, choices=Order.choices, default=Order.OVERALL_FIRST
    )
    every_team = models.BooleanField(_("every team gets a prize"), default=False)

    class Meta:
        verbose_name = _("prize settings")
        verbose_name_plural = _("prize settings")

    def __str__(self):
        return f"{self.event}: {self.get_order_display()}"


class PrizeCategory(models.Model):
    class Rule(models.TextChoices):
        TICKED = "ticked", _("The teams I tick")
        GUESTS = "guests", _("Teams of guests only")
        NEWCOMERS = "newcomers", _("Teams playing their first event at the club")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="prize_categories")
    position = models.PositiveSmallIntegerField(_("position"))
    name = models.CharField(_("category"), max_length=100)
    rule = models.CharField(_("who may win it"), max_length=10, choices=Rule.choices, default=Rule.TICKED)
    entries = models.ManyToManyField(Entry, blank=True, related_name="prize_categories", verbose_name=_("teams"))

    class Meta:
        ordering = ["event", "position", "pk"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="prizecategory_unique_name")]
        verbose_name = _("prize category")
        verbose_name_plural = _("prize categories")

    def __str__(self):
        return self.name


class Prize(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="prizes")
    category = models.ForeignKey(
        PrizeCategory,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="prizes",
        verbose_name=_("category"),
    )
    position = models.PositiveIntegerField(_("position"))
    label = models.CharField(_("prize"), max_length=200)
    value = models.DecimalField(
        _("value"), max_digits=8, decimal_places=2, null=True, blank=True, validators=[MinValueValidator(0)]
    )

    class Meta:
        ordering = ["event", "position", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(value__isnull=True) | Q(value__gte=0), name="prize_value_not_negative"),
        ]
        indexes = [models.Index(fields=["event", "position"], name="prize_event_position")]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")

    def __str__(self):
        return self.label


class PrizeAward(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="prize_awards")
    step = models.PositiveIntegerField(_("step"))
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+", verbose_name=_("team"))
    prize = models.OneToOneField(
        Prize, on_delete=models.RESTRICT, null=True, blank=True, related_name="award", verbose_name=_("prize")
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["event", "step"]
        constraints = [
            models.UniqueConstraint(fields=["event", "entry"], name="prizeaward_one_per_team"),
            models.UniqueConstraint(fields=["event", "step"], name="prizeaward_unique_step"),
        ]
        verbose_name = _("prize taken")
        verbose_name_plural = _("prizes taken")

    def __str__(self):
        return f"{self.step}. {self.entry} · {self.prize or '–'}"
