"""Event settings are picked from named options: rule sets, pairing methods, ranking criteria and the single
rules of spec §4; the game length follows the chosen rule set unless the organiser changed it."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories import EventFactory
from tests.tournaments.form_helpers import read_form
from tournaments.models import Event

pytestmark = pytest.mark.django_db

NEW_EVENT = {
    "name": "Clubabend",
    "slug": "abend",
    "date": "2026-11-30",
    "team_mode": "pairs",
    "rounds": 4,
    "points_win": 2,
    "points_draw": 1,
    "points_loss": 0,
    "bye_points": 0,
    "pairing_methods": ["random", "swiss"],
    "ranking_precedence": ["match_points", "buchholz"],
    "public_draw": "on",
}


def create_url(club):
    return reverse("tournaments:event_create", kwargs={"club_slug": club.slug})


def test_the_new_event_page_offers_names_and_the_presets_own_length(organiser_client, organiser):
    response = organiser_client.get(create_url(organiser.club), HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    values, _inputs = read_form(html, "event-form")
    assert '<option value="hoheluft" selected>Hoheluft-Turnierregeln</option>' in html
    assert '<option value="round_robin">Jeder gegen jeden</option>' in html
    assert '<option value="buchholz">Buchholz</option>' in html
    assert "rules_options" not in html and "JSON" not in html
    assert values["game_length"] == ["12"] and values["game_length_unit"] == ["deals"]
    assert values["length_of"] == ["hoheluft"]
    assert "Dieses Regelwerk spielt 12 Spiele pro Partie." in html  # also without the page's script
    assert values["pairing_methods"] == ["random", "swiss", "", ""]
    assert values["ranking_precedence"][:3] == ["match_points", "total_points", "point_difference"]


@pytest.mark.parametrize(("preset", "length"), [("classic", {"target": 1000}), ("coinche", {"target": 2000})])
def test_choosing_a_preset_without_touching_the_length_plays_the_presets_own_length(
    organiser_client, organiser, preset, length
):
    # The page came with hoheluft's 12 deals; the organiser picks another rule set and saves.
    data = {
        **NEW_EVENT,
        "rules_preset": preset,
        "game_length": 12,
        "game_length_unit": "deals",
        "length_of": "hoheluft",
    }
    response = organiser_client.post(create_url(organiser.club), data)
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(slug="abend")
    assert event.rules_preset == preset and event.rules_options == {}
    from scoring.rules import build_ruleset

    ruleset = build_ruleset(event.rules["rules"], event.rules["options"])
    assert (ruleset.deals, ruleset.target) == (None, length["target"])


def test_a_length_the_organiser_typed_is_kept(organiser_client, organiser):
    data = {
        **NEW_EVENT,
        "rules_preset": "classic",
        "game_length": 501,
        "game_length_unit": "target",
        "length_of": "classic",
    }
    assert organiser_client.post(create_url(organiser.club), data).status_code == 302
    assert Event.objects.get(slug="abend").rules_options == {"target": 501}


def test_single_rules_are_a_form_of_named_settings_checked_by_the_rules_engine(organiser_client, organiser):
    data = {
        **NEW_EVENT,
        "rules_preset": "coinche",
        "length_of": "coinche",
        "game_length": 2000,
        "game_length_unit": "target",
        "rule_rounding": "nearest_ten_5_up",
        "rule_surcoinche_factor": "3",
        "rule_multipliers": ["1", "2", "4"],
        "rule_litige": "no",
    }
    response = organiser_client.post(create_url(organiser.club), data)
    assert response.status_code == 302, response.context["form"].errors
    event = Event.objects.get(slug="abend")
    assert event.rules_options == {
        "rounding": "nearest_ten_5_up",
        "surcoinche_factor": 3,
        "multipliers": [1, 2, 4],
        "litige": False,
    }
    # Shown again by name on the settings page.
    edit = reverse("tournaments:event_edit", kwargs={"club_slug": organiser.club.slug, "event_slug": "abend"})
    values, _inputs = read_form(organiser_client.get(edit).content.decode(), "event-form")
    assert values["rule_rounding"] == ["nearest_ten_5_up"] and values["rule_surcoinche_factor"] == ["3"]
    assert values["rule_litige"] == ["no"] and values["rule_multipliers"] == ["1", "2", "4"]
    assert organiser_client.post(edit, values).status_code == 302
    event.refresh_from_db()
    assert event.rules_options["surcoinche_factor"] == 3


def test_a_setting_the_rule_set_does_not_have_is_refused_by_name_in_german(organiser_client, organiser):
    data = {**NEW_EVENT, "rules_preset": "hoheluft", "rule_bid_max": "140", "rule_litige": "yes"}
    response = organiser_client.post(create_url(organiser.club), data, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 200
    message = " ".join(response.context["form"].errors["rule_bid_max"])
    # The rules engine's own words, mid-sentence: „höchstes Gebot“ ist eine Coinche-Einstellung; Hoheluft …
    assert "höchstes Gebot" in message and "Coinche" in message and "Hoheluft" in message
    assert "bid_max" not in message and "hoheluft" not in message
    assert not Event.objects.exists()


def test_event_clean_refuses_an_unknown_ranking_criterion(organiser):
    event = EventFactory.build(club=organiser.club, ranking_precedence=["match_points", "buchholtz"])
    with pytest.raises(ValidationError) as refused:
        event.full_clean()
    assert "buchholtz" in " ".join(refused.value.message_dict["ranking_precedence"])


def test_the_metric_registry_imports_nothing_but_gettext_lazy():
    import ast
    import pathlib

    import scoring.standings.metrics

    tree = ast.parse(pathlib.Path(scoring.standings.metrics.__file__).read_text())
    django_imports = {
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module.startswith("django")
        for alias in node.names
    }
    assert django_imports == {("django.utils.translation", "gettext_lazy")}
    imports = [node for node in ast.walk(tree) if isinstance(node, ast.Import)]
    plain = {alias.name.split(".")[0] for node in imports for alias in node.names}
    assert plain <= {"hashlib"}


def test_a_misspelt_criterion_stored_earlier_is_shown_and_refused_not_dropped(organiser_client, organiser):
    event = EventFactory(club=organiser.club, ranking_precedence=["match_points", "buchholtz"])
    edit = reverse("tournaments:event_edit", kwargs={"club_slug": organiser.club.slug, "event_slug": event.slug})
    values, _inputs = read_form(organiser_client.get(edit).content.decode(), "event-form")
    assert values["ranking_precedence"][:2] == ["match_points", "buchholtz"]
    response = organiser_client.post(edit, values)
    assert response.status_code == 200
    assert "buchholtz" in " ".join(response.context["form"].errors["ranking_precedence"])
    event.refresh_from_db()
    assert event.ranking_precedence == ["match_points", "buchholtz"]  # nothing changed until it is fixed


@pytest.mark.parametrize("preset", ["classic", "hoheluft", "dertele", "belot"])
def test_coinche_only_settings_are_offered_only_for_coinche(organiser_client, organiser, preset):
    """Issue 19: "highest bid" and "surcoinche" were offered for classic and Hoheluft. Each setting's wrapper
    names the rule sets that use it; the page shows it only under those (the script follows the preset)."""
    # A post refused for another field renders the form again under the preset it chose.
    response = organiser_client.post(create_url(organiser.club), {**NEW_EVENT, "name": "", "rules_preset": preset})
    assert response.status_code == 200 and response.context["form"]["rules_preset"].value() == preset
    html = response.content.decode()
    for name in ("bid_max", "surcoinche_factor", "coinche_make_rule", "failed_base"):
        wrapper = html[html.rindex("<div data-presets=", 0, html.index(f'name="rule_{name}"')) :]
        assert wrapper.startswith('<div data-presets="coinche" hidden>'), name
    litige = html[html.rindex("<div data-presets=", 0, html.index('name="rule_litige"')) :]
    assert preset in litige.split(">")[0] and "hidden" not in litige.split(">")[0]


def test_the_coinche_settings_show_for_coinche_and_a_refused_one_stays_visible(organiser_client, organiser):
    data = {**NEW_EVENT, "rules_preset": "coinche", "rule_capot_bonus": "90"}
    html = organiser_client.post(create_url(organiser.club), data).content.decode()
    bid = html[html.rindex("<div data-presets=", 0, html.index('name="rule_bid_max"')) :]
    assert bid.startswith('<div data-presets="coinche">')
    bonus = html[html.rindex("<div data-presets=", 0, html.index('name="rule_capot_bonus"')) :]
    assert bonus.startswith('<div data-presets="belot">')  # refused, so shown with its message


def test_the_multipliers_name_their_boxes_as_a_legend(organiser_client, organiser):
    """Issue 19: the "Multiplikatoren" label stood after the boxes, as the first box's label."""
    html = organiser_client.get(create_url(organiser.club), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    start = html.index('<fieldset class="field choices"')
    group = html[start : html.index("</fieldset>", start)]
    assert "<legend>Multiplikatoren</legend>" in group
    assert group.index("<legend>") < group.index('name="rule_multipliers"')
    assert '<label for="id_rule_multipliers_0"><div' not in html
