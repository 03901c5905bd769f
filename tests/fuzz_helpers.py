"""What the fuzz tests share: hypothesis settings for a bounded, repeatable run, and the check every answer
passes (below 500; a 4xx JSON answer names what is wrong)."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, settings


def fuzz_settings(examples: int):
    return settings(
        max_examples=examples, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck)
    )


# --- answers ----------------------------------------------------------------------------------------------


def json_of(response):
    if "application/json" not in response.get("Content-Type", ""):
        return None
    try:
        return json.loads(response.content)
    except ValueError:
        return None


def names_something(body) -> bool:
    """A refusal's JSON says what is wrong: a non-empty detail, errors, or (DRF field errors) a field with
    messages."""
    if isinstance(body, list):
        return bool(body) and all(isinstance(m, str) and m for m in body)
    if not isinstance(body, dict):
        return False
    if body.get("detail") or body.get("errors"):
        return True
    return any(isinstance(v, list) and v for k, v in body.items() if k not in ("code", "valid", "ok"))


def check_answer(response, context) -> int:
    status = response.status_code
    assert status < 500, (context, response.content[:800])
    if 400 <= status < 500:
        body = json_of(response)
        if body is not None:
            assert names_something(body), (context, status, body)
    return status
