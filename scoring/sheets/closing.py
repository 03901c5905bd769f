"""Closing a round with unfinished games: what the close page shows before anything is confirmed (every
unfinished table, its deals played of the game's length, its score and what the event's rule makes of it),
and the rulings applied, inside the closing transaction, to the locked sheets.

The arithmetic is the pure `scoring.rules.unfinished`; here the edge: the event's rule set (game length,
rounding), the round's average, the sheets' totals, and the history rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.exceptions import UnfinishedNotRuled
from scoring.models import Sheet, SheetChange
from scoring.rules.resolve import resolve_ruleset
from scoring.rules.unfinished import UNFINISHED_RULES, Ruling, round_average, rule_unfinished
from scoring.sheets.permissions import Actor
from scoring.sheets.selectors import attach_entries, game_sides
from tournaments.models import Event, EventLogEntry, Game, Round
from tournaments.services.base import signed_in

ASK = Event.UnfinishedRule.ASK


@dataclass(frozen=True)
class GameLength:
    """A game's full length: so many deals, or to so many points."""

    deals: int | None
    target: int | None
    rounding: str

    def words(self, played: int) -> str:
        if self.deals:
            return ngettext("%(played)s of %(deals)s deal", "%(played)s of %(deals)s deals", self.deals) % {
                "played": played,
                "deals": self.deals,
            }
        return ngettext("%(played)s deal, to %(target)s points", "%(played)s deals, to %(target)s points", played) % {
            "played": played,
            "target": self.target,
        }


@dataclass
class UnfinishedTable:
    """One unfinished game of the round as the close page shows it: the rule that applies (`rule`; "ask":
    the organiser chooses) and what each rule would make of its score."""

    game: Game
    sheet: Sheet
    sides: dict[str, dict[str, Any]]
    played_words: str
    rule: str
    rulings: dict[str, Ruling] = field(default_factory=dict)

    @property
    def table(self) -> int:
        return self.game.table_number or 0

    @property
    def applied(self) -> Ruling | None:
        return self.rulings.get(self.rule)

    def choices(self) -> list[tuple[str, str, Ruling]]:
        """(rule, its name, its score) for every rule, for the choice under "ask"."""
        labels = dict(Event.UnfinishedRule.choices)
        return [(rule, str(labels[rule]), self.rulings[rule]) for rule in UNFINISHED_RULES]


@dataclass
class ClosePlan:
    """What closing the round does: the unfinished tables with their rulings, the sheets still unconfirmed,
    and `stamp`, which changes when any sheet of the round does (the close posts it back: a sheet that moved
    since the page was shown is shown again, never ruled unseen)."""

    rule: str
    unfinished: list[UnfinishedTable]
    unconfirmed: list[Sheet]
    stamp: str

    @property
    def asks(self) -> bool:
        return self.rule == ASK and bool(self.unfinished)


def game_length(event: Event) -> GameLength:
    """The event's game length and rounding, from its rule set (frozen once it started)."""
    rules = event.rules
    ruleset, _problems = resolve_ruleset(rules.get("rules"), dict(rules.get("options") or {}))
    if ruleset is None:  # an event's rule set is validated when saved; a broken one rules as played
        return GameLength(None, None, "none")
    return GameLength(ruleset.deals, ruleset.target, ruleset.rounding)


def sheets_stamp(sheets: list[Sheet]) -> str:
    return ",".join(f"{s.pk}:{s.version}" for s in sorted(sheets, key=lambda s: s.pk))


def _unfinished(sheet: Sheet) -> bool:
    return not sheet.finished and not sheet.unfinished_rule


