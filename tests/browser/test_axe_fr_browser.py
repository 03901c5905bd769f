"""axe-core finds no serious or critical violation on any page of the evening, at 360 and 1280 px, in French
(tests/browser/axe_evening.py)."""

import pytest

from tests.browser.axe_evening import evening_violations

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]


def test_no_serious_axe_violation_on_the_evenings_pages_in_french(live_server, _chromium):
    violations = evening_violations(live_server, _chromium, "fr")
    assert violations == [], "\n".join(violations)
