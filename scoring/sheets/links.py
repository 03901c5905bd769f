"""Table cards and team links: links valid for the whole event that follow the tables and the teams.

A table card holds one link per seat side (N/S, E/W) of one table number. It opens the sheet of whatever
game sits at that table in the released round, with that side's rights: the page acts through the game's
own `TableLink` of the same side (made by the release hook), so who may enter and who confirms follows the
seat side printed on the card. Between rounds it says which round it waits for.

A team link ("where do I play now") shows the team's current table and side and leads to that game's sheet
for its side. Cards and team links are made by the organiser's pages (a POST) and by the release hook,
never on a GET; revoking a card issues a new one for the same table and side.

Revoking: `reissue(link)` is the one way any of the four revocable links (`scoring.models.SecretLink`:
table link, table card, team link, venue screen) is replaced, in one transaction; the organiser's
`table_link_revoke`, `table_card_reissue` and `team_link_reissue` check the actor and call it. The venue
screen's page makes and revokes its addresses here too (`venue_screen_create`, `venue_screen_revoke`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from scoring.exceptions import SideNotAllowed, TableClosed
from scoring.live import link_changed
from scoring.models import SecretLink, Sheet, TableCard, TableLink, TeamLink, VenueScreen
from scoring.rules.words import TEAMS
from scoring.sheets.card_codes import free_codes
from scoring.sheets.permissions import Actor, actor_from_request
from scoring.sheets.rounds import table_links_ensure
from scoring.sheets.selectors import TOKEN_RE, SheetAccess
from tournaments.models import Entry, Event, Game, Round, Table
from tournaments.services.history import event_log_add

SIDE_OF_SLOT = {"entry_a": "A", "entry_a_partner": "A", "entry_b": "B", "entry_b_partner": "B"}


# --- what is at a table, where a team plays ---------------------------------------------------------------


@dataclass(frozen=True)
class TableState:
    """What a table card (or a team link) opens now.

    kind: "playing" (a game of the released round); "idle" (the released round has no game at this
    table); for a team link, "bye" (it sits out this round) or "absent" (it is not in the draw); "waiting"
    (no round released: waiting for round `round_number`); "over" (every round of the event is closed)."""

    kind: str
    round_number: int | None = None
    game: Game | None = None

    @property
    def key(self) -> str:
        """Changes whenever the page should change: polled by the page to reload itself."""
        return f"{self.kind}:{self.game.pk if self.game is not None else self.round_number or ''}"


def _between_rounds(event_id: int, rounds_planned: int) -> TableState:
    """The state when no released round has a game here: waiting for the next round, idle, or over."""
    rounds = dict(Round.objects.filter(event_id=event_id).values_list("number", "status"))
    released = [n for n, status in rounds.items() if status == Round.Status.RELEASED]
    if released:
        return TableState("idle", max(released))
    closed = [n for n, status in rounds.items() if status == Round.Status.CLOSED]
    following = max(closed, default=0) + 1
    if closed and following > rounds_planned:
        return TableState("over", max(closed))
    return TableState("waiting", following)


def card_state(card: TableCard) -> TableState:
    """The game at the card's table in the released round (one query), or why there is none (two)."""
    game = (
        Game.objects.filter(
            round__event_id=card.event_id,
            round__status=Round.Status.RELEASED,
            table_number=card.table_number,
            is_bye=False,
        )
        .select_related("round")
        .order_by("-round__number")
        .first()
    )
    if game is not None:
        return TableState("playing", game.round.number, game)
    return _between_rounds(card.event_id, card.event.rounds)


@dataclass(frozen=True)
class TeamPlace:
    """Where a team link's team plays now: the state, and when playing its side ("A"/"B")."""

    state: TableState
    side: str | None = None


def team_place(link: TeamLink) -> TeamPlace:
    """The team's game in the released round (one query), or why it has none (two)."""
    entry_id = link.entry_id
    game = (
        Game.objects.filter(round__event_id=link.entry.event_id, round__status=Round.Status.RELEASED)
        .filter(
            Q(entry_a_id=entry_id)
            | Q(entry_a_partner_id=entry_id)
            | Q(entry_b_id=entry_id)
            | Q(entry_b_partner_id=entry_id)
        )
        .select_related("round")
        .order_by("-round__number")
        .first()
    )
    if game is None:
        state = _between_rounds(link.entry.event_id, link.entry.event.rounds)
        if state.kind == "idle":  # a round is being played without this team (absent, withdrawn)
            state = TableState("absent", state.round_number)
        return TeamPlace(state)
    if game.is_bye:
        return TeamPlace(TableState("bye", game.round.number, game))
    side = next(side for slot, side in SIDE_OF_SLOT.items() if getattr(game, f"{slot}_id") == entry_id)
    return TeamPlace(TableState("playing", game.round.number, game), side)


# --- access ---------------------------------------------------------------------------------------------


