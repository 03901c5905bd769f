"""The club's rating of its players (opt-in per club) and the results mail to members who opted in.

`PlayerRating` rows are a cache, like the standings snapshots: `scoring`'s rating task rebuilds them from the
club's counted games (`scoring.rating.store`), never edited by hand. `ResultsMailing` is one sending of an
event's results mail, with its progress (the organiser's event page polls it)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.clubs import Player
from tournaments.models.events import Event


class PlayerRating(models.Model):
    """A player's rating across seasons (OpenSkill, docs/rating.md): mu ± sigma after `games` rated games."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField()

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self):
        return f"{self.player}: {self.ordinal:.1f}"

    @property
    def ordinal(self) -> float:
        """The conservative figure shown: mu − 3·sigma (`scoring.rating.core.Z`)."""
        return self.mu - 3 * self.sigma


class ResultsMailing(models.Model):
    """One sending of an event's results mail: who was mailed so far (a task run again skips them)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting")
        RUNNING = "running", _("Sending")
        DONE = "done", _("Sent")
        FAILED = "failed", _("Failed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="results_mailings")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    task_id = models.CharField(max_length=64, blank=True)
    total = models.PositiveIntegerField(default=0)
    sent_to = models.JSONField(default=list, blank=True)
    error = models.TextField(blank=True)
    # The organiser's language and the site's address when it was asked for: the mails are written in that
    # language, and their links point where the organiser's request came in (config.site.site_base).
    language = models.CharField(max_length=10, blank=True)
    base_url = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("results mail")
        verbose_name_plural = _("results mails")

    def __str__(self):
        return f"{self.event} · {self.get_status_display()}"

    @property
    def sent(self) -> int:
        return len(self.sent_to)

    @property
    def progress(self) -> int:
        """Percent sent (100 once done, even with nobody to mail)."""
        if self.status == self.Status.DONE:
            return 100
        return round(100 * self.sent / self.total) if self.total else 0
