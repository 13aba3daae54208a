"""Square grids with walls between the squares, and every question a board game
asks of them answered by precomputed tables.

A map of ``R x C`` squares is drawn "doubled": ``2R+1`` lines of ``2C+1``
characters.  The square ``(r, c)`` is the character at ``(2r+1, 2c+1)``; the
character between two squares is the edge they share (``(2r+1, 2c)`` west of
the square, ``(2r, 2c+1)`` north of it; lines and columns 0 and the last are
the outer border); characters at even, even are corners and may be anything::

    +-+-+-+
    |. . ?|
    + +-d-+
    |.|. .A
    +-+-w-+

Edge characters: `` `` open, ``|`` or ``-`` a wall, ``d`` a doorway, ``w`` a
display window, ``A`` an arrow (an opening where map pieces join, only between
a square and the outside).  An edge beside one square only must not be open;
an edge beside no square may be any character.  The caller's legend says what
each square character is: a name, or None for "no square" (a pillar, outside).

One step reaches any of the 8 neighbours.  Orthogonally it costs 1 across an
open edge or a doorway and 2 across a display window, and never crosses a wall.
Diagonally it costs 1, and only when the four edges meeting at the shared
corner are all open and both squares beside the diagonal exist: no cutting a
corner, no diagonal through a doorway, and (an assumed reading) no diagonal
through a window.  Melee reach (``touches``) follows the same rules, except
that a window costs nothing.  Sight runs from centre to centre over every
square the segment touches (both squares beside a grid corner it passes
through), each consecutive pair melee-adjacent: walls, corners and doorways
crossed diagonally block it, windows do not.

Squares are numbered ``0..N-1`` in row-major order and labelled ``r3c12``
(0-based row and column, as ``core.grid`` labels its cells).  ``core.maptext``
says when a game's map is a ``WallGrid`` and when a ``core.grid.Board``, and
reads the files maps come from; errors name that file, line and column.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, Final

from .geometry import supercover
from .joining import cut, joint_legend, paint
from .maptext import Block, DistanceRows, MapText, draw, where
from .tiles import SIDES

OPEN: Final = "open"
WALL: Final = "wall"
DOOR: Final = "door"
WINDOW: Final = "window"
ARROW: Final = "arrow"
#: edge character -> edge kind
EDGE_KINDS: Final[dict[str, str]] = {
    " ": OPEN, "|": WALL, "-": WALL, "d": DOOR, "w": WINDOW, "A": ARROW
}  # fmt: skip
#: orthogonal step cost by the kind of edge crossed (walls and arrows are not crossed)
STEP_COST: Final[dict[str, int]] = {OPEN: 1, DOOR: 1, WINDOW: 2}
_STEP_CHARS: Final[dict[str, int]] = {
    ch: STEP_COST[kind] for ch, kind in EDGE_KINDS.items() if kind in STEP_COST
}
_WALL_CHARS: Final = frozenset(ch for ch, kind in EDGE_KINDS.items() if kind == WALL)

Legend = Mapping[str, "str | None"]


def _open_corner(up: str, mid: str, low: str, x: int) -> bool:
    """Whether the four edges meeting at the corner in column ``x`` of the doubled
    line ``mid`` (``up`` and ``low`` the lines around it) are all open."""
    return up[x] == " " and low[x] == " " and mid[x - 1] == " " and mid[x + 1] == " "


def _add(out: list[Any], near: list[int], pair: Any, j: int) -> None:
    out.append(pair)
    near.append(j)


def _side(
    i: int,
    side: int,
    j: int,
    ch: str,
    out: list[Any],
    near: list[int],
    same_room: list[int],
    openings: list[tuple[int, int, str]],
    ones: list[Any],
) -> None:
    """Square ``i``'s edge ``ch`` on ``side`` to square ``j`` (-1: the outside)."""
    if j < 0:
        if ch not in _WALL_CHARS:  # an edge to the outside that opens
            openings.append((i, side, EDGE_KINDS[ch]))
        return
    cost = _STEP_CHARS.get(ch, 0)
    if cost:
        out.append(ones[j] if cost == 1 else (j, cost))
        near.append(j)
        if ch == " ":
            same_room.append(j)


