"""A whole club evening through the pages only, in German, in Chromium at 1280 px: from an empty database
(no admin, no shell) to the imported archive of the finished event. Every page is checked with axe-core:
no serious or critical violation. The organiser's page actions are counted and printed (docs/evening.md).

The referees are other people: they open their table's links (from the table cards) at 360 px on phones.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from scoring.models import Sheet, TableLink
from scoring.rules import build_ruleset
from tests.browser.helpers import choose
from tests.scoring.entry_helpers import pin_of
from tournaments.models import CheckIn, Entry, Event, Player, Round, Season

pytestmark = [pytest.mark.browser, pytest.mark.needs_postgres, pytest.mark.django_db(transaction=True)]

MEMBERS = """Jürgen\tBockelmann
Anke\tHansen
Heike\tPetersen
Klaus\tTimmermann
Ute\tBrandt
Dieter\tKrüger
Sabine\tWolter
Hans-Peter\tLüders
Gisela\tSchröder
Matthias\tVogt
Sylvie\tLefèvre
Jean-Luc\tMoreau
Pierre\tGarnier
Nathalie\tRousseau
Michel\tFabre
Catherine\tDubois
"""
PASSWORD = "Kreuz-Bube-Herz-Dame-26"
SERIOUS = ("serious", "critical")


class Desk:
    """The organiser's browser: counts page actions (a page opened, a button or link pressed, a form sent)
    and runs axe-core on every page it lands on."""

    def __init__(self, page, base: str, axe: Axe):
        self.page, self.base, self.axe = page, base, axe
        self.actions: list[str] = []
        self.violations: list[str] = []
        self.checked: set[str] = set()

    def check(self, page=None):
        page = page or self.page
        path = re.sub(r"/\d+/", "/N/", page.url.removeprefix(self.base).split("?")[0])
        path = re.sub(r"/(t|v)/[^/]+/", r"/\1/TOKEN/", path)
        if path in self.checked:
            return
        self.checked.add(path)
        results = self.axe.run(page, options={"resultTypes": ["violations"]})
        for violation in results.response["violations"]:
            if violation["impact"] not in SERIOUS:
                continue
            targets = [node["target"] for node in violation["nodes"]][:3]
            self.violations.append(f"{path}: {violation['id']} ({violation['impact']}) {targets}")

    def open(self, what: str, path: str):
        self.actions.append(what)
        self.page.goto(self.base + path)
        self.check()

    def press(self, what: str, selector: str):
        """A click that loads a page (a link, or a form's button)."""
        self.actions.append(what)
        with self.page.expect_navigation():
            self.page.click(selector)
        self.check()

    def ok(self):
        """The last action succeeded: a success message, no error."""
        assert self.page.locator(".message.error, .form-errors, .errorlist").count() == 0, self.page.content()[:3000]


def play_table(phone, base: str, desk: Desk, link_a: TableLink, link_b: TableLink, winner: str):
    """A referee types four capots for `winner` (4 × 252 ≥ 1000: the game is over), submits; the other
    side confirms on its own phone."""
    phone.goto(f"{base}/t/{link_a.token}/")
    desk.check(phone)
    for number in range(1, 5):
        choose(phone, "taker", winner)
        choose(phone, "trump", ("hearts", "spades", "clubs", "diamonds")[number - 1])
        choose(phone, "capot", winner)
        phone.click("#save-deal")
        phone.wait_for_function(f"document.querySelectorAll('#sheet-live tbody tr[data-position]').length === {number}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    # A plain form post answered by a redirect: wait for that page, not for the old page's poll to show it.
    with phone.expect_navigation():
        phone.click("#submit-sheet")
    phone.wait_for_selector('#sheet-live[data-status="submitted"]')
    phone.goto(f"{base}/t/{link_b.token}/")
    desk.check(phone)
    phone.fill("#confirm-pin", pin_of(link_b))  # the round's game link confirms with its side's PIN
    with phone.expect_navigation():
        phone.click("#confirm-sheet")
    phone.wait_for_selector('#sheet-live[data-status="confirmed"]')


def play_round(phone, base, desk, event: Event, number: int):
    games = Round.objects.get(event=event, number=number).games.filter(is_bye=False).order_by("table_number")
    for game in games:
        links = {link.side: link for link in TableLink.objects.active().filter(game=game)}
        # Round 1: side A wins at odd tables; round 2: the other way round.
        winner = "A" if (game.table_number + number) % 2 == 0 else "B"
        play_table(phone, base, desk, links["A"], links["B"], winner)
    assert (
        not Sheet.objects.filter(game__round__event=event, game__round__number=number)
        .exclude(status=Sheet.Status.CONFIRMED)
        .exists()
    )


@pytest.fixture
def browsers(_chromium):
    """The organiser's laptop (1280 px) and a referee's phone (360 px), both in German. axe-core is injected
    by the test runner, so the pages' Content-Security-Policy is bypassed for it."""
    laptop = _chromium.new_context(
        viewport={"width": 1280, "height": 900}, locale="de-DE", accept_downloads=True, bypass_csp=True
    )
    mobile = _chromium.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="de-DE", bypass_csp=True
    )
    page, phone = laptop.new_page(), mobile.new_page()
    page.set_default_timeout(20_000)
    phone.set_default_timeout(20_000)
    yield page, phone
    laptop.close()
    mobile.close()


def test_a_whole_evening_through_the_pages(live_server, browsers, celery_eager, tmp_path, capsys):
    base = live_server.url
    page, phone = browsers
    desk = Desk(page, base, Axe())

    # --- An empty installation: the first account, the club, the season. -----------------------------
    desk.open("open the login page", "/accounts/login/")
    desk.press("set up the first account", 'a[href="/accounts/setup/"]')
    page.fill("#id_username", "leitung")
    page.fill("#id_email", "leitung@example.org")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    desk.press("create the account", "form button[type=submit]")
    desk.ok()
    page.fill("#id_slug", "hoheluft")
    page.fill("#id_name", "Belote-Club Hoheluft")
    page.fill("#id_city", "Hamburg")
    desk.press("create the club", "main form[method=post] button[type=submit]")
    desk.ok()
    desk.press("new season", 'a[href="/o/hoheluft/seasons/new/"]')
    page.fill("#id_name", "2026/27")
    page.fill("#id_start_date", "2026-09-01")
    page.fill("#id_end_date", "2027-07-31")
    desk.press("save the season", "main form[method=post] button[type=submit]")
    desk.ok()

    # --- 16 members by paste. ------------------------------------------------------------------------
    desk.press("members", 'main a[href="/o/hoheluft/members/"]')
    desk.press("import members", 'a[href="/o/hoheluft/members/import/"]')
    page.fill("#id_text", MEMBERS)
    desk.press("show the preview", "form[enctype] button[type=submit]")
    assert page.locator("table.preview tbody tr").count() == 16
    assert Player.objects.count() == 0
    desk.press("import the ticked members", "form:has(input[name=action][value=confirm]) button[type=submit]")
    desk.ok()
    assert Player.objects.filter(club__slug="hoheluft").count() == 16

    # --- Tonight's event with the classic rules. -----------------------------------------------------
    desk.press("the club", 'nav.crumbs a[href="/o/hoheluft/"]')
    desk.press("new event", 'a[href="/o/hoheluft/events/new/"]')
    page.fill("#id_name", "Clubabend Hoheluft")
    page.fill("#id_slug", "clubabend")
    page.fill("#id_date", "2026-11-30")
    page.select_option("#id_season", str(Season.objects.get(club__slug="hoheluft", name="2026/27").pk))
    page.fill("#id_rounds", "2")
    page.select_option("#id_rules_preset", "classic")
    # The game length follows the preset: 1000 points for classic, nothing typed.
    desk.press("create the event", "main form[method=post] button[type=submit]")
    desk.ok()
    event = Event.objects.get(club__slug="hoheluft", slug="clubabend")
    ruleset = build_ruleset(event.rules_preset, event.rules_options)
    assert event.rules_preset == "classic" and ruleset.settings["target"] == 1000
    assert not ruleset.settings.get("deals")
    events = "/o/hoheluft/events/clubabend"
    desk.press("open for entries", f'form[action="{events}/action/open/"] button')
    desk.ok()

    # --- Eight pairs entered, then everyone checked in. -----------------------------------------------
    desk.press("entries", f'nav.event-tabs a[href="{events}/entries/"]')
    players = list(Player.objects.filter(club__slug="hoheluft").order_by("pk"))
    for first, second in zip(players[0::2], players[1::2], strict=True):
        # The type-to-search pick, as the organiser types: a name, Enter takes the one member it finds.
        for label, player in (("Spieler", first), ("Partner", second)):
            pick = page.get_by_role("combobox", name=label)
            pick.fill(f"{player.first_name} {player.last_name}")
            pick.press("Enter")
        assert page.locator("#id_player_1").input_value() == str(first.pk)
        assert page.locator("#id_player_2").input_value() == str(second.pk)
        page.uncheck("#id_check_in")
        desk.press(f"enter {first} / {second}", "main form[method=post] button[type=submit]")
        desk.ok()
    assert Entry.objects.filter(event=event).count() == 8
    desk.press("check-in", f'nav.event-tabs a[href="{events}/checkin/"]')
    page.click("text=Alle übrigen anwesend")
    desk.actions.append("all remaining present")
    page.wait_for_function("document.querySelector('[data-count=present]').textContent === '8'")
    assert CheckIn.objects.filter(entry__event=event, round_number=1, status="present").count() == 8

    # --- Round 1: draw, confirm, release, table cards; the referees play; close. ------------------------
    def run_round(number: int):
        desk.open(f"round {number}", f"{events}/rounds/{number}/")
        desk.press(f"draw round {number}", f'form[action="{events}/rounds/{number}/draw/"] button[type=submit]')
        desk.ok()
        desk.press("confirm the draw", f'form[action="{events}/rounds/{number}/confirm/"] button')
        desk.press("release the round", f'form[action="{events}/rounds/{number}/release/"] button')
        desk.ok()
        assert Round.objects.get(event=event, number=number).status == "released"
        if number == 1:
            # The table cards are printed once, before round 1: they stay on the tables all evening.
            desk.press("table cards", 'main a.button:text-is("Tischkarten")')
            desk.actions.append("table cards (PDF)")
            with page.expect_download() as download:
                page.click("#cards-pdf")
            assert download.value.path().read_bytes().startswith(b"%PDF")
            desk.open(f"round {number}", f"{events}/rounds/{number}/")
        desk.press("print by name", f'a[href="{events}/rounds/{number}/print/names/"]')
        assert page.locator(".standings-qr svg").count() == 1
        if number == 1:
            # The room's screen: a link made once, opened on the projector, showing the draw.
            desk.open("the event", f"{events}/")
            desk.press("venue screen", f'a[href="{events}/screen/"]')
            desk.press("make a screen link", "main form:has(input[value=create]) button")
            screen_url = page.locator("main a[target=_blank]").first.get_attribute("href")
            projector = page.context.new_page()
            projector.set_viewport_size({"width": 1920, "height": 1080})
            # No fade-in while axe measures contrast (a half-faded slide is not what the room reads).
            projector.emulate_media(reduced_motion="reduce")
            projector.goto(screen_url)
            assert projector.locator("h2:visible").inner_text() == "Runde 1: Ihren Tisch finden"
            desk.check(projector)
            projector.close()
        play_round(phone, base, desk, event, number)
        desk.open(f"round {number}", f"{events}/rounds/{number}/")
        desk.press(f"open round {number}'s close page", f'a[href="{events}/rounds/{number}/sheets/close/"]')
        assert desk.page.locator("[data-all-finished]").count() == 1  # every game played to its end
        desk.press(f"close round {number}", "#close-round")
        desk.ok()
        assert Round.objects.get(event=event, number=number).status == "closed"

    run_round(1)
    run_round(2)
    assert Round.objects.get(event=event, number=2).method == "swiss"

    # --- The end: finish, exports, the archive back in as a copy. -----------------------------------------
    desk.open("the event", f"{events}/")
    finish = f'form[action="{events}/action/finish/"]'
    desk.actions.append("tick: every round is closed and checked")
    page.check(f"{finish} input[name=confirm]")
    desk.press("finish the event", f"{finish} button")
    desk.ok()
    assert Event.objects.get(pk=event.pk).status == "finished"
    desk.press("results", f'nav.event-tabs a[href="{events}/results/"]')
    kinds = page.locator("[data-export-form] button[name=kind]").evaluate_all("bs => bs.map(b => b.value)")
    assert {"csv", "xlsx", "pdf", "json"} <= set(kinds)
    archive = tmp_path / "archive.json"
    for done, kind in enumerate(kinds, start=1):
        desk.actions.append(f"export {kind}")
        page.click(f"[data-export-form] button[name=kind][value={kind}]")
        page.wait_for_function(f"document.querySelectorAll('[data-export] [data-field=download]').length >= {done}")
        link = page.locator(f"[data-export]:has([data-field=download]) >> nth={0} >> [data-field=download]")
        desk.actions.append(f"download {kind}")
        with page.expect_download() as download:
            link.click()
        saved = Path(download.value.path())
        assert saved.stat().st_size > 0
        if kind == "json":
            archive.write_bytes(saved.read_bytes())
    assert archive.read_bytes().startswith(b"{")
    desk.open("the club", "/o/hoheluft/")
    desk.press("import an event archive", 'a[href="/o/hoheluft/archive/import/"]')
    page.set_input_files("#id_file", str(archive))
    desk.press("import as a copy", "main form[method=post] button[type=submit]")
    desk.ok()
    copy = Event.objects.get(club__slug="hoheluft", slug="clubabend-copy")
    assert copy.status == "finished" and Entry.objects.filter(event=copy).count() == 8
    assert Round.objects.filter(event=copy, status="closed").count() == 2

    # The public pages a player opens, and the venue screen, checked too.
    for path in ("/e/hoheluft/clubabend/", "/e/hoheluft/clubabend/standings/", "/e/hoheluft/clubabend/draw/"):
        phone.goto(base + path)
        desk.check(phone)

    with capsys.disabled():
        print(
            f"\nThe evening took {len(desk.actions)} organiser page actions; axe-core checked "
            f"{len(desk.checked)} pages."
        )
        for number, action in enumerate(desk.actions, start=1):
            print(f"  {number:3}. {action}")
    assert desk.violations == [], "\n".join(desk.violations)
