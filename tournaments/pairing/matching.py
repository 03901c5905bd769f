"""Minimum-cost perfect matching: exact for small fields, in rolling windows for large ones.

Costs are tuples of non-negative ints compared lexicographically (first the hard constraint, such as
rematches; then preferences). Exact matching uses networkx's blossom algorithm, whose pure-Python run time
grows about cubically; on 1,000 nodes it takes several seconds even on a sparse graph, hence the windows.

Windows keep the absolute rule. A window of m nodes in which nobody has more than d conflicts (past
opponents, past partners) has a conflict-free perfect matching as soon as m >= 2(d + 1): every node then has
at least m/2 allowed partners, so by Dirac's theorem the allowed graph has a Hamiltonian cycle, and every
other edge of it is a perfect matching. Windows are at least that big, so windowed draws are conflict-free,
and fields too small for that are matched exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import networkx as nx

from .byes import ByeChoice
from .errors import DrawFatalError

Cost = tuple[int, ...]
IndexCost = Callable[[int, int], Cost | None]
KeyCost = Callable[[int, int], Cost]


def _scalar_costs(costs: list[Cost], pairs: int) -> list[int]:
    """One int per edge that orders every perfect matching of ``pairs`` pairs as the tuples would
    lexicographically: each level is scaled above the largest total the lower levels can reach."""
    levels = max(len(c) for c in costs)
    padded = [c + (0,) * (levels - len(c)) for c in costs]
    combined = [c[-1] for c in padded]
    for level in range(levels - 2, -1, -1):
        scale = pairs * max(combined) + 1
        combined = [c[level] * scale + lower for c, lower in zip(padded, combined, strict=True)]
    return combined


def exact_matching(size: int, cost: IndexCost) -> list[tuple[int, int]]:
    """Minimum-cost perfect matching of nodes ``0 .. size-1``.

    ``cost(i, j)`` (called for i < j) returns a tuple of non-negative ints, compared lexicographically, or
    None when i and j must not be paired. Returns the pairs ``(i, j)`` with i < j, sorted. Raises
    ``DrawFatalError`` when ``size`` is odd or no perfect matching exists (callers guarantee one).
    """
    if size % 2:
        raise DrawFatalError(f"cannot match an odd number of nodes ({size})")
    if size == 0:
        return []
    edges: list[tuple[int, int]] = []
    costs: list[Cost] = []
    for i in range(size):
        for j in range(i + 1, size):
            c = cost(i, j)
            if c is not None:
                edges.append((i, j))
                costs.append(c)
    if not edges:
        raise DrawFatalError(f"no allowed pair among {size} nodes")
    scalars = _scalar_costs(costs, size // 2)
    # max_weight_matching maximises; with maxcardinality every answer is perfect, so maximising
    # (top - cost) summed over size/2 edges minimises the summed cost. Integer weights keep it exact.
    top = max(scalars) + 1
    graph = nx.Graph()
    graph.add_nodes_from(range(size))
    graph.add_weighted_edges_from((i, j, top - s) for (i, j), s in zip(edges, scalars, strict=True))
    mate = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = sorted((min(i, j), max(i, j)) for i, j in mate)
    if 2 * len(pairs) != size:
        raise DrawFatalError(f"no perfect matching among {size} nodes")
    return pairs


def windowed_matching(size: int, cost: IndexCost, window: int) -> list[tuple[int, int]]:
    """A near-minimum-cost perfect matching of nodes ``0 .. size-1`` taken in that order (best first).

    Matches the first ``window`` nodes exactly, keeps the pairs that involve the first half of the window,
    carries the others over into the next window, and so on; the last window takes everyone left. Every
    window has at least ``window`` nodes (``window`` must be even). Returns pairs ``(i, j)``, i < j, sorted.
    """
    if size % 2 or window % 2:
        raise DrawFatalError(f"windowed matching needs even sizes (size {size}, window {window})")
    commit = window // 2
    pending: list[int] = []
    following = 0
    pairs: list[tuple[int, int]] = []
    while True:
        take = min(size, following + window - len(pending))
        pending.extend(range(following, take))
        following = take
        if size - following < commit:
            # Too few left for a window of their own: they join this one, which becomes the last.
            pending.extend(range(following, size))
            following = size
        nodes = pending
        local = exact_matching(len(nodes), lambda i, j, nodes=nodes: cost(nodes[i], nodes[j]))
        if following == size:
            pairs.extend((nodes[i], nodes[j]) for i, j in local)
            return sorted(pairs)
        carried: list[int] = []
        for i, j in local:
            if i < commit:
                pairs.append((nodes[i], nodes[j]))
            else:
                carried.extend((nodes[i], nodes[j]))
        pending = sorted(carried)


@dataclass(frozen=True)
class Pairing:
    """The outcome of ``pair_up``: pairs of keys (earlier in the order first), the keys on a bye, and
    whether the matching was exact (minimum over every draw allowed by the bye rule)."""

    pairs: tuple[tuple[int, int], ...]
    byes: tuple[int, ...]
    exact: bool


def dirac_window(window: int, max_conflicts: int) -> int:
    """The window size actually used: at least ``window`` and ``2 * (max_conflicts + 1)``, and even."""
    size = max(window, 2 * (max_conflicts + 1), 2)
    return size + size % 2


def pair_up(
    order: Sequence[int],
    cost: KeyCost,
    *,
    byes: ByeChoice,
    max_conflicts: int,
    window: int,
    exact_limit: int,
) -> Pairing:
    """Pair the keys of ``order`` (best first), giving ``byes.count`` of them a bye.

    ``cost(a, b)`` (a before b in ``order``) returns a tuple of non-negative ints, the first being the hard
    constraint (number of conflicts); ``max_conflicts`` bounds how many others any key conflicts with.
    Small fields (at most ``exact_limit`` keys, or too few for a conflict-free window) are matched exactly,
    and the byes are chosen inside the same matching (hard cost first, then bye preference, then the rest).
    Large fields give the byes to the most preferred of ``byes.pool`` and are matched in windows, which is
    conflict-free (see the module docstring).
    """
    forced = set(byes.forced)
    players = [key for key in order if key not in forced]
    open_byes = byes.open
    size = dirac_window(window, max_conflicts)
    if len(players) + open_byes <= max(exact_limit, size):
        preference = {key: index for index, key in enumerate(byes.pool)}
        nodes: list[int | None] = [*players, *([None] * open_byes)]

        def node_cost(i: int, j: int) -> Cost | None:
            a, b = nodes[i], nodes[j]
            if a is None and b is None:
                return None
            if a is None or b is None:
                rank = preference.get(b if a is None else a)
                # Powers of two make the summed preference lexicographic: the most preferred wins.
                return None if rank is None else (0, 1 << rank)
            hard, *rest = cost(a, b)
            return (hard, 0, *rest)

        local = exact_matching(len(nodes), node_cost)
        pairs = tuple((nodes[i], nodes[j]) for i, j in local if nodes[j] is not None)
        sitting = [nodes[i] for i, j in local if nodes[j] is None]
        return Pairing(pairs, (*byes.forced, *sitting), exact=True)  # type: ignore[arg-type]
    chosen = (*byes.forced, *byes.pool[:open_byes])
    resting = set(chosen)
    playing = [key for key in players if key not in resting]
    local = windowed_matching(len(playing), lambda i, j: cost(playing[i], playing[j]), size)
    return Pairing(tuple((playing[i], playing[j]) for i, j in local), chosen, exact=False)
