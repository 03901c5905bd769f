"""The venue screen's link: a secret address for the room's projector or TV, revocable by the organiser."""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Event


def new_screen_token() -> str:
    # Same strength as the table links (256 bits): the screen needs no login, the address is the key.
    return secrets.token_urlsafe(32)


class VenueScreen(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="venue_screens")
    token = models.CharField(max_length=64, unique=True, default=new_screen_token, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        app_label = "scoring"
        ordering = ["-created_at"]
        verbose_name = _("venue screen")
        verbose_name_plural = _("venue screens")

    def __str__(self):
        return f"{self.event} · {_('venue screen')}"
