"""A club, its organisers and referees (Membership), its members and guests (Player), its seasons."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Club(models.Model):
    slug = models.SlugField(_("short name"), unique=True)
    name = models.CharField(_("name"), max_length=200)
    city = models.CharField(_("city"), max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self):
        return self.name


class Membership(models.Model):
    class Role(models.TextChoices):
        ORGANISER = "organiser", _("Organiser")
        REFEREE = "referee", _("Referee")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.ORGANISER)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="membership_unique_user_club")]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self):
        return f"{self.user} @ {self.club} ({self.get_role_display()})"


class Player(models.Model):
    """A club member or a guest. Guests may name the club they come from (for same-club avoidance)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    first_name = models.CharField(_("first name"), max_length=100)
    last_name = models.CharField(_("last name"), max_length=100)
    email = models.EmailField(_("email"), blank=True)
    is_guest = models.BooleanField(_("guest"), default=False)
    home_club = models.CharField(_("home club"), max_length=200, blank=True)
    is_active = models.BooleanField(_("active"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["last_name", "first_name"]
        indexes = [models.Index(fields=["club", "last_name", "first_name"])]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self):
        return f"{self.first_name} {self.last_name}".strip()


class Season(models.Model):
    class Ranking(models.TextChoices):
        SUM = "sum", _("Sum of event points")
        BEST_N = "best_n", _("Best N evenings")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=100)
    start_date = models.DateField(_("start"))
    end_date = models.DateField(_("end"))
    ranking_rule = models.CharField(_("ranking rule"), max_length=10, choices=Ranking.choices, default=Ranking.SUM)
    best_n = models.PositiveSmallIntegerField(_("best N"), null=True, blank=True)

    class Meta:
        ordering = ["-start_date"]
        constraints = [
            models.CheckConstraint(condition=Q(end_date__gte=models.F("start_date")), name="season_dates_ordered"),
        ]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self):
        return f"{self.club}: {self.name}"
