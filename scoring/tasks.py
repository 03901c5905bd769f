"""Celery tasks of `scoring`: interfaces only. Each takes ids, calls one service, returns small JSON.

Nothing sends these directly: `scoring.queueing` does (after commit, never failing the request), e.g.
`scoring.queueing.standings_request_recompute(event_id=...)` marks the event dirty and queues the recompute.
The work each task runs is imported here at module level; `scoring.standings.store` and `scoring.exports` queue
nothing. Only what sends tasks again (the coalescing re-queue, the sweep) lives in `scoring.queueing`, which
imports this module for the task objects: those two imports stay inside the tasks, the one cycle left
(scoring.tasks -> scoring.queueing -> scoring.tasks), allowed by name in the import contracts.
"""

from django.db import DatabaseError, InterfaceError

from config.celery import app
from scoring.exports import export_execute
from scoring.standings.store import COALESCE_SECONDS, standings_recompute_if_dirty

# A recompute rebuilds the snapshot from the stored deals and overwrites it, so running it twice is harmless:
# acks_late lets a recompute interrupted by a dying worker be delivered again.
_RETRY = {
    "autoretry_for": (DatabaseError, InterfaceError),
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "retry_jitter": True,
    "max_retries": 8,
}


@app.task(name="scoring.standings_recompute", acks_late=True, **_RETRY)
def standings_recompute(*, event_id: int) -> dict:
    """Recompute an event's standings if they are dirty (coalesced per event); see
    `scoring.standings.store.standings_recompute_if_dirty`. In a worker, a recompute asked for within
    `COALESCE_SECONDS` of the previous one is queued again for when that time is up, so a burst of
    confirmations gives at most two recomputes. Returns {"event_id", "version", "skipped", "rows"}."""
    # cycle: scoring.tasks -> scoring.queueing -> scoring.tasks (queueing sends this very task)
    from scoring.queueing import standings_recompute_later

    # Only a worker waits between recomputes; run in-process (eager, apply, direct call) it never defers.
    request = standings_recompute.request
    in_worker = not (request.is_eager or request.called_directly)
    result = standings_recompute_if_dirty(event_id=event_id, min_interval=COALESCE_SECONDS if in_worker else 0.0)
    if result["skipped"] == "too_soon":
        standings_recompute_later(event_id=event_id, countdown=result["retry_in"])
    return result


@app.task(name="scoring.export_run", bind=True, acks_late=True, max_retries=2, default_retry_delay=5)
def export_run(self, *, export_id: int) -> dict:
    """Write the export file of one Export row; progress goes to Export.progress and the task state.

    Returns {"export_id", "status", "file"}; a failed export is recorded on the row (status, error)."""

    def progress(pct: int) -> None:
        if not self.request.called_directly:
            self.update_state(state="PROGRESS", meta={"value": pct, "export_id": export_id})

    return export_execute(export_id=export_id, progress=progress)


@app.task(name="scoring.sweep", ignore_result=True)
def sweep() -> dict:
    """Beat's catch-up every `ATOUT_SWEEP_SECONDS`: queue again the recompute of every dirty event and the
    exports pending or running too long (`scoring.queueing.sweep_owed`). Returns {"events", "exports"}."""
    # cycle: scoring.tasks -> scoring.queueing -> scoring.tasks (the sweep sends the other two tasks)
    from scoring.queueing import sweep_owed

    return sweep_owed()
