"""The mall's distances as the heuristic reads them, memoised per mall: a pawn's
moves (air ducts included), the zombies' steps, the hall ends where the mall grows
and the cheapest cost from every square to a set of goals."""

from __future__ import annotations

import heapq
from functools import lru_cache

from ...core.tiles import beside
from .mall import CELLS, MAX_SQUARES, turned

FAR = 10**6
#: a crawl through an air duct costs the movement roll: about 3.5 squares, and the
#: squares left of the move that ended on the duct
DUCT_COST = 4.0


@lru_cache(maxsize=64)
def graph(mall) -> tuple[tuple[tuple[int, float], ...], ...]:
    """Per square: ``(square, extra cost)`` of every move a pawn can make from it, the
    hall steps (extra 0) and the air-duct crawls from a duct square (``DUCT_COST - 1``)."""
    adj: list[tuple[tuple[int, float], ...]] = [()] * MAX_SQUARES
    duct_links = {}
    for k, d in enumerate(mall.duct):
        if d >= 0:
            duct_links[d] = tuple(mall.duct[j] for j in mall.links[k])
    for v in mall.squares:
        out = [(u, 0.0) for u in mall.nbr[v] if u >= 0]
        out += [(u, DUCT_COST - 1) for u in duct_links.get(v, ())]
        adj[v] = tuple(out)
    return tuple(adj)


@lru_cache(maxsize=4096)
def halls(mall, src: int) -> tuple[int, ...]:
    """Steps from ``src`` to every square by the halls and doorways (how zombies move)."""
    dist = [FAR] * MAX_SQUARES
    dist[src] = 0
    frontier = [src]
    nbr = mall.nbr
    while frontier:
        nxt = []
        for v in frontier:
            d = dist[v] + 1
            for u in nbr[v]:
                if u >= 0 and dist[u] > d:
                    dist[u] = d
                    nxt.append(u)
        frontier = nxt
    return tuple(dist)


@lru_cache(maxsize=4096)
def near(mall, src: int) -> tuple[int, ...]:
    """How near every square is to ``src`` for a zombie's move: 5 less its steps, at least 0."""
    return tuple(max(0, 5 - d) for d in halls(mall, src))


@lru_cache(maxsize=4096)
def walk(mall, src: int) -> tuple[float, ...]:
    """A pawn's distance from ``src`` to every square, air ducts included."""
    return tuple(field(mall, {src: 0.0}, None))


@lru_cache(maxsize=64)
def frontier(mall) -> tuple[tuple[int, int], ...]:
    """``(square, floor)`` of every hall end that leads to a free tile position."""
    out = []
    for k, (kind_, row, col, turns, _) in enumerate(mall.tiles):
        t = turned(kind_, turns)
        for side in range(4):
            if t.halls[side] and beside((row, col), side) not in mall.at:
                out.append((CELLS * k + t.hall_cell[side], mall.floor_across(k, side)))
    return tuple(out)


def field(mall, sources: dict[int, float], enter: list[float] | None) -> list[float]:
    """The cheapest cost from every square to a source (plus its offset), a move
    into square ``v`` costing 1 plus ``enter[v]`` (None: 0)."""
    adj = graph(mall)
    dist = [float(FAR)] * MAX_SQUARES
    heap = []
    for v, off in sources.items():
        if off < dist[v]:
            dist[v] = off
            heap.append((off, v))
    heapq.heapify(heap)
    while heap:
        d, v = heapq.heappop(heap)
        if d > dist[v]:
            continue
        step = 1.0 + (enter[v] if enter is not None else 0.0)
        for u, extra in adj[v]:  # moves are symmetric: u -> v costs what entering v costs
            nd = d + step + extra
            if nd < dist[u]:
                dist[u] = nd
                heapq.heappush(heap, (nd, u))
    return dist