def plan_for(event: Event, games: list[Game], sheets: list[Sheet]) -> ClosePlan:
    """The close plan of a round from its games (entries attached, or loaded here) and sheets. No query
    beyond the entries of the unfinished games' sides."""
    length = game_length(event)
    average = round_average([(s.total_a, s.total_b) for s in sheets if s.finished])
    by_game = {s.game_id: s for s in sheets}
    unfinished = []
    for game in sorted(games, key=lambda g: g.table_number or 0):
        sheet = by_game.get(game.pk)
        if sheet is None or not _unfinished(sheet):
            continue
        rulings = {
            rule: rule_unfinished(
                rule=rule,
                total_a=sheet.total_a,
                total_b=sheet.total_b,
                deals_played=sheet.deal_count,
                deals=length.deals,
                target=length.target,
                rounding=length.rounding,
                average=average,
            )
            for rule in UNFINISHED_RULES
        }
        unfinished.append(
            UnfinishedTable(
                game=game,
                sheet=sheet,
                sides=game_sides(game),
                played_words=length.words(sheet.deal_count),
                rule=event.unfinished_rule,
                rulings=rulings,
            )
        )
    unconfirmed = sorted(
        (s for s in sheets if s.status not in Sheet.COUNTED_STATUSES), key=lambda s: s.game.table_number or 0
    )
    return ClosePlan(
        rule=event.unfinished_rule, unfinished=unfinished, unconfirmed=unconfirmed, stamp=sheets_stamp(sheets)
    )


def round_close_plan(round: Round) -> ClosePlan:
    """The close page's plan for a released round. Three queries whatever the number of tables (the games
    with their sheets, their entries with players, nothing per table)."""
    games = list(Game.objects.filter(round=round, is_bye=False).select_related("sheet").order_by("table_number"))
    attach_entries(games)
    sheets = []
    for game in games:
        try:
            sheet = game.sheet
        except Sheet.DoesNotExist:
            continue
        sheet.game = game
        sheets.append(sheet)
    return plan_for(round.event, games, sheets)


def rulings_apply(
    *,
    round: Round,
    sheets: list[Sheet],
    actor: Actor,
    rules: dict[int, str] | None,
    seen: str,
    reason: str,
) -> list[SheetChange]:
    """Rule every unfinished sheet of the round (`sheets`: all of them, locked, with their games) as the
    close page showed it: the event's rule, or under "ask" `rules[table]`. Sets the ruled totals on the
    sheets (the caller saves them) and returns their history rows; records each in the event's history.

    Refuses (UnfinishedNotRuled, naming the tables) when there are unfinished games and `rules` is None
    (closed without the close page), when `seen` is not the sheets' stamp (something changed since the
    page was shown), or when a table under "ask" has no valid rule."""
    event = round.event
    unfinished = sorted((s for s in sheets if _unfinished(s)), key=lambda s: s.game.table_number or 0)
    if not unfinished:
        return []
    tables = ", ".join(str(s.game.table_number) for s in unfinished)
    if rules is None:
        raise UnfinishedNotRuled(
            ngettext(
                "Table %(tables)s has not finished its game: close the round on its close page, which shows the "
                "rule that applies.",
                "Tables %(tables)s have not finished their games: close the round on its close page, which shows "
                "the rule that applies.",
                len(unfinished),
            )
            % {"tables": tables}
        )
    if seen != sheets_stamp(sheets):
        raise UnfinishedNotRuled(
            _("A sheet of this round changed since the close page was shown; check the tables again and close."),
            code="close_page_stale",
        )
    plan = plan_for(event, [s.game for s in sheets], sheets)
    missing = [t.table for t in plan.unfinished if plan.rule == ASK and rules.get(t.table) not in UNFINISHED_RULES]
    if missing:
        raise UnfinishedNotRuled(
            ngettext(
                "Choose what the unfinished game of table %(tables)s counts.",
                "Choose what the unfinished games of tables %(tables)s count.",
                len(missing),
            )
            % {"tables": ", ".join(str(t) for t in missing)}
        )
    changes, entries = [], []
    user = signed_in(actor.user)
    for item in plan.unfinished:
        rule = rules[item.table] if plan.rule == ASK else plan.rule
        ruling = item.rulings[rule]
        sheet = item.sheet
        before = {"rule": "", "total_a": sheet.total_a, "total_b": sheet.total_b, "deals": sheet.deal_count}
        sheet.unfinished_rule = rule
        sheet.ruled_total_a, sheet.ruled_total_b = ruling.total_a, ruling.total_b
        sheet.version += 1
        after = {"rule": rule, "total_a": ruling.total_a, "total_b": ruling.total_b, "deals": sheet.deal_count}
        changes.append(
            SheetChange(
                sheet=sheet,
                action=SheetChange.Action.UNFINISHED_RULE,
                before=before,
                after=after,
                user=actor.user,
                ip_address=actor.ip_address,
                user_agent=actor.user_agent,
                reason=reason,
                version=sheet.version,
            )
        )
        # The event's history too (the rows event_log_add writes, in one statement for all the tables).
        entries.append(
            EventLogEntry(
                event=event,
                action="unfinished_rule",
                user=user,
                reason=reason.strip(),
                round_number=round.number,
                table_number=item.table,
                details={
                    "round": round.number,
                    "table": item.table,
                    "played": sheet.deal_count,
                    "rule": rule,
                    "before": f"{before['total_a']} : {before['total_b']}",
                    "after": f"{ruling.total_a} : {ruling.total_b}",
                },
            )
        )
    EventLogEntry.objects.bulk_create(entries)
    return changes


