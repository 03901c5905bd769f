"""The password reset requests of the last hour, by client address: what the reset limit counts.

In the database, not the cache: every web process and node counts the same rows (a per-process cache let
three workers send three times the limit), and a cache outage neither resets nor loosens the count."""

from __future__ import annotations

from django.db import models
from django.utils import timezone


class PasswordResetRequest(models.Model):
    address = models.CharField(max_length=64)
    requested_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["address", "requested_at"], name="password_reset_address_time")]

    def __str__(self) -> str:
        return f"{self.address} {self.requested_at:%Y-%m-%d %H:%M}"
