"""What a restore keeps of the desk: the payment ledger and the prize-giving are not in the archive (left_out.py),
so replacing the evening's entries must not take them along. Before the entries go, each payment, prize step
and category tick is noted by the team's start number; after the archive's entries are in, they are tied to
the team with that number again (an event's own archive numbers its teams as the event did).

A payment whose team is not in the file keeps its row, with the start number and name it was written with
(the ledger still reads and still adds up). A prize step whose team is not in the file cannot stand (the step
names a team): it is undone, and the later steps move up, so the prize-giving reads as one unbroken order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.models import Entry, Event, Payment, PrizeAward, PrizeCategory


@dataclass
class DeskKept:
    payments: dict[int, int] = field(default_factory=dict)  # payment id → start number
    awards: list[tuple[int, PrizeAward]] = field(default_factory=list)  # (start number, its step), in order
    ticks: list[tuple[int, int]] = field(default_factory=list)  # (category id, start number)


def prize_steps_undone(event: Event, data: object) -> int:
    """How many of the event's prize steps a restore from `data` would undo: those of teams whose start
    number the file has no entry for (one query; what the page says before the restore)."""
    items = data.get("entries") if isinstance(data, dict) else None
    numbers = {item.get("number") for item in items if isinstance(item, dict)} if isinstance(items, list) else set()
    numbers = {number for number in numbers if isinstance(number, int)}
    return PrizeAward.objects.filter(event=event).exclude(entry__number__in=numbers).count()


def desk_kept(event: Event) -> DeskKept:
    """Note the desk's ties to teams by start number (three reads), then delete the prize steps, which the
    entries' deletion would take with it anyway (one statement); `desk_back` writes them again."""
    awards = PrizeAward.objects.filter(event=event).select_related("entry").order_by("step")
    kept = DeskKept(
        payments=dict(Payment.objects.filter(event=event, entry__isnull=False).values_list("pk", "entry__number")),
        awards=[(award.entry.number, award) for award in awards],
        ticks=list(
            PrizeCategory.entries.through.objects.filter(prizecategory__event=event).values_list(
                "prizecategory_id", "entry__number"
            )
        ),
    )
    PrizeAward.objects.filter(event=event).delete()
    return kept


def desk_back(event: Event, entries: dict[int, Entry], kept: DeskKept) -> dict[str, int]:
    """Tie the noted rows to the restored teams; what the history says of it (payments kept, prize steps kept
    and undone)."""
    payments = [Payment(pk=pk, entry=entries[number]) for pk, number in kept.payments.items() if number in entries]
    Payment.objects.bulk_update(payments, ["entry"])
    awards = []
    for number, award in kept.awards:
        if number in entries:
            award.pk, award.step, award.entry = None, len(awards) + 1, entries[number]
            awards.append(award)
    PrizeAward.objects.bulk_create(awards)
    through = PrizeCategory.entries.through
    through.objects.bulk_create(
        [
            through(prizecategory_id=category, entry_id=entries[number].pk)
            for category, number in kept.ticks
            if number in entries
        ]
    )
    return {
        "payments_kept": len(payments),
        "prize_steps_kept": len(awards),
        "prize_steps_undone": len(kept.awards) - len(awards),
    }