def rule_words(rule: str) -> str:
    """A ruling's rule in words (for the history, the sheet pages and the exports); "" for none."""
    return str(dict(Event.UnfinishedRule.choices).get(rule, "")) if rule else ""


def ruling_follow(*, sheet: Sheet, actor: Actor, reason: str) -> SheetChange | None:
    """After an organiser's correction of a ruled sheet (`sheet`: locked, its deals' totals fresh): the
    ruling follows the deals. A game now finished counts as played and loses its ruling; one still
    unfinished is ruled again under the same rule (the round's average read anew). Saves the sheet's
    ruling fields and returns the history row (saved), or None for a sheet that was never ruled."""
    if not sheet.unfinished_rule:
        return None
    before = {"rule": sheet.unfinished_rule, "total_a": sheet.ruled_total_a, "total_b": sheet.ruled_total_b}
    if sheet.finished:
        sheet.unfinished_rule, sheet.ruled_total_a, sheet.ruled_total_b = "", None, None
    else:
        event = sheet.game.round.event
        length = game_length(event)
        finished = list(
            Sheet.objects.filter(game__round_id=sheet.game.round_id, finished=True)
            .exclude(pk=sheet.pk)
            .values_list("total_a", "total_b")
        )
        ruling = rule_unfinished(
            rule=sheet.unfinished_rule,
            total_a=sheet.total_a,
            total_b=sheet.total_b,
            deals_played=sheet.deal_count,
            deals=length.deals,
            target=length.target,
            rounding=length.rounding,
            average=round_average(finished),
        )
        sheet.ruled_total_a, sheet.ruled_total_b = ruling.total_a, ruling.total_b
    sheet.save(update_fields=["unfinished_rule", "ruled_total_a", "ruled_total_b"])
    after = {"rule": sheet.unfinished_rule, "total_a": sheet.ruled_total_a, "total_b": sheet.ruled_total_b}
    return SheetChange.objects.create(
        sheet=sheet,
        action=SheetChange.Action.UNFINISHED_RULE,
        before={**before, "deals": sheet.deal_count},
        after={**after, "deals": sheet.deal_count},
        user=actor.user,
        ip_address=actor.ip_address,
        user_agent=actor.user_agent,
        reason=reason,
        version=sheet.version,
    )


def ruling_change_words(before: Any, after: Any) -> str:
    """A ruling's history row in words, for the sheet's history: "Pro-rate to the full game length:
    300 : 186 → 1200 : 744" (a ruling dropped says the deals count again)."""
    if not isinstance(before, dict) or not isinstance(after, dict):
        return ""
    rule = rule_words(str(after.get("rule") or "")) or _("No ruling: the deals count")

    def score(side: dict[str, Any]) -> str:
        return f"{side.get('total_a')} : {side.get('total_b')}" if side.get("total_a") is not None else "–"

    return f"{rule}: {score(before)} → {score(after)}"
