"""Member import by paste or CSV: a preview with duplicate warnings that stores nothing; bad lines named by
number; confirmation stores the ticked lines in one go."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import ClubFactory, MembershipFactory, PlayerFactory
from tournaments.member_import import MemberListError, member_lines_read, members_import
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def import_url(club):
    return reverse("tournaments:member_import", kwargs={"club_slug": club.slug})


def test_lines_read_tabs_semicolons_and_single_names_and_skip_a_header(organiser):
    club = organiser.club
    lines = member_lines_read(
        text="Vorname\tNachname\tE-Mail\nAnke\tHansen\tanke@example.org\n\nKlaus\tTimmermann\n", club=club
    )
    assert [(line.number, line.first_name, line.last_name, line.email) for line in lines] == [
        (2, "Anke", "Hansen", "anke@example.org"),
        (4, "Klaus", "Timmermann", ""),
    ]
    lines = member_lines_read(text="Hans-Peter Lüders\nJean Luc Moreau", club=club)
    assert [(line.first_name, line.last_name) for line in lines] == [("Hans-Peter", "Lüders"), ("Jean Luc", "Moreau")]
    lines = member_lines_read(text="Ute;Brandt;ute@example.org", club=club)
    assert (lines[0].first_name, lines[0].email) == ("Ute", "ute@example.org")


def test_bad_lines_are_named_by_number_and_what_is_wrong(organiser):
    text = "Anke;Hansen\nMadonna\n;Krüger\nUte;Brandt;not-an-email\nA;B;c@d.org;ja;voll;more\n"
    lines = member_lines_read(text=text, club=organiser.club)
    problems = {line.number: line.problem for line in lines if line.problem}
    assert set(problems) == {2, 3, 4, 5}
    assert "Line 2" in problems[2] and "no last name" in problems[2]
    assert "Line 3" in problems[3] and "first name is empty" in problems[3]
    assert "Line 4" in problems[4] and "not-an-email" in problems[4]
    assert "Line 5 has 6 columns; expected 2 to 5" in problems[5]


def test_duplicates_in_the_club_and_within_the_list_are_flagged(organiser):
    PlayerFactory(club=organiser.club, first_name="Jürgen", last_name="Müller")
    PlayerFactory(club=ClubFactory(), first_name="Anke", last_name="Hansen")  # another club: not a duplicate
    lines = member_lines_read(text="Jurgen Muller\nAnke Hansen\nAnke Hansen\nHansen Anke", club=organiser.club)
    assert lines[0].duplicates == ["Jürgen Müller"]
    assert not lines[1].is_duplicate
    assert lines[2].repeats_line == 2
    assert lines[3].repeats_line == 2  # first and last name swapped


def test_list_too_long_or_empty_is_refused():
    club = ClubFactory()
    with pytest.raises(MemberListError, match="empty"):
        member_lines_read(text="\n  \n", club=club)
    with pytest.raises(MemberListError, match="1001 lines"):
        member_lines_read(text="\n".join(f"A{n} B{n}" for n in range(1001)), club=club)


def test_import_with_a_bad_line_stores_nothing(organiser):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as caught:
        members_import(club=organiser.club, text="Anke;Hansen\nMadonna")
    assert "Line 2" in str(caught.value)
    assert Player.objects.count() == 0


def test_page_previews_without_storing_then_imports_the_ticked_lines(organiser_client, organiser):
    club = organiser.club
    PlayerFactory(club=club, first_name="Klaus", last_name="Timmermann")
    text = "Anke\tHansen\nKlaus\tTimmermann\nHeike\tPetersen\nHeike\tPetersen\n"
    response = organiser_client.post(import_url(club), {"text": text, "action": "preview"})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Preview: nothing is stored yet" in page
    assert "Already in the club:" in page and "Same name as line 3." in page
    assert Player.objects.filter(club=club).count() == 1
    lines = response.context["lines"]
    ticked = [str(line.number) for line in lines if not line.is_duplicate]
    assert ticked == ["1", "3"]
    response = organiser_client.post(import_url(club), {"text": text, "action": "confirm", "line": ticked})
    assert response.status_code == 302
    names = sorted(str(p) for p in Player.objects.filter(club=club))
    assert names == ["Anke Hansen", "Heike Petersen", "Klaus Timmermann"]


def test_page_refuses_to_confirm_a_list_with_bad_lines(organiser_client, organiser):
    text = "Anke;Hansen\nMadonna\n"
    response = organiser_client.post(import_url(organiser.club), {"text": text, "action": "confirm", "line": ["1"]})
    assert response.status_code == 200
    assert "Line 2: “Madonna” has no last name" in response.content.decode()
    assert Player.objects.count() == 0


def test_csv_upload_in_windows_1252_with_header(organiser_client, organiser):
    raw = "Vorname;Nachname;E-Mail\r\nJürgen;Bockelmann;\r\nSylvie;Lefèvre;sylvie@example.org\r\n".encode("cp1252")
    upload = SimpleUploadedFile("mitglieder.csv", raw, content_type="text/csv")
    response = organiser_client.post(import_url(organiser.club), {"file": upload, "action": "preview"})
    assert response.status_code == 200
    assert [line.name for line in response.context["lines"]] == ["Jürgen Bockelmann", "Sylvie Lefèvre"]
    assert Player.objects.count() == 0


def test_binary_upload_and_empty_form_are_refused_with_the_field_named(organiser_client, organiser):
    upload = SimpleUploadedFile("photo.csv", b"\x89PNG\x00\x00", content_type="text/csv")
    response = organiser_client.post(import_url(organiser.club), {"file": upload, "action": "preview"})
    assert response.context["form"].errors["file"] == ["The file is not a text or CSV file."]
    response = organiser_client.post(import_url(organiser.club), {"text": "", "action": "preview"})
    assert "Paste the list or choose a CSV file." in response.context["form"].errors["text"]


def test_other_clubs_organiser_gets_404_and_anonymous_goes_to_login(client, organiser):
    other = MembershipFactory()
    client.force_login(other.user)
    assert client.get(import_url(organiser.club)).status_code == 404
    confirm = {"text": "A B", "action": "confirm", "line": ["1"]}
    assert client.post(import_url(organiser.club), confirm).status_code == 404
    client.logout()
    assert client.get(import_url(organiser.club)).status_code == 302
    assert Player.objects.count() == 0


def test_german_page_is_translated(organiser_client, organiser):
    response = organiser_client.get(import_url(organiser.club), HTTP_ACCEPT_LANGUAGE="de")
    assert "Mitglieder importieren" in response.content.decode()


def test_each_line_has_its_own_separator(organiser):
    lines = member_lines_read(
        text="Anke\tHansen\nUte;Brandt;ute@example.org\nKlaus, Timmermann\nHeike Petersen", club=organiser.club
    )
    assert [(line.first_name, line.last_name, line.email, line.problem) for line in lines] == [
        ("Anke", "Hansen", "", ""),
        ("Ute", "Brandt", "ute@example.org", ""),
        ("Klaus", "Timmermann", "", ""),
        ("Heike", "Petersen", "", ""),
    ]


def test_transliterated_names_are_the_members_already_there(organiser):
    """Issue 19, item 9: "Juergen Petersen" and "Monika Gruenwald" are Jürgen and Grünwald, not new members;
    a genuine "ue" (Manuel, Samuel) is nobody else."""
    for first, last in [("Jürgen", "Petersen"), ("Monika", "Grünwald"), ("Manul", "Sämul")]:
        PlayerFactory(club=organiser.club, first_name=first, last_name=last)
    text = "Juergen Petersen\nGRUENWALD;Monika\nManuel Samuel\nJurgen Petersen\nJürgen Petersen"
    lines = member_lines_read(text=text, club=organiser.club)
    assert [line.duplicates for line in lines] == [
        ["Jürgen Petersen"],
        ["Monika Grünwald"],
        [],
        ["Jürgen Petersen"],
        ["Jürgen Petersen"],
    ]
    assert [line.repeats_line for line in lines] == [None, None, None, None, 1]


def test_the_junior_tick_and_the_consent_come_with_the_list_in_any_of_the_three_languages(organiser):
    """A club's spreadsheet carries who is a junior and what the member agreed to show on public pages; the
    import stores both, and an empty cell keeps the defaults (no junior, the model's default consent)."""
    text = (
        "Vorname;Nachname;E-Mail;Jugend;Name öffentlich\n"
        "Anke;Hansen;anke@example.org;ja;Initialen\n"
        "Klaus;Timmermann;;;voll\n"
        "Lena;Brandt;;x;Not published\n"
        "Paul;Martin;;non;Nom complet\n"
        "Ute;Krüger\n"
    )
    members_import(club=organiser.club, text=text)
    stored = {p.first_name: (p.is_junior, p.publication) for p in Player.objects.filter(club=organiser.club)}
    default = Player._meta.get_field("publication").default
    assert stored == {
        "Anke": (True, "initials"),
        "Klaus": (False, "full"),
        "Lena": (True, "hidden"),
        "Paul": (False, "full"),
        "Ute": (False, default),
    }


def test_a_junior_or_consent_cell_that_reads_as_neither_names_the_line_and_the_choices(organiser):
    lines = member_lines_read(text="Anke;Hansen;;vielleicht\nKlaus;Timmermann;;;öffentlich\n", club=organiser.club)
    assert lines[0].problem == "Line 1: junior reads “vielleicht”; write “yes” or leave it empty."
    assert lines[1].problem.startswith("Line 2: the name on public pages reads “öffentlich”; write one of")
    assert "“Initials only”" in lines[1].problem
    with pytest.raises(Exception, match="Line 1"):
        members_import(club=organiser.club, text="Anke;Hansen;;vielleicht\n")
    assert not Player.objects.filter(club=organiser.club, last_name="Hansen").exists()


def test_the_preview_shows_the_junior_and_the_consent_in_german(organiser_client, organiser):
    page = organiser_client.post(
        import_url(organiser.club),
        {"action": "preview", "text": "Anke;Hansen;;ja;verborgen"},
        HTTP_ACCEPT_LANGUAGE="de",
    ).content.decode()
    assert "<small>Jugendliche(r)</small>" in page
    assert "<small>Öffentliche Seiten: Nicht veröffentlicht</small>" in page  # the choice's words, not its code
