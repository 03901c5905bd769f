"""The check-in page: one tap (JSON or a plain POST), all remaining, clear errors, its script's labels."""

import json

import pytest

from tests.factories import EntryFactory, EventFactory
from tests.tournaments.views.view_helpers import url
from tournaments import selectors

pytestmark = pytest.mark.django_db


def test_checkin_page_one_tap_json_and_plain_post(organiser_client, organiser):
    event = EventFactory(club=organiser.club)
    entries = [EntryFactory(event=event, number=n) for n in range(1, 5)]
    response = organiser_client.get(url("checkin", event, number=1))
    assert response.status_code == 200
    assert response.context["counts"]["none"] == 4
    response = organiser_client.post(
        url("checkin", event, number=1), {"entry": entries[0].pk, "status": "present"}, HTTP_ACCEPT="application/json"
    )
    body = response.json()
    assert body["counts"]["present"] == 1 and body["status"] == "present"
    response = organiser_client.post(url("checkin", event, number=1), {"entry": entries[1].pk, "status": "withdrawn"})
    assert response.status_code == 302 and response.url.endswith(f"#entry-{entries[1].pk}")
    organiser_client.post(url("checkin", event, number=1), {"all_remaining": "1", "status": "present"})
    statuses = selectors.checkin_statuses(event=event, round_number=1)
    assert [statuses[e.pk] for e in entries] == ["present", "withdrawn", "present", "present"]
    assert organiser_client.get(url("checkin_current", event)).url == url("checkin", event, number=1)


def test_checkin_bad_input_is_a_clear_error(organiser_client, event):
    other = EntryFactory()
    response = organiser_client.post(
        url("checkin", event, number=1), {"entry": other.pk, "status": "present"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 400 and "not in this event" in response.json()["error"]
    response = organiser_client.post(
        url("checkin", event, number=1), {"entry": "x", "status": "dancing"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 400 and "status" in response.json()["error"]
    assert organiser_client.get(url("checkin", event, number=9)).status_code == 404


def test_checkin_js_labels_are_valid_json(organiser_client, event):
    html = organiser_client.get(url("checkin", event, number=1)).content.decode()
    marker = 'id="checkin-labels" type="application/json">'
    start = html.index(marker) + len(marker)
    labels = json.loads(html[start : html.index("</script>", start)])
    assert set(labels) == {"present", "absent", "withdrawn"}


def test_checkin_rows_carry_the_folded_names_the_search_matches(organiser_client, organiser):
    """The script folds the words typed with Atout.fold (static/fold.js, loaded first); the rows' text is folded
    on the server the same way, so "Juergen", "Jurgen" and "Jürgen" all find Jürgen."""
    event = EventFactory(club=organiser.club)
    EntryFactory(event=event, number=7, name="Die Asse", player_1__first_name="Jürgen", player_1__last_name="Strauß")
    html = organiser_client.get(url("checkin", event, number=1)).content.decode()
    assert 'data-search="7 die asse juergen strauss' in html and "jurgen strauss" in html
    assert html.index("fold.js") < html.index("tournaments/checkin.js")