def card_by_token(token: str) -> TableCard:
    """The active card of `token`, with its event and club (Http404 for an unknown or revoked one)."""
    if not isinstance(token, str) or not TOKEN_RE.match(token):
        raise Http404
    card = TableCard.objects.active().filter(token=token).select_related("event__club").first()
    if card is None:
        raise Http404
    return card


def team_link_by_token(token: str) -> TeamLink:
    """The active team link of `token`, with its entry and event (Http404 otherwise)."""
    if not isinstance(token, str) or not TOKEN_RE.match(token):
        raise Http404
    link = (
        TeamLink.objects.active()
        .filter(token=token)
        .select_related("entry__event__club", "entry__player_1", "entry__player_2")
        .first()
    )
    if link is None:
        raise Http404
    return link


class CardNotReady(Exception):
    """The game has no sheet or no link of the card's side yet (the release hook makes them); a GET
    does not create them, so the page waits."""


def card_access(request, card: TableCard, game: Game) -> SheetAccess:
    """The sheet of `game` (at the card's table) for the card's side, acting through the game's active
    link of that side. Raises TableClosed for a closed round, Http404 for a round not released, and
    CardNotReady on a GET when the sheet or link is missing (any other method makes them)."""
    round = game.round
    if round.status == Round.Status.CLOSED:
        raise TableClosed()
    if round.status != Round.Status.RELEASED:
        raise Http404
    for attempt in (1, 2):
        link = TableLink.objects.active().filter(game=game, side=card.side).first()
        sheet = Sheet.objects.filter(game=game).first()
        if link is not None and sheet is not None:
            break
        if attempt == 2 or request.method in ("GET", "HEAD"):
            raise CardNotReady()
        table_links_ensure(round=round)
    round.event = card.event
    sheet.game = link.game = game
    return SheetAccess(sheet=sheet, actor=actor_from_request(request, link=link, card=card), link=link, card=card)


# --- making and revoking --------------------------------------------------------------------------------


def event_table_numbers(event: Event) -> list[int]:
    """The event's table numbers: its tables, and the tables of every drawn round (two queries)."""
    numbers = set(Table.objects.filter(event=event).values_list("number", flat=True))
    numbers |= set(
        Game.objects.filter(round__event=event, is_bye=False, table_number__isnull=False).values_list(
            "table_number", flat=True
        )
    )
    return sorted(numbers)


def table_cards_ensure(*, event: Event, table_numbers: list[int]) -> int:
    """Give each of `table_numbers` an active card per side; makes only what is missing, in one insert.
    Returns how many were made."""
    wanted = {(n, side) for n in table_numbers for side in TEAMS}
    if not wanted:
        return 0
    # A card that a concurrent maker gave the same short code is skipped by the insert (ignore_conflicts,
    # which also lets two makers of this event's cards race): the next pass draws it new digits.
    first = None
    for _attempt in range(5):
        have = set(
            TableCard.objects.active()
            .filter(event=event, table_number__in=set(table_numbers))
            .values_list("table_number", "side")
        )
        missing = sorted(wanted - have)
        first = len(missing) if first is None else first
        if not missing:
            break
        codes = free_codes(missing)
        new = [TableCard(event=event, table_number=n, side=side, code=codes[n, side]) for n, side in missing]
        TableCard.objects.bulk_create(new, ignore_conflicts=True)
    return (first or 0) - len(missing)


def team_links_ensure(*, event: Event) -> int:
    """Give every entry of the event an active team link; returns how many were made (one insert)."""
    entry_ids = set(Entry.objects.filter(event=event).values_list("id", flat=True))
    have = set(TeamLink.objects.active().filter(entry__event=event).values_list("entry_id", flat=True))
    new = [TeamLink(entry_id=entry_id) for entry_id in sorted(entry_ids - have)]
    TeamLink.objects.bulk_create(new, ignore_conflicts=True)
    return len(new)


def event_cards_prepare(*, event: Event, table_numbers: list[int]) -> int:
    """The organiser's "make the cards" before round 1: cards for `table_numbers`, and team links."""
    with transaction.atomic():
        made = table_cards_ensure(event=event, table_numbers=table_numbers)
        team_links_ensure(event=event)
    return made


#: The fields that say where a link belongs: its successor gets the same ones.
_PLACE: dict[type[SecretLink], tuple[str, ...]] = {
    TableLink: ("game_id", "side"),
    TableCard: ("event_id", "table_number", "side"),
    TeamLink: ("entry_id",),
    VenueScreen: ("event_id",),
}

L = TypeVar("L", bound=SecretLink)