class WallGrid:
    """A doubled map with precomputed movement, melee, sight and room tables.

    Attributes: ``title``, ``lines`` (the map redrawn: walls ``|``/``-``,
    corners ``+`` where a wall meets them), ``legend``, ``height``/``width``
    (in squares), ``size``, ``rc[i]``, ``ids[(row, col)]``, ``char[i]``,
    ``steps[i]`` ((j, cost) pairs), ``touches[i]``, ``room[i]``/``rooms``,
    ``dist[a][b]`` (steps, UNREACHABLE when cut off), ``openings`` ((square,
    side, kind) for each non-wall edge to the outside, sides as in
    ``core.tiles``) and ``origin`` (see ``compose``).  Errors name ``file``
    (``title`` unless given) and count lines from ``first_line``, so they
    point into the file a map came from.
    """

    def __init__(
        self,
        lines: Sequence[str],
        legend: Legend,
        *,
        title: str = "map",
        file: str | None = None,
        first_line: int = 1,
        origin: tuple[int, int] = (0, 0),
    ) -> None:
        self.title = title
        self.origin = origin
        self._file = file or title
        self._first_line = first_line
        self.legend = dict(legend)
        rows = tuple(lines)
        self._check_shape(rows)
        self.height, self.width = (len(rows) - 1) // 2, (len(rows[0]) - 1) // 2

        cells: list[tuple[int, int]] = []
        for r in range(self.height):
            for c in range(self.width):
                ch = rows[2 * r + 1][2 * c + 1]
                if ch not in self.legend:
                    known = "".join(sorted(self.legend))
                    raise ValueError(
                        f"{self._at(2 * r + 1, 2 * c + 1)}: unknown square character {ch!r}; "
                        f"the legend knows {known!r}"
                    )
                if self.legend[ch] is not None:
                    cells.append((r, c))
        if not cells:
            raise ValueError(f"{title}: the map has no square")
        self.rc: tuple[tuple[int, int], ...] = tuple(cells)
        self.ids: dict[tuple[int, int], int] = {rc: i for i, rc in enumerate(cells)}
        self.size = len(cells)
        self.char: tuple[str, ...] = tuple(rows[2 * r + 1][2 * c + 1] for r, c in cells)
        self._rows = rows
        width = self.width + 2
        grid: list[int] = [-1] * ((self.height + 2) * width)  # square ids, a border of -1
        for i, (r, c) in enumerate(cells):
            grid[(r + 1) * width + c + 1] = i
        self._check_edges(rows, grid)
        self._grid = grid  # read by sight: a list index where ``ids`` hashes a tuple
        # edge kind by doubled position: built when first asked (``side``, ``edge``,
        # ``lines``), since the games step on a map and rarely ask about its edges
        self._edge_kinds: dict[tuple[int, int], str] | None = None
        steps, touches, open_sides, openings = self._step_tables(grid)
        self.steps: tuple[tuple[tuple[int, int], ...], ...] = steps
        # melee crosses what a step crosses (a window costs nothing, but is crossed)
        self.touches: tuple[tuple[int, ...], ...] = touches
        self.room, self.rooms = self._rooms(open_sides)
        self.openings: tuple[tuple[int, int, str], ...] = openings
        # kept answers: whether a sees b at a * size + b (0: not asked yet, 1: no,
        # 2: yes; bytes the compiled build reads natively, allocated when first asked),
        # and the squares in sight within each reach, by square
        self._sight = bytearray()
        self._in_sight: dict[int, list[tuple[int, ...] | None]] = {}
        # a search's scratch lists (``_search``)
        self._best: list[int] = [-1] * self.size
        self._barred: list[bool] = [False] * self.size
        self._kept: list[bool] = [True] * self.size
        # drawn or worked out when first asked (``lines``, ``dist``): kept here, not by
        # ``cached_property``, since the compiled build's WallGrid has no ``__dict__``
        self._lines: tuple[str, ...] | None = None
        self._dist: DistanceRows | None = None

    @classmethod
    def read(cls, source: MapText, block: Block, legend: Legend, title: str, size: int):
        """The ``size`` x ``size`` squares drawn in a block of a map file (``title``
        says which), errors pointing into the file."""
        grid = cls(
            block.rows,
            legend,
            title=f"{source.file} {title}",
            file=source.file,
            first_line=block.first,
        )
        if (grid.height, grid.width) != (size, size):
            raise source.error(
                block.entries[0].line,
                f"{title} is not {size} x {size} squares: {grid.height} x {grid.width}",
            )
        return grid

    # ------------------------------------------------------------------ build
    def _at(self, i: int, j: int = -1) -> str:
        """``file:line:column`` of the map's line ``i`` and character ``j`` (from 0)."""
        return where(self._file, self._first_line + i, j + 1)

    def _check_shape(self, rows: tuple[str, ...]) -> None:
        if len(rows) < 3 or len(rows) % 2 == 0:
            raise ValueError(
                f"{self.title}: a map of R rows of squares has 2R+1 lines, got {len(rows)}"
            )
        width = len(rows[0])
        if width < 3 or width % 2 == 0:
            raise ValueError(
                f"{self._at(0)}: a map of C columns of squares has "
                f"2C+1 characters a line, got {width}"
            )
        for i, row in enumerate(rows):
            if len(row) != width:
                raise ValueError(
                    f"{self._at(i)}: {len(row)} characters, the first line has {width}"
                )
        given: Mapping[str, object] = self.legend  # whatever a caller passed in
        for ch, value in given.items():
            if len(ch) != 1 or not (value is None or isinstance(value, str)):
                raise ValueError(
                    f"{self.title}: legend entry {ch!r}: {value!r} must map one character "
                    f"to a name, or to None for no square"
                )

    def _check_edges(self, rows: tuple[str, ...], grid: list[int]) -> None:
        """Every edge beside a square known, none an arrow between two squares, none
        open to the outside (``_read_edges``' checks, in its order, reading ``grid``:
        the square ids row by row within a border of -1)."""
        width: int = self.width + 2
        for r, c in self.rc:
            at: int = (r + 1) * width + c + 1
            y: int = 2 * r + 1
            x: int = 2 * c + 1
            self._check_edge(rows, r, c, y - 1, x, grid[at - width] >= 0)
            self._check_edge(rows, r, c, y, x + 1, grid[at + 1] >= 0)
            self._check_edge(rows, r, c, y + 1, x, grid[at + width] >= 0)
            self._check_edge(rows, r, c, y, x - 1, grid[at - 1] >= 0)

    def _check_edge(
        self, rows: tuple[str, ...], r: int, c: int, i: int, j: int, both: bool
    ) -> None:
        """The edge at doubled ``(i, j)`` beside square ``(r, c)``; ``both``: a square
        across it."""
        ch = rows[i][j]
        kind = EDGE_KINDS.get(ch)
        if kind is None:
            raise ValueError(
                f"{self._at(i, j)}: unknown edge character {ch!r}; edges are "
                f"' ' open, '|' or '-' wall, 'd' doorway, 'w' window, 'A' arrow"
            )
        if both and kind == ARROW:
            raise ValueError(
                f"{self._at(i, j)}: an arrow between two squares; arrows open "
                f"the map's border to the outside"
            )
        if not both and kind == OPEN:
            raise ValueError(
                f"{self._at(i, j)}: an open edge to the outside of square "
                f"r{r}c{c}; draw a wall, doorway, window or arrow"
            )

    @property
    def _edges(self) -> dict[tuple[int, int], str]:
        if self._edge_kinds is None:
            self._edge_kinds = self._read_edges(self._rows)
        return self._edge_kinds

    def _read_edges(self, rows: tuple[str, ...]) -> dict[tuple[int, int], str]:
        """Edge kind by doubled position, for every edge beside a square."""
        edges = {}
        ids = self.ids
        for r, c in self.rc:
            for dr, dc in SIDES:
                i, j = 2 * r + 1 + dr, 2 * c + 1 + dc
                if (i, j) in edges:
                    continue
                self._check_edge(rows, r, c, i, j, (r + dr, c + dc) in ids)
                kind = EDGE_KINDS[rows[i][j]]
                edges[i, j] = kind
        return edges

    @property
    def lines(self) -> tuple[str, ...]:
        """The map redrawn in one style, so that equal grids have equal lines (drawn
        when first asked: games step on a map far more often than they draw it)."""
        if self._lines is None:
            self._lines = self._draw()
        return self._lines

    def _draw(self) -> tuple[str, ...]:
        rows = self._rows
        chars = {EDGE_KINDS[ch]: ch for ch in " dwA"}
        height, width = len(rows), len(rows[0])

        def blank(i: int, j: int) -> str:
            """What stands where no square is beside: a neighbouring cell's character."""
            for di, dj in ((1, 1), (1, -1), (-1, 1), (-1, -1), (1, 0), (0, 1), (-1, 0), (0, -1)):
                y, x = i + di, j + dj
                if y % 2 and x % 2 and 0 < y < height and 0 < x < width:
                    return rows[y][x]
            raise AssertionError("every position lies beside a square position")

        out = []
        for i in range(height):
            line = []
            for j in range(width):
                if i % 2 and j % 2:
                    line.append(rows[i][j])
                elif i % 2 or j % 2:
                    kind = self._edges.get((i, j))
                    if kind is None:
                        line.append(blank(i, j))
                    elif kind == WALL:
                        line.append("|" if i % 2 else "-")
                    else:
                        line.append(chars[kind])
                else:
                    around = [self._edges.get(p) for p in ((i - 1, j), (i + 1, j), (i, j - 1))]
                    around.append(self._edges.get((i, j + 1)))
                    known = [k for k in around if k is not None]
                    if not known:
                        line.append(blank(i, j))
                    else:
                        line.append(" " if all(k == OPEN for k in known) else "+")
            out.append("".join(line))
        return tuple(out)

    def _beyond(self, i: int, side: int) -> int | None:
        """The square across ``side`` of square ``i``, if there is one."""
        r, c = self.rc[i]
        dr, dc = SIDES[side]
        return self.ids.get((r + dr, c + dc))

    def _step_tables(
        self, ids: list[int]
    ) -> tuple[
        tuple[tuple[tuple[int, int], ...], ...],
        tuple[tuple[int, ...], ...],
        list[list[int]],
        tuple[tuple[int, int, str], ...],
    ]:
        """``steps`` (sorted (square, cost) pairs: orthogonal costs by edge kind,
        diagonals where both squares beside them exist, so a step never cuts a
        corner, and the corner's four edges are open), the squares of those steps
        (``touches``), each square's orthogonal neighbours across an open edge,
        and the ``openings`` (square, side, kind),
        in one pass over the squares reading the (checked) map characters
        and ``ids`` (the square ids row by row within a border of -1)
        directly: every game builds its map.  The neighbours are visited in
        row-major order (north-west, north, north-east, west, east, south-west,
        south, south-east), the order of their ids, so the pairs come out sorted."""
        rows = self._rows
        width: int = self.width + 2
        steps: list[tuple[tuple[int, int], ...]] = []
        touches: list[tuple[int, ...]] = []
        open_sides: list[list[int]] = []
        openings: list[tuple[int, int, str]] = []
        # the (square, 1) pairs, one each, shared by the squares stepping there
        # (typed Any: the compiled build keeps them boxed, shared, not copied as structs)
        ones: list[Any] = [(j, 1) for j in range(self.size)]
        for i, (r, c) in enumerate(self.rc):
            y: int = 2 * r + 1
            x: int = 2 * c + 1
            at: int = (r + 1) * width + c + 1  # the square in ids
            out: list[Any] = []  # (square, cost) pairs
            near: list[int] = []
            same_room: list[int] = []
            above, line, below = rows[y - 1], rows[y], rows[y + 1]
            north, south = ids[at - width], ids[at + width]
            west, east = ids[at - 1], ids[at + 1]
            # the diagonals' shared corners are open when their four edges are
            open_nw = open_ne = open_sw = open_se = False
            if north >= 0:
                up = rows[y - 2]
                open_nw = west >= 0 and _open_corner(up, above, line, x - 1)
                open_ne = east >= 0 and _open_corner(up, above, line, x + 1)
            if south >= 0:
                down = rows[y + 2]
                open_sw = west >= 0 and _open_corner(line, below, down, x - 1)
                open_se = east >= 0 and _open_corner(line, below, down, x + 1)
            if open_nw and ids[at - width - 1] >= 0:
                _add(out, near, ones[ids[at - width - 1]], ids[at - width - 1])
            _side(i, 0, north, above[x], out, near, same_room, openings, ones)
            if open_ne and ids[at - width + 1] >= 0:
                _add(out, near, ones[ids[at - width + 1]], ids[at - width + 1])
            _side(i, 3, west, line[x - 1], out, near, same_room, openings, ones)
            _side(i, 1, east, line[x + 1], out, near, same_room, openings, ones)
            if open_sw and ids[at + width - 1] >= 0:
                _add(out, near, ones[ids[at + width - 1]], ids[at + width - 1])
            _side(i, 2, south, below[x], out, near, same_room, openings, ones)
            if open_se and ids[at + width + 1] >= 0:
                _add(out, near, ones[ids[at + width + 1]], ids[at + width + 1])
            steps.append(tuple(out))
            touches.append(tuple(near))
            open_sides.append(same_room)
        openings.sort()  # by square, then side: the order of one pass N, E, S, W
        return tuple(steps), tuple(touches), open_sides, tuple(openings)

    def _rooms(self, open_sides: list[list[int]]):
        """``room[i]`` and ``rooms``: squares joined by open edges, numbered in order."""
        room = [-1] * self.size
        rooms: list[tuple[int, ...]] = []
        for start in range(self.size):
            if room[start] >= 0:
                continue
            room[start] = len(rooms)
            members = [start]
            for a in members:
                for b in open_sides[a]:
                    if room[b] < 0:
                        room[b] = len(rooms)
                        members.append(b)
            rooms.append(tuple(sorted(members)))
        return tuple(room), tuple(rooms)

    @property
    def dist(self) -> Sequence[tuple[int, ...]]:
        """``dist[a][b]``: the fewest steps from ``a`` to ``b`` (a window is one step),
        UNREACHABLE when there is no way; each row worked out when first asked, since
        a game built on a fresh map asks about a few squares only."""
        if self._dist is None:
            self._dist = DistanceRows(self.touches)  # the squares of each one's steps
        return self._dist

    # -------------------------------------------------------------- queries
    def label(self, i: int) -> str:
        """``r3c12``: the square's 0-based row and column."""
        r, c = self.rc[i]
        return f"r{r}c{c}"

    def side(self, i: int, side: int) -> str:
        """The kind of edge on ``side`` (``core.tiles`` order: N, E, S, W) of square ``i``."""
        r, c = self.rc[i]
        dr, dc = SIDES[side]
        return self._edges[2 * r + 1 + dr, 2 * c + 1 + dc]

    def edge(self, a: int, b: int) -> str:
        """The kind of edge between two orthogonally adjacent squares."""
        (ra, ca), (rb, cb) = self.rc[a], self.rc[b]
        if abs(ra - rb) + abs(ca - cb) != 1:
            raise ValueError(
                f"{self.title}: {self.label(a)} and {self.label(b)} share no edge: "
                f"they are not orthogonal neighbours"
            )
        return self._edges[ra + rb + 1, ca + cb + 1]

    def reach(
        self, a: int, budget: int, no_pass: Collection[int] = (), no_stop: Collection[int] = ()
    ) -> dict[int, int]:
        """{square: cheapest cost} for every square a move of at most ``budget``
        actions from ``a`` may end on, passing through no square of ``no_pass``
        and ending on none of ``no_stop``; ``a`` itself is left out; in order of
        cost, then of the search."""
        squares, costs = self.moves(a, budget, no_pass, no_stop)
        return dict(zip(squares, costs, strict=True))

    def moves(
        self, a: int, budget: int, no_pass: Collection[int] = (), no_stop: Collection[int] = ()
    ) -> tuple[list[int], list[int]]:
        """``reach`` as two lists in step, the squares and their costs: what the
        rules ask every move, with no dict built."""
        barred, kept = self._barred, self._kept
        for j in no_pass:
            barred[j] = True
        for j in no_stop:
            kept[j] = False
        found = self._search(a, budget)
        for j in no_pass:
            barred[j] = False
        for j in no_stop:
            kept[j] = True
        return found

    def _search(self, a: int, budget: int) -> tuple[list[int], list[int]]:
        """The squares and costs of the cheapest moves from ``a`` within ``budget``,
        in order of cost, going on from no square ``_barred`` marks and ending on
        none ``_kept`` leaves out.

        Written for the compiled build, which runs it as native loops: the best
        costs are kept in one list per map (-1: not reached, a small int the
        compiled build need not allocate), set back as found, and the steps read
        as typed (square, cost) pairs."""
        steps, best, barred, kept = self.steps, self._best, self._barred, self._kept
        best[a] = 0
        seen: list[int] = [a]
        buckets: list[list[int]] = [seen[:]]
        for _ in range(budget):
            buckets.append([])
        squares: list[int] = []
        costs: list[int] = []
        for cost in range(budget + 1):
            for i in buckets[cost]:
                if best[i] != cost:
                    continue
                if i != a:
                    if kept[i]:
                        squares.append(i)
                        costs.append(cost)
                    if barred[i]:
                        continue
                for j, step in steps[i]:
                    new = cost + step
                    if new <= budget:
                        old = best[j]
                        if old < 0 or new < old:
                            if old < 0:
                                seen.append(j)
                            best[j] = new
                            buckets[new].append(j)
        for j in seen:
            best[j] = -1
        return squares, costs

    def line(self, a: int, b: int) -> list[int]:
        """The squares the segment from the centre of ``a`` to the centre of ``b``
        touches, in order from ``a`` (positions without a square left out)."""
        (ra, ca), (rb, cb) = self.rc[a], self.rc[b]
        ids = self.ids
        found = (ids.get((ra + dr, ca + dc)) for dr, dc in supercover(rb - ra, cb - ca))
        return [i for i in found if i is not None]

    def sees(self, a: int, b: int) -> bool:
        """Whether a ranged attack from ``a`` may reach ``b`` (pieces aside)."""
        size = self.size
        if not self._sight:
            self._sight = bytearray(size * size)
        seen = self._sight[a * size + b]
        if not seen:
            (ra, ca), (rb, cb) = self.rc[a], self.rc[b]
            grid, width, touches = self._grid, self.width + 2, self.touches
            # every square the segment touches is one, each melee-adjacent to the last
            # (the segment stays in the box of a and b: no position off the grid)
            path = supercover(rb - ra, cb - ca)  # from (0, 0): from a itself
            clear, last = True, a
            for k in range(1, len(path)):
                dr, dc = path[k]
                x = grid[(ra + dr + 1) * width + ca + dc + 1]
                if x < 0 or x not in touches[last]:
                    clear = False
                    break
                last = x
            seen = 2 if clear else 1
            self._sight[a * size + b] = self._sight[b * size + a] = seen
        return seen == 2

    def in_sight(self, a: int, reach: int) -> tuple[int, ...]:
        """The squares but ``a`` within ``reach`` king moves that ``a`` sees, in
        ascending order (row by row); kept, since a ranged weapon asks it every
        action."""
        kept = self._in_sight.get(reach)
        if kept is None:
            kept = self._in_sight[reach] = [None] * self.size
        found = kept[a]
        if found is None:
            r, c = self.rc[a]
            grid, width = self._grid, self.width + 2
            near = []
            for y in range(max(0, r - reach), min(self.height, r + reach + 1)):
                for x in range(max(0, c - reach), min(self.width, c + reach + 1)):
                    b = grid[(y + 1) * width + x + 1]
                    if b >= 0 and b != a and self.sees(a, b):
                        near.append(b)
            found = kept[a] = tuple(near)
        return found

    def ascii(self, marks: Mapping[int, str] | None = None) -> str:
        """The map as text, some squares drawn as other characters (pieces, tokens)."""
        at = self.rc
        drawn = (((2 * at[i][0] + 1, 2 * at[i][1] + 1), m) for i, m in (marks or {}).items())
        return "\n".join(draw(self.lines, drawn))

    def rotated(self, turns: int) -> WallGrid:
        """The map turned ``turns`` quarter turns clockwise: west comes to the north."""
        rows = self.lines
        for _ in range(turns % 4):
            rows = tuple("".join(row[j] for row in reversed(rows)) for j in range(len(rows[0])))
        return WallGrid(rows, self.legend, title=self.title)

    @classmethod
    def compose(
        cls,
        pieces: Iterable[tuple[WallGrid, int, int]],
        *,
        fill: str = "#",
        title: str = "composed map",
        **extra,
    ):
        """One grid from pieces placed with their top-left square at (row, col).

        Where two pieces touch, their shared edge is open where both have an
        arrow and a wall everywhere else; an arrow facing no piece stays an
        arrow.  Positions no piece covers become ``fill`` (no square).  The
        result is cut to the squares' bounding box; ``origin`` is the (row,
        col) of its top-left square in the pieces' coordinates.  ``extra``
        goes to the constructor (a subclass's own arguments).
        """
        placed = list(pieces)
        if not placed:
            raise ValueError(f"{title}: no piece to compose")
        legend = joint_legend(placed, fill, title)
        top = min(row for _, row, _ in placed)
        left = min(col for _, _, col in placed)
        canvas, owner = paint(placed, top, left, title)
        lines, y_min, x_min = cut(canvas, owner, legend, fill, title)
        origin = (top + y_min // 2, left + x_min // 2)
        return cls(lines, legend, title=title, origin=origin, **extra)

    def __repr__(self) -> str:
        return f"WallGrid({self.title!r}, {self.height}x{self.width}, {self.size} squares)"
