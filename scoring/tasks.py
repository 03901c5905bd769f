"""Celery tasks of `scoring`: interfaces only. Each takes ids, calls one service, returns small JSON."""

from config.celery import app


@app.task(name="scoring.standings_recompute", bind=True, acks_late=True, max_retries=5, default_retry_delay=1)
def standings_recompute(self, *, event_id: int) -> dict:
    """Recompute an event's standings if they are dirty (coalesced per event); see scoring.standings."""
    from scoring.standings import standings_recompute_if_dirty

    return standings_recompute_if_dirty(event_id=event_id)
