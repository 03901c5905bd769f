"""The results page's penalty form after bad input: the typed values stay, and each error stands next to its
field (with aria-describedby), not only as a message at the top of the page."""

from html import unescape

import pytest
from django.urls import reverse

from scoring.models import Adjustment

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(played_event):
    return played_event


def post(client, event, **data):
    url = reverse("results:adjustment_add", args=[event.club.slug, event.slug])
    form = {
        "entry": "2",
        "kind": "adjustment",
        "match_points": "zwei",
        "points": "-50",
        "round_number": "1",
        "reason": "Handy geklingelt",
        **data,
    }
    return client.post(url, form, HTTP_ACCEPT_LANGUAGE="de")


def form_html(response) -> str:
    html = response.content.decode()
    return html[html.index('id="adjustment-form"') : html.index("</form>", html.index('id="adjustment-form"'))]


def test_bad_match_points_keep_the_typed_values_and_show_the_error_at_the_field(organiser_client, event):
    response = post(organiser_client, event)
    assert response.status_code == 400
    form = form_html(response)
    assert 'value="zwei"' in form and 'value="-50"' in form and 'value="1"' in form
    assert 'value="Handy geklingelt"' in form
    assert '<option value="2" selected>' in form and '<option value="adjustment" selected>' in form
    assert 'aria-describedby="adj-mp-error"' in form
    error = unescape(form[form.index('id="adj-mp-error">') :])
    assert "zwei" in error[: error.index("</p>")]
    # Next to its field: right after the match points input, before the game points label; no message on top.
    assert form.index('id="adj-mp"') < form.index('id="adj-mp-error"') < form.index('for="adj-pts"')
    assert 'class="messages"' not in response.content.decode()
    assert not Adjustment.objects.exists()


def test_a_round_outside_the_event_is_named_at_the_round_field(organiser_client, event):
    response = post(organiser_client, event, match_points="-1", round_number="99")
    assert response.status_code == 400
    form = form_html(response)
    error = unescape(form[form.index('id="adj-round-error">') :])
    assert "99" in error[: error.index("</p>")] and 'value="99"' in form and 'value="-1"' in form
    assert not Adjustment.objects.exists()


def test_an_adjustment_that_changes_nothing_is_refused_above_the_form_with_the_values_kept(organiser_client, event):
    response = post(organiser_client, event, match_points="0", points="0")
    assert response.status_code == 400
    form = form_html(response)
    assert 'id="adj-error"' in form and 'value="Handy geklingelt"' in form
    assert not Adjustment.objects.exists()