def reissue(link: L) -> L:
    """Revoke `link` (it stops working at once) and make its successor for the same place (game and side,
    table and side, team, event), in one transaction; returns the successor. When `link` was revoked
    already (a concurrent reissue won), the place's active link is returned instead, or a new one made
    when it has none. No permission check: the callers below check theirs."""
    model = type(link)
    place = {name: getattr(link, name) for name in _PLACE[model]}
    with transaction.atomic():
        revoked = link.revoke()
        if revoked:
            link_changed(link)  # the old token's kept live answers must give way to the 404 at once
        else:
            current = model.objects.active().filter(**place).first()
            if current is not None:
                return current
        if model is TableCard:
            return table_card_create(**place, avoid=link.code)  # type: ignore[attr-defined,return-value]
        return model.objects.create(**place)


def table_card_create(*, event_id: int, table_number: int, side: str, avoid: str = "") -> TableCard:
    """A new active card with a short code no active card of its table number and side has, nor `avoid`
    (the revoked card it replaces: its code must find nothing). A code that a concurrent maker took
    meanwhile is drawn again, in a savepoint."""
    for attempt in range(5):
        code = avoid
        while code == avoid:
            code = free_codes([(table_number, side)])[table_number, side]
        try:
            with transaction.atomic():
                return TableCard.objects.create(event_id=event_id, table_number=table_number, side=side, code=code)
        except IntegrityError:
            # A concurrent maker made this place's card (keep it), or took the code (draw again).
            current = TableCard.objects.active().filter(event_id=event_id, table_number=table_number, side=side)
            if (card := current.first()) is not None:
                return card
            if attempt == 4:
                raise
    raise AssertionError("unreachable")


def table_link_revoke(*, link: TableLink, actor: Actor) -> TableLink:
    """Revoke a game's link (it stops working at once) and issue a new one for the same side; returns the
    new one. Raises SideNotAllowed for anyone but an organiser."""
    if not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can revoke a table link."))
    with transaction.atomic():
        new = reissue(link)
        game = Game.objects.select_related("round__event").get(pk=link.game_id)
        event_log_add(
            event=game.round.event,
            action="game_link_reissued",
            user=actor.user,
            round_number=game.round.number,
            table_number=game.table_number,
            table=game.table_number,
            round=game.round.number,
        )
        return new


def table_card_reissue(*, event: Event, table_number: int, actor: Actor) -> list[TableCard]:
    """Revoke both cards of one table (a lost or leaked card: the old codes stop working at once), and the
    game links they act through in the released round, and issue new ones; returns the new cards (sides A,
    B), to print again."""
    if not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can revoke a table card."))
    with transaction.atomic():
        old = {card.side: card for card in TableCard.objects.active().filter(event=event, table_number=table_number)}
        # A card acts through the game links of its table: they are replaced too, so that a phone that kept a
        # game link's address from the old card (a page cached before the card was lost) stops with it. The
        # new cards act through the new links.
        for link in TableLink.objects.active().filter(
            game__round__event=event, game__table_number=table_number, game__round__status=Round.Status.RELEASED
        ):
            reissue(link)
        event_log_add(
            event=event, action="card_reissued", user=actor.user, table_number=table_number, table=table_number
        )
        return [
            reissue(old[side])
            if side in old
            else table_card_create(event_id=event.pk, table_number=table_number, side=side)
            for side in TEAMS
        ]


def team_link_reissue(*, entry: Entry, actor: Actor) -> TeamLink:
    """Revoke a team's link (lost or shared too widely: the old one stops working at once) and issue a new
    one; returns the new link, to hand out again."""
    if not actor.organiser:
        raise SideNotAllowed(_("Only an organiser can revoke a team link."))
    with transaction.atomic():
        old = TeamLink.objects.active().filter(entry=entry).first()
        event_log_add(
            event=Event.objects.get(pk=entry.event_id),
            action="team_link_reissued",
            user=actor.user,
            entry=entry,
            number=entry.number,
        )
        return reissue(old) if old is not None else TeamLink.objects.create(entry=entry)


def venue_screen_create(*, event: Event, user: Any = None) -> VenueScreen:
    """A new address for the room's screen (the organiser's "new screen link")."""
    event_log_add(event=event, action="venue_screen_created", user=user)
    return VenueScreen.objects.create(event=event)


def venue_screen_revoke(*, screen: VenueScreen, user: Any = None) -> bool:
    """Revoke a venue screen's address: the screen shows nothing any more. No successor is made (a new
    address is its own button: the screen's address is not printed). Returns whether this call revoked it."""
    revoked = screen.revoke()
    if revoked:
        link_changed(screen)
        event_log_add(event=Event.objects.get(pk=screen.event_id), action="venue_screen_revoked", user=user)
    return revoked


def cards_after_release(round: Round) -> None:
    """tournaments' "after_release" hook: a table new in this round gets its card, and every team its link
    (cards printed before round 1 stay valid; nothing is made on a GET)."""
    numbers = list(Game.objects.filter(round=round, is_bye=False).values_list("table_number", flat=True))
    table_cards_ensure(event=round.event, table_numbers=[n for n in numbers if n is not None])
    team_links_ensure(event=round.event)
