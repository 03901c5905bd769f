"""The member import's limits answer with a sentence, never a 500, and store nothing: a cell longer than the
csv module's field limit, a file over the size limit (its real size said), a 1,000-line confirmation (more
fields than Django's default allows), a UTF-16 file (Excel's "Unicode text") and a Shift-JIS one (read as
what it is, and the page says what was assumed)."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments.models import Player

pytestmark = pytest.mark.django_db


def import_url(club):
    return reverse("tournaments:member_import", kwargs={"club_slug": club.slug})


def _upload(organiser_client, organiser, raw: bytes, **extra):
    upload = SimpleUploadedFile("mitglieder.csv", raw, content_type="text/csv")
    return organiser_client.post(import_url(organiser.club), {"file": upload, "action": "preview"}, **extra)


def test_a_cell_longer_than_the_csv_field_limit_is_refused_naming_the_line(organiser_client, organiser):
    text = 'Anke;Hansen\nHeike;"' + "x" * 200_000 + '"\n'
    for action in ("preview", "confirm"):
        response = organiser_client.post(import_url(organiser.club), {"text": text, "action": action, "line": "1"})
        assert response.status_code == 200
        assert response.context["form"].errors["text"] == [
            "Line 2 has more than 1000 characters; a line holds one member's names and email."
        ]
    assert Player.objects.count() == 0


def test_a_600_kb_file_is_reported_as_600_kb(organiser_client, organiser):
    raw = b"Anke;Hansen\n" * (600 * 1024 // 12)
    response = _upload(organiser_client, organiser, raw)
    assert response.context["form"].errors["file"] == ["The file has 600 KB; at most 512 KB are read."]
    german = _upload(organiser_client, organiser, raw, HTTP_ACCEPT_LANGUAGE="de")
    assert "600" in german.context["form"].errors["file"][0] and "512" in german.context["form"].errors["file"][0]
    assert Player.objects.count() == 0


def test_a_confirmation_of_1000_lines_imports_them_all(organiser_client, organiser):
    text = "".join(f"Spieler{n};Nummer{n}\n" for n in range(1, 1001))
    lines = [str(n) for n in range(1, 1001)]
    response = organiser_client.post(import_url(organiser.club), {"text": text, "action": "confirm", "line": lines})
    assert response.status_code == 302
    assert Player.objects.filter(club=organiser.club).count() == 1000


def test_excels_unicode_text_in_utf16_is_read(organiser_client, organiser):
    raw = "Vorname\tNachname\r\nJürgen\tBockelmann\r\nŁucja\tWałęsa\r\n".encode("utf-16")
    response = _upload(organiser_client, organiser, raw)
    assert response.status_code == 200 and not response.context["form"].errors
    assert [line.name for line in response.context["lines"]] == ["Jürgen Bockelmann", "Łucja Wałęsa"]
    assert "The file was read as UTF-16." in response.content.decode()
    german = _upload(organiser_client, organiser, raw, HTTP_ACCEPT_LANGUAGE="de")
    assert "Die Datei wurde als UTF-16 gelesen." in german.content.decode()


def test_shift_jis_is_read_as_japanese_and_the_page_says_so(organiser_client, organiser):
    raw = "太郎;山田\n花子;鈴木\n一郎;佐藤\n美咲;高橋\n".encode("shift_jis")
    response = _upload(organiser_client, organiser, raw)
    assert [line.name for line in response.context["lines"]] == ["太郎 山田", "花子 鈴木", "一郎 佐藤", "美咲 高橋"]
    page = response.content.decode()
    assert "The file was read as cp932." in page and "save it as CSV (UTF-8)" in page


def test_windows_1252_is_still_the_assumption_for_a_german_file_and_is_said(organiser_client, organiser):
    raw = "Jürgen;Bockelmann\r\nSylvie;Lefèvre\r\nMonika;Grünwald\r\n".encode("cp1252")
    response = _upload(organiser_client, organiser, raw)
    assert [line.name for line in response.context["lines"]] == [
        "Jürgen Bockelmann",
        "Sylvie Lefèvre",
        "Monika Grünwald",
    ]
    assert "The file was read as Windows-1252." in response.content.decode()
