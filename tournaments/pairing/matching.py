"""Minimum-cost perfect matching: exact over the whole field, on a band graph for large fields, and in
rolling windows only beyond what the solver does in time.

Costs are tuples of non-negative ints compared lexicographically (first the hard constraint, such as
rematches; then preferences). Exact matching uses rustworkx's blossom algorithm (Rust, O(n³) worst case;
about 0.2 s for 1,000 nodes joined to their 35 to 63 neighbours in the order); networkx's pure-Python
blossom gives the same optimum some hundred times slower and is kept as the fallback for weights beyond
rustworkx's integer range (and for the bench's comparison).

The band keeps the absolute rule. Cut the order into consecutive blocks of m = 2(d + 1) nodes, the last
block taking the rest (fewer than 2m), where d bounds anyone's conflicts: inside a block any two nodes are
less than 2m apart, so with a band half-width of at least 2m - 1 every block is complete in the band graph,
and Dirac's theorem (below) gives each block a conflict-free perfect matching. The band graph therefore
holds a conflict-free perfect matching, and the exact minimum over it has no conflict at all.

Windows keep the absolute rule. A window of m nodes in which nobody has more than d conflicts (past
opponents, past partners) has a conflict-free perfect matching as soon as m >= 2(d + 1): every node then has
at least m/2 allowed partners, so by Dirac's theorem the allowed graph has a Hamiltonian cycle, and every
other edge of it is a perfect matching. Windows are at least that big, so windowed draws are conflict-free,
and fields too small for that are matched exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

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


#: The exact solver: "rustworkx" (default) or "networkx" (the bench switches to it to compare).
SOLVER = "rustworkx"
#: rustworkx computes in 128-bit integers; a matching's total (and the blossom duals, at most twice an
#: edge weight) must stay well inside, so larger weights go to networkx (Python ints never overflow).
RUSTWORKX_TOTAL_LIMIT = 1 << 100


def _maximum_weight_pairs(size: int, edges: list[tuple[int, int, int]], solver: str) -> list[tuple[int, int]]:
    """Maximum-cardinality, maximum-weight matching of nodes ``0 .. size-1`` (integer weights)."""
    top = max(w for _, _, w in edges)
    if solver == "rustworkx" and top * (size + 1) < RUSTWORKX_TOTAL_LIMIT:
        import rustworkx as rx

        rx_graph = rx.PyGraph(multigraph=False)
        rx_graph.add_nodes_from(range(size))
        rx_graph.add_edges_from(edges)
        mate = rx.max_weight_matching(rx_graph, max_cardinality=True, weight_fn=int)
    else:
        import networkx as nx

        graph: nx.Graph[int] = nx.Graph()
        graph.add_nodes_from(range(size))
        graph.add_weighted_edges_from(edges)
        mate = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(i, j), max(i, j)) for i, j in mate)


def exact_matching(
    size: int,
    cost: IndexCost,
    candidates: Iterable[tuple[int, int]] | None = None,
    *,
    solver: str | None = None,
) -> list[tuple[int, int]]:
    """Minimum-cost perfect matching of nodes ``0 .. size-1``.

    ``cost(i, j)`` (called for i < j) returns a tuple of non-negative ints, compared lexicographically, or
    None when i and j must not be paired. ``candidates`` (pairs i < j) limits the edges considered (None:
    every pair); the answer is then the minimum over matchings of those edges. ``solver`` overrides
    ``SOLVER``. Returns the pairs ``(i, j)`` with i < j, sorted; the same input always gives the same
    pairs. Raises ``DrawFatalError`` when ``size`` is odd or no perfect matching exists (callers guarantee
    one).
    """
    if size % 2:
        raise DrawFatalError(f"cannot match an odd number of nodes ({size})")
    if size == 0:
        return []
    if candidates is None:
        candidates = ((i, j) for i in range(size) for j in range(i + 1, size))
    edges: list[tuple[int, int]] = []
    costs: list[Cost] = []
    for i, j in candidates:
        c = cost(i, j)
        if c is not None:
            edges.append((i, j))
            costs.append(c)
    if not edges:
        raise DrawFatalError(f"no allowed pair among {size} nodes")
    scalars = _scalar_costs(costs, size // 2)
    # Maximising (top - cost) with maximum cardinality: every answer is perfect, so maximising the summed
    # (top - cost) over size/2 edges minimises the summed cost. Integer weights keep it exact.
    top = max(scalars) + 1
    weighted = [(i, j, top - s) for (i, j), s in zip(edges, scalars, strict=True)]
    pairs = _maximum_weight_pairs(size, weighted, solver or SOLVER)
    if 2 * len(pairs) != size:
        raise DrawFatalError(f"no perfect matching among {size} nodes")
    return pairs


def band_width(window: int, max_conflicts: int) -> int:
    """The band half-width for banded matching: at least ``window`` and ``4 * (max_conflicts + 1) - 1``,
    which makes a conflict-free perfect matching exist in the band graph (see the module docstring)."""
    return max(window, 4 * (max_conflicts + 1) - 1)


def banded_matching(size: int, cost: IndexCost, width: int) -> list[tuple[int, int]]:
    """Exact minimum-cost perfect matching of nodes ``0 .. size-1`` (in that order, best first) over the
    pairs at most ``width`` apart in the order. Returns pairs ``(i, j)``, i < j, sorted."""
    candidates = ((i, j) for i in range(size) for j in range(i + 1, min(size, i + width + 1)))
    return exact_matching(size, cost, candidates)


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

        def window_cost(i: int, j: int, nodes: list[int] = nodes) -> Cost | None:
            return cost(nodes[i], nodes[j])

        local = exact_matching(len(nodes), window_cost)
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
    """The outcome of ``pair_up``: pairs of keys (earlier in the order first), the keys on a bye, whether
    the hard constraint is proven minimal over every draw allowed by the bye rule (``exact``), and how the
    matching was made (``scope``): "whole" (exact over every pair, byes inside the matching), "band"
    (exact over the pairs close in the order; conflict-free by the module docstring) or "windows"."""

    pairs: tuple[tuple[int, int], ...]
    byes: tuple[int, ...]
    exact: bool
    scope: str = "whole"


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
    band_limit: int = 0,
    hard: int = 1,
) -> Pairing:
    """Pair the keys of ``order`` (best first), giving ``byes.count`` of them a bye.

    ``cost(a, b)`` (a before b in ``order``) returns a tuple of non-negative ints, the first ``hard`` being
    the hard constraints (numbers of conflicts, the most important first, such as forbidden pairs then
    rematches); ``max_conflicts`` bounds how many others any key conflicts with in any of them.
    Small fields (at most ``exact_limit`` keys, or too few for a conflict-free window) are matched exactly,
    and the byes are chosen inside the same matching (hard cost first, then bye preference, then the rest).
    Larger fields give the byes to the most preferred of ``byes.pool``; up to ``band_limit`` keys they are
    matched exactly over the pairs at most ``band_width(window, max_conflicts)`` apart in ``order``, beyond
    that in windows. Both are conflict-free (see the module docstring), so ``exact`` holds for the band too.
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
            if a is None or b is None:
                player = a if b is None else b  # the one who may sit out, if any
                if player is None:
                    return None
                rank = preference.get(player)
                # Powers of two make the summed preference lexicographic: the most preferred wins.
                return None if rank is None else (*((0,) * hard), 1 << rank)
            levels = cost(a, b)
            return (*levels[:hard], 0, *levels[hard:])

        local = exact_matching(len(nodes), node_cost)
        pairs = tuple((nodes[i], nodes[j]) for i, j in local if nodes[j] is not None)
        sitting = [nodes[i] for i, j in local if nodes[j] is None]
        return Pairing(pairs, (*byes.forced, *sitting), exact=True)  # type: ignore[arg-type]
    chosen = (*byes.forced, *byes.pool[:open_byes])
    resting = set(chosen)
    playing = [key for key in players if key not in resting]

    def playing_cost(i: int, j: int) -> Cost:
        return cost(playing[i], playing[j])

    if len(playing) <= band_limit:
        local = banded_matching(len(playing), playing_cost, band_width(window, max_conflicts))
        return Pairing(tuple((playing[i], playing[j]) for i, j in local), chosen, exact=True, scope="band")
    local = windowed_matching(len(playing), playing_cost, size)
    return Pairing(tuple((playing[i], playing[j]) for i, j in local), chosen, exact=False, scope="windows")
