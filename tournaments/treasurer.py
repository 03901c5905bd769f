"""The reads of the desk's money: what each entry owes and has paid, the treasurer's sheet of an evening,
and the season's sum of its evenings. A fixed number of queries whatever the number of entries (the check-in
page and the sheets pin it); plain dataclasses out, so the pages and the PDF/XLSX writers
(`scoring.exports.treasurer`) read the same figures.

The figures: takings = payments + corrections; refunds are the money given back; the payout is taken from
the net takings (takings − refunds); remaining = takings − refunds − payout.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Exists, Max, OuterRef, Q, Sum

from tournaments.fees import Fee, Person, entry_owed, payout_parse, payout_shares
from tournaments.models import CheckIn, Entry, Event, EventFee, Payment, Season, Standing

ZERO = Decimal("0.00")


def fee_core(fee: EventFee | None) -> Fee | None:
    """The pure core's view of an event's fee; None when the event has none."""
    if fee is None:
        return None
    percent = fee.payout_mode == EventFee.Payout.PERCENT
    try:
        table = payout_parse(fee.payout_table, percent=percent) if fee.payout_mode != EventFee.Payout.NONE else []
    except ValueError:  # stored through the form, so checked; an old table that no longer reads pays nothing
        table = []
    return Fee(
        amount=fee.amount,
        per_pair=fee.per == EventFee.Per.PAIR,
        member_reduction=fee.member_reduction,
        junior_reduction=fee.junior_reduction,
        payout_percent=percent,
        payout=tuple(table),
    )


def event_fee(event: Event) -> EventFee | None:
    """The event's fee row, or None. One query."""
    return EventFee.objects.filter(event=event).first()


def people_of(entry: Entry) -> list[Person]:
    """The entry's players as the fee sees them (needs player_1 and player_2 joined)."""
    players = [p for p in (entry.player_1, entry.player_2) if p is not None]
    return [Person(member=not p.is_guest, junior=p.is_junior) for p in players]


@dataclass
class EntryMoney:
    owed: Decimal = ZERO
    paid: Decimal = ZERO

    @property
    def balance(self) -> Decimal:
        """What is still owed (negative: paid too much)."""
        return self.owed - self.paid

    @property
    def settled(self) -> bool:
        return self.balance <= 0


def entry_money(core: Fee | None, entry: Entry, *, paid: Decimal, refunded: bool, withdrawn: bool) -> EntryMoney:
    """What `entry` owes and has paid (`paid`: payments, corrections and refunds summed). Money given back to
    a withdrawn entry is the treasurer's word on what it owes: what it kept, so a full refund settles it
    (a refund to an entry still playing gives back what it paid too much, and leaves the fee owed)."""
    owed = entry_owed(core, people_of(entry)) if core is not None else ZERO
    if withdrawn and refunded:
        owed = min(owed, max(paid, ZERO))
    return EntryMoney(owed=owed, paid=paid)


def _withdrawn(entry_ref: str) -> Exists:
    """Whether the entry (the column `entry_ref` names) withdrew in some round."""
    return Exists(CheckIn.objects.filter(entry=OuterRef(entry_ref), status=CheckIn.Status.WITHDRAWN))


def entries_money(event: Event, entries: list[Entry], fee: EventFee | None) -> dict[int, EntryMoney]:
    """Owed and paid per entry id (entries with players joined). One query (the payments' sums, with whether
    each entry had a refund and withdrew)."""
    core = fee_core(fee)
    sums = {
        entry_id: (total, refunds, withdrawn)
        for entry_id, total, refunds, withdrawn in Payment.objects.filter(event=event, entry__isnull=False)
        .values_list("entry_id")
        .annotate(
            total=Sum("amount"),
            refunds=Sum("amount", filter=Q(kind=Payment.Kind.REFUND)),
            withdrawn=_withdrawn("entry_id"),
        )
        .values_list("entry_id", "total", "refunds", "withdrawn")
    }
    money = {}
    for e in entries:
        total, refunds, withdrawn = sums.get(e.pk, (ZERO, None, False))
        money[e.pk] = entry_money(core, e, paid=total or ZERO, refunded=bool(refunds), withdrawn=bool(withdrawn))
    return money


@dataclass
class WayTotal:
    way: str
    label: str
    taken: Decimal = ZERO
    refunded: Decimal = ZERO

    @property
    def net(self) -> Decimal:
        return self.taken - self.refunded


@dataclass
class PayoutLine:
    place: int
    rate: Decimal | None  # the percentage, or None for a fixed amount
    amount: Decimal
    winners: str = ""


