"""Random but real deals: a shuffled 32-card deck dealt to four players and played out trick by trick.

Used by the property tests, the benchmark, event simulation and demo data. Everything on the sheet comes
from the cards: trick points (with the last 10), capot, belote from a K+Q of trumps in one hand, and the
announcements each hand holds. Players 0 and 2 are team A (North/South), 1 and 3 team B.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.rules.cards import BELOTE_RANKS, CARRE_VALUES, PLAIN_STRENGTH, TRUMP_STRENGTH, run_type
from scoring.rules.game import GameScorer
from scoring.rules.presets import Family
from scoring.rules.resolve import build_ruleset
from scoring.rules.ruleset import BIDS, RuleSet
from scoring.rules.words import ALL_TRUMP, NO_TRUMP, RANK_INDEX, RANKS, SUITS, TEAMS

Card = tuple[str, str]  # (suit, rank)
DECK: tuple[Card, ...] = tuple((suit, rank) for suit in SUITS for rank in RANKS)
_TRUMP_POWER = {rank: i for i, rank in enumerate(TRUMP_STRENGTH)}
_PLAIN_POWER = {rank: i for i, rank in enumerate(PLAIN_STRENGTH)}
MAX_GAME_DEALS = 500


def _team(player: int) -> str:
    return TEAMS[player % 2]


def _is_trump(card: Card, trump: str) -> bool:
    return trump == ALL_TRUMP or card[0] == trump


def _power(card: Card, trump: str, led: str) -> int:
    """Trick-taking power: trumps above the led suit, the led suit above discards."""
    if _is_trump(card, trump) and (trump != ALL_TRUMP or card[0] == led):
        return 100 + _TRUMP_POWER[card[1]]
    if card[0] == led:
        return 50 + _PLAIN_POWER[card[1]]
    return 0


def _value(card: Card, trump: str, rs: RuleSet) -> int:
    if trump == NO_TRUMP:
        return rs.values[NO_TRUMP][card[1]]
    if trump == ALL_TRUMP:
        return rs.values[ALL_TRUMP][card[1]]
    return rs.values["trump" if card[0] == trump else "plain"][card[1]]


def _legal(hand: list[Card], trick: list[tuple[int, Card]], trump: str, player: int) -> list[Card]:
    """Legal enough: follow suit; in a suit contract trump (and over-trump) when the opponents hold the
    trick; in all-trumps go over the best card of the led suit when possible."""
    if not trick:
        return hand
    led = trick[0][1][0]
    best_player, best = max(trick, key=lambda pc: _power(pc[1], trump, led))
    partner_wins = _team(best_player) == _team(player)
    follow = [c for c in hand if c[0] == led]
    best_power = _power(best, trump, led)
    if follow:
        if _is_trump(follow[0], trump) and not partner_wins:
            higher = [c for c in follow if _power(c, trump, led) > best_power]
            return higher or follow
        return follow
    if trump in SUITS and not partner_wins:
        trumps = [c for c in hand if c[0] == trump]
        higher = [c for c in trumps if _power(c, trump, led) > best_power]
        return higher or trumps or hand
    return hand


def _play(
    rng: random.Random, hand: list[Card], trick: list[tuple[int, Card]], trump: str, player: int, rs: RuleSet
) -> Card:
    """A legal card, played the way club players mostly do (so takers usually make their contract, as at a
    real table): lead the strongest card; win a trick as cheaply as possible; give points to a partner who
    holds the trick; otherwise throw the cheapest card. One card in five is random, for variety."""
    legal = _legal(hand, trick, trump, player)
    if len(legal) == 1 or rng.random() < 0.2:
        return rng.choice(legal)
    if not trick:
        return max(legal, key=lambda c: (_power(c, trump, c[0]), c))
    led = trick[0][1][0]
    best_player, best = max(trick, key=lambda pc: _power(pc[1], trump, led))
    if _team(best_player) == _team(player):
        return max(legal, key=lambda c: (_value(c, trump, rs), c))
    best_power = _power(best, trump, led)
    winners = [c for c in legal if _power(c, trump, led) > best_power]
    if winners:
        return min(winners, key=lambda c: (_power(c, trump, led), c))
    return min(legal, key=lambda c: (_value(c, trump, rs), c))


def _strength(hand: list[Card], trump: str, rs: RuleSet) -> float:
    """A rough share of the deal total a hand brings to a contract (for choosing contracts and bids)."""
    points = sum(_value(c, trump, rs) for c in hand)
    if trump in SUITS:
        points += 6 * sum(1 for c in hand if c[0] == trump)
    return points / rs.info(trump).deal_total


def _declarations(hand: list[Card]) -> list[dict[str, Any]]:
    """Carrés first (they take all four cards), then maximal runs of 3+ from the remaining cards."""
    ranks: dict[str, list[str]] = {}
    for suit, rank in hand:
        ranks.setdefault(rank, []).append(suit)
    out: list[dict[str, Any]] = []
    used: set[Card] = set()
    for rank, suits in ranks.items():
        if len(suits) == 4 and rank in CARRE_VALUES:
            out.append({"type": "carre", "rank": rank})
            used.update((s, rank) for s in SUITS)
    for suit in SUITS:
        have = sorted(RANK_INDEX[r] for s, r in hand if s == suit and (s, r) not in used)
        run: list[int] = []
        for i in [*have, 99]:
            if run and i == run[-1] + 1:
                run.append(i)
                continue
            if len(run) >= 3:
                item: dict[str, Any] = {"type": run_type(len(run)), "suit": suit, "high": RANKS[run[-1]]}
                if len(run) > 5:
                    item["length"] = len(run)
                out.append(item)
            run = [i]
    return out


def random_deal(
    rng: random.Random,
    rules: str,
    options: dict[str, Any] | None = None,
    *,
    passed: bool | None = None,
    taker: str | None = None,
    trump: str | None = None,
    multiplier: int | None = None,
    pass_rate: float = 0.03,
) -> dict[str, Any]:
    """One random, really played deal as deal JSON (spec §6), valid under `rules` + `options`.

    `passed` forces (True) or forbids (False) a passed-out deal (otherwise `pass_rate`); `taker`, `trump`
    and `multiplier` force the contract's fields. Raises RuleSetError for an invalid rule set.
    """
    rs = build_ruleset(rules, options)
    if passed is None:
        passed = rng.random() < pass_rate
    if passed:
        return {"contract": None}
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [deck[i * 8 : (i + 1) * 8] for i in range(4)]
    dealer = rng.randrange(4)
    first = (dealer + 1) % 4

    # The contract: the strongest (player, trump) with some noise, within what is forced.
    trumps = [trump] if trump is not None else list(rs.trumps)
    players = [p for p in range(4) if taker is None or _team(p) == taker]
    score, declarer, chosen = max(
        (_strength(hands[p], t, rs) + rng.random() * 0.1, p, t) for p in players for t in trumps
    )
    team = _team(declarer)
    contract: dict[str, Any] = {"taker": team, "trump": chosen}
    if rs.family is Family.COINCHE:
        assert rs.bid_max is not None  # every coinche rule set has one
        if rng.random() < 0.01:
            contract["bid"] = "capot"
        else:
            estimate = 80 + int(max(0.0, score - 0.25) * 400) // 10 * 10
            ceiling = min(rs.bid_max, estimate)
            contract["bid"] = rng.choice([b for b in BIDS if b <= max(ceiling, 80)])
    if multiplier is None:
        roll = rng.random()
        multiplier = 4 if roll < 0.03 and 4 in rs.multipliers else 2 if roll < 0.13 and 2 in rs.multipliers else 1
    if multiplier != 1 or rs.family is not Family.TAKE:
        contract["multiplier"] = multiplier

    # Belote and announcements come from the hands as dealt.
    belote: list[Any] = []
    declarations: dict[str, list[dict[str, Any]]] = {team: [] for team in TEAMS}
    if rs.announcements != "none" and chosen != NO_TRUMP:
        for p, hand in enumerate(hands):
            for suit in SUITS if chosen == ALL_TRUMP else [chosen]:
                if all((suit, rank) in hand for rank in BELOTE_RANKS):
                    belote.append({"team": _team(p), "suit": suit} if chosen == ALL_TRUMP else _team(p))
    if rs.announcements == "all" and not (rs.family is Family.BELOT and chosen == NO_TRUMP):
        for p, hand in enumerate(hands):
            declarations[_team(p)].extend(_declarations(hand))

    # Play the eight tricks.
    won = dict.fromkeys(TEAMS, 0)
    tricks_won = dict.fromkeys(TEAMS, 0)
    leader = first
    last = "A"
    for number in range(8):
        trick: list[tuple[int, Card]] = []
        for offset in range(4):
            p = (leader + offset) % 4
            card = _play(rng, hands[p], trick, chosen, p, rs)
            hands[p].remove(card)
            trick.append((p, card))
        led = trick[0][1][0]
        leader = max(trick, key=lambda pc: _power(pc[1], chosen, led))[0]
        last = _team(leader)
        won[last] += sum(_value(c, chosen, rs) for _, c in trick) + (10 if number == 7 else 0)
        tricks_won[last] += 1

    deal: dict[str, Any] = {"contract": contract}
    capot = next((t for t in TEAMS if tricks_won[t] == 8), None)
    if capot is None or rng.random() < 0.5:
        deal["tricks"] = won  # a capot as counted at the table: the deal total and 0
    deal["capot"] = capot
    if rng.random() < 0.5:
        deal["last_trick"] = last
    deal["belote"] = belote
    if declarations["A"] or declarations["B"]:
        deal["declarations"] = declarations
    deal["eldest"] = _team(first)
    return deal


def random_game(
    rng: random.Random, rules: str, options: dict[str, Any] | None = None, deals: int | None = None
) -> dict[str, Any]:
    """A valid game JSON of random deals: until the game is finished, or at most `deals` deals (fewer when
    the game ends first). Raises RuleSetError for an invalid rule set."""
    rs = build_ruleset(rules, options)
    scorer = GameScorer(rs)
    out: list[dict[str, Any]] = []
    limit = MAX_GAME_DEALS if deals is None else deals
    while len(out) < limit and not scorer.finished:
        deal = random_deal(rng, rules, options)
        _, problems = scorer.add(deal)
        if problems:  # the dealer must only produce valid deals; anything else is a bug here
            raise AssertionError(f"random_deal produced an invalid deal {deal!r}: {problems!r}")
        out.append(deal)
    return {"rules": rules, "options": dict(options or {}), "deals": out}
