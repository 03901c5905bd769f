"""Steps shared by the browser tests: logging in (through the form, or with a test client's session), and the
extra browser contexts a test opens beside its page fixture (tests/conftest.py)."""

from __future__ import annotations

from django.test import Client


def login(page, live_server, username: str = "leitung") -> None:
    """Logs in through the login form, with the password every user of tests/factories.py has."""
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "correct horse battery staple")
    with page.expect_navigation():
        page.click("button[type=submit]")


def session_login(context, live_server, user) -> None:
    """Logs `user` in for every page of the browser `context`: the session of a test client, no login form."""
    client = Client()
    client.force_login(user)
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}])


def phone_context(browser):
    """A second phone (360 × 740, touch, German) beside the phone_page fixture's."""
    return browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True, locale="de-DE")


def desk_context(browser):
    """The organiser's computer at the desk (1280 × 900, German)."""
    return browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")


def open_page(context, url: str):
    """A new page of `context` at `url`, with the page fixtures' default timeout."""
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(url)
    return page


def axe_serious(page) -> list[str]:
    """axe-core's serious and critical violations on `page` as it is now (id and the first nodes)."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options={"resultTypes": ["violations"]})
    return [
        f"{page.url}: {v['id']} {[n['target'] for n in v['nodes']][:3]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def choose(page, name: str, value: str) -> None:
    """Taps the deal form's choice `value` of `name`; a rare one (capot, last trick, doubled) is folded on the
    phone, so its fold is opened first, as a referee would (one more tap)."""
    fold = page.locator(f'#deal-form details[data-fold]:not([open]):has(input[name="{name}"]) > summary')
    if fold.count():
        fold.click()
    page.click(f'#deal-form label.choice:has(input[name="{name}"][value="{value}"])')


def type_deal(page, taker: str, trump: str, tricks_a: int) -> None:
    """A referee's plain deal on the phone's form: taker, trump, N/S's trick points (the form fills in E/W's),
    then save."""
    choose(page, "taker", taker)
    choose(page, "trump", trump)
    page.fill("#id_tricks_a", str(tricks_a))
    page.click("#save-deal")


def enter_deal(page, deal: dict, expected_rows: int) -> None:
    """A deal of the rules engine's JSON typed on the phone's form as a referee does (the form fills in the
    other team's points from the deal total), saved, and the sheet's live part showing `expected_rows` deals."""
    contract = deal["contract"]
    if contract is None:
        choose(page, "taker", "pass")
    else:
        choose(page, "taker", contract["taker"])
        choose(page, "trump", contract["trump"])
        if deal.get("capot"):
            choose(page, "capot", deal["capot"])
        else:
            page.fill("#id_tricks_a", str(deal["tricks"]["A"]))
            assert page.input_value("#id_tricks_b") == str(deal["tricks"]["B"])
        for team in deal.get("belote", []):
            choose(page, "belote", team)
    page.click("#save-deal")
    rows = "#sheet-live tbody tr[data-position]"
    page.wait_for_function(f"document.querySelectorAll('{rows}').length === {expected_rows}")
