"""The hand-written scripts in static/ poll, post and make client ids in one place each: static/poll.js
(Atout.poll, Atout.part), static/send.js (Atout.send, Atout.backoff, Atout.clientId). A page script that
calls fetch() or makes ids itself would be a sixth polling loop or a second way of sending a deal.
"""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent.parent / "static"
SCRIPTS = sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.relative_to(STATIC).parts)
OWNERS = {"fetch(": {"poll.js", "send.js"}, "randomUUID": {"send.js"}, "getRandomValues": {"send.js"}}


def test_the_scripts_are_found():
    assert {"poll.js", "send.js"} <= {p.name for p in SCRIPTS} and len(SCRIPTS) > 5


def test_only_the_poller_and_the_sender_fetch_and_make_ids():
    found = {
        (str(p.relative_to(STATIC)), word)
        for p in SCRIPTS
        for word in OWNERS
        if re.search(r"\b" + re.escape(word), p.read_text()) and str(p.relative_to(STATIC)) not in OWNERS[word]
    }
    assert found == set()