@dataclass
class Totals:
    """What an evening (or a season) adds up to."""

    entries: int = 0
    settled: int = 0
    owing: int = 0
    owed: Decimal = ZERO
    outstanding: Decimal = ZERO
    takings: Decimal = ZERO
    refunds: Decimal = ZERO
    payout: Decimal = ZERO
    ways: dict[str, WayTotal] = field(default_factory=dict)

    @property
    def net(self) -> Decimal:
        return self.takings - self.refunds

    @property
    def remaining(self) -> Decimal:
        return self.takings - self.refunds - self.payout

    def way_rows(self) -> list[WayTotal]:
        """Every way of payment in the choices' order (those with no money too, so the columns line up)."""
        return [self.ways.get(code) or WayTotal(code, str(label)) for code, label in Payment.Way.choices]

    def add(self, other: Totals) -> None:
        for name in ("entries", "settled", "owing", "owed", "outstanding", "takings", "refunds", "payout"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for code, way in other.ways.items():
            mine = self.ways.setdefault(code, WayTotal(code, way.label))
            mine.taken += way.taken
            mine.refunded += way.refunded


def _ways_add(totals: Totals, way: str, kind: str, amount: Decimal) -> None:
    row = totals.ways.setdefault(way, WayTotal(way, str(dict(Payment.Way.choices).get(way, "–"))))
    if kind == Payment.Kind.REFUND:
        row.refunded -= amount
        totals.refunds -= amount
    else:
        row.taken += amount
        totals.takings += amount


@dataclass
class EntryLine:
    entry: Entry
    money: EntryMoney


@dataclass
class TreasurerSheet:
    event: Event
    currency: str
    fee: EventFee | None
    lines: list[EntryLine]
    totals: Totals
    payout: list[PayoutLine]
    ledger: list[Payment]
    standings_round: int | None = None

    @property
    def owing(self) -> list[EntryLine]:
        return [line for line in self.lines if not line.money.settled]


def _payout(event: Event, core: Fee | None, net: Decimal) -> tuple[list[PayoutLine], int | None]:
    """The payout lines, with the names at each place from the last standings snapshot. One or two queries."""
    if core is None or not core.payout:
        return [], None
    shares = payout_shares(core, net)
    last = Standing.objects.filter(event=event).aggregate(last=Max("round_number"))["last"]
    names: dict[int, list[str]] = defaultdict(list)
    if last is not None:
        rows = Standing.objects.filter(event=event, round_number=last, rank__lte=len(shares)).select_related(
            "entry__player_1", "entry__player_2"
        )
        for row in rows:
            names[row.rank].append(f"{row.entry.number} {row.entry.display_name}")
    lines = [
        PayoutLine(
            place=place,
            rate=core.payout[place - 1] if core.payout_percent else None,
            amount=amount,
            winners=", ".join(names.get(place, [])),
        )
        for place, amount in enumerate(shares, start=1)
    ]
    return lines, last


def treasurer_sheet(event: Event) -> TreasurerSheet:
    """The evening's sheet: each entry's owed and paid, the counts, the totals by way of payment, the
    refunds, the payout and what remains; the ledger row by row. Five queries at most (fee, entries,
    payments, and the standings for the payout), whatever the number of entries."""
    fee = event_fee(event)
    core = fee_core(fee)
    entries = list(
        Entry.objects.filter(event=event)
        .select_related("player_1", "player_2")
        .annotate(withdrawn=_withdrawn("pk"))
        .order_by("number")
    )
    ledger = list(Payment.objects.filter(event=event).select_related("user").order_by("created_at", "pk"))
    paid: dict[int, Decimal] = defaultdict(lambda: ZERO)
    refunded: set[int] = set()
    totals = Totals()
    for row in ledger:
        if row.entry_id is not None:
            paid[row.entry_id] += row.amount
            if row.kind == Payment.Kind.REFUND:
                refunded.add(row.entry_id)
        _ways_add(totals, row.way, row.kind, row.amount)
    lines = []
    for e in entries:
        money = entry_money(core, e, paid=paid[e.pk], refunded=e.pk in refunded, withdrawn=e.withdrawn)
        lines.append(EntryLine(e, money))
        totals.entries += 1
        totals.owed += money.owed
        if money.settled:
            totals.settled += 1
        else:
            totals.owing += 1
            totals.outstanding += money.balance
    payout, standings_round = _payout(event, core, totals.net)
    totals.payout = sum((line.amount for line in payout), ZERO)
    return TreasurerSheet(
        event=event,
        currency=event.club.currency,
        fee=fee,
        lines=lines,
        totals=totals,
        payout=payout,
        ledger=ledger,
        standings_round=standings_round,
    )


@dataclass
class SeasonLine:
    event: Event
    totals: Totals


@dataclass
class SeasonSheet:
    season: Season
    currency: str
    lines: list[SeasonLine]
    totals: Totals


def season_sheet(season: Season) -> SeasonSheet:
    """The season's evenings, each with its totals, and their sum. Four queries whatever the number of
    evenings and entries (events, fees, entries, the payments' sums by event, kind and way)."""
    events = list(Event.objects.filter(season=season).select_related("club").order_by("date", "pk"))
    ids = [e.pk for e in events]
    fees = {f.event_id: f for f in EventFee.objects.filter(event_id__in=ids)}
    entries: dict[int, list[Entry]] = defaultdict(list)
    for e in (
        Entry.objects.filter(event_id__in=ids)
        .select_related("player_1", "player_2")
        .annotate(withdrawn=_withdrawn("pk"))
    ):
        entries[e.event_id].append(e)
    sums = (
        Payment.objects.filter(event_id__in=ids)
        .values_list("event_id", "entry_id", "kind", "way")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    per_event: dict[int, Totals] = defaultdict(Totals)
    paid: dict[int, Decimal] = defaultdict(lambda: ZERO)
    refunded: set[int] = set()
    for event_id, entry_id, kind, way, total in sums:
        _ways_add(per_event[event_id], way, kind, total)
        if entry_id is not None:
            paid[entry_id] += total
            if kind == Payment.Kind.REFUND:
                refunded.add(entry_id)
    all_totals = Totals()
    lines = []
    for event in events:
        totals = per_event[event.pk]
        core = fee_core(fees.get(event.pk))
        for e in entries[event.pk]:
            money = entry_money(core, e, paid=paid[e.pk], refunded=e.pk in refunded, withdrawn=e.withdrawn)
            totals.entries += 1
            totals.owed += money.owed
            if money.settled:
                totals.settled += 1
            else:
                totals.owing += 1
                totals.outstanding += money.balance
        if core is not None and core.payout:
            totals.payout = sum(payout_shares(core, totals.net), ZERO)
        lines.append(SeasonLine(event, totals))
        all_totals.add(totals)
    return SeasonSheet(season=season, currency=season.club.currency, lines=lines, totals=all_totals)
