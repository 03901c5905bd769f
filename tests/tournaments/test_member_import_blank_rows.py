"""Member import, found trying the demo: a row of bare separators (";;" from a spreadsheet's empty CSV row)
is a blank line, not a 500 on the preview; "first last;email" does not store the email as the last name."""

import pytest
from django.urls import reverse

from tournaments.member_import import member_lines_read
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def test_rows_of_bare_separators_are_blank_lines(organiser):
    lines = member_lines_read(text="Anke;Hansen\n;;\n , ,\nUte;Brandt;ute@example.org\n", club=organiser.club)
    assert [(line.number, line.first_name, line.last_name, line.problem) for line in lines] == [
        (1, "Anke", "Hansen", ""),
        (4, "Ute", "Brandt", ""),
    ]


def test_the_page_previews_a_list_with_a_separator_row_and_imports_it(organiser_client, organiser):
    url = reverse("tournaments:member_import", kwargs={"club_slug": organiser.club.slug})
    text = "Anke;Hansen\n;;\nUte;Brandt\n"
    response = organiser_client.post(url, {"text": text, "action": "preview"})
    assert response.status_code == 200
    assert [line.number for line in response.context["lines"]] == [1, 3]
    response = organiser_client.post(url, {"text": text, "action": "confirm", "line": ["1", "3"]})
    assert response.status_code == 302
    assert sorted(str(p) for p in Player.objects.filter(club=organiser.club)) == ["Anke Hansen", "Ute Brandt"]


def test_a_whole_name_then_an_email_is_split_into_first_and_last_name(organiser):
    """ "Émile Zola;emile@example.org" (name in one cell, then the email) stored the email as the last name."""
    text = "Émile Zola;emile@example.org\nJean Luc Moreau,jl@example.org\nMadonna;m@example.org"
    lines = member_lines_read(text=text, club=organiser.club)
    assert [(line.first_name, line.last_name, line.email) for line in lines[:2]] == [
        ("Émile", "Zola", "emile@example.org"),
        ("Jean Luc", "Moreau", "jl@example.org"),
    ]
    assert not lines[0].problem and not lines[1].problem
    assert lines[2].problem == "Line 3: the last name is empty."
