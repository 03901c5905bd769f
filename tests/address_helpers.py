"""The organiser's addresses of scoring (scoring/organiser_urls.py), written out as the browser shows them:
by the club's and the event's slugs, the round's number and the table's number, never a database id."""


def event_url(event, tail: str = "") -> str:
    """`o/<club>/events/<event>/` + tail (`cards/`, `cards.pdf`, `results/`, `screen/`)."""
    return f"/o/{event.club.slug}/events/{event.slug}/{tail}"


def round_url(round, tail: str = "") -> str:
    """A round's sheets page `.../rounds/<n>/sheets/` + tail (`version.json`, `cards.pdf`, `close/`)."""
    return event_url(round.event, f"rounds/{round.number}/sheets/{tail}")


def sheet_url(sheet, tail: str = "") -> str:
    """A sheet's page `.../rounds/<n>/tables/<t>/` + tail (`version.json`, `grid/`, `blank.pdf`, `switch-side/`)."""
    game = sheet.game
    return event_url(game.round.event, f"rounds/{game.round.number}/tables/{game.table_number}/{tail}")


def link_revoke_url(link) -> str:
    """The round page's form that revokes one table link and issues a new one."""
    return sheet_url(link.game.sheet, f"links/{link.pk}/revoke/")
