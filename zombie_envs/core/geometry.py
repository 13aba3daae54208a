"""Grid geometry that needs no map: the squares a straight line crosses, which
``WallGrid`` reads for its lines of sight."""

from __future__ import annotations

from functools import cache


@cache
def supercover(dr: int, dc: int) -> tuple[tuple[int, int], ...]:
    """The (row, col) offsets a segment from the centre of square (0, 0) to the
    centre of (dr, dc) touches, in order; through a grid corner both squares
    beside it, the horizontal neighbour first."""
    rows, cols = abs(dr), abs(dc)
    sr, sc = (dr > 0) - (dr < 0), (dc > 0) - (dc < 0)
    r = c = crossed_r = crossed_c = 0
    out = [(0, 0)]
    while crossed_r < rows or crossed_c < cols:
        # it crosses the next column line at t = (2 crossed_c + 1) / (2 cols) and the next
        # row line at t = (2 crossed_r + 1) / (2 rows): compare them cross-multiplied
        at_col, at_row = (1 + 2 * crossed_c) * rows, (1 + 2 * crossed_r) * cols
        if at_col == at_row:
            out += [(r, c + sc), (r + sr, c)]
            r, c, crossed_r, crossed_c = r + sr, c + sc, crossed_r + 1, crossed_c + 1
        elif at_col < at_row:
            c, crossed_c = c + sc, crossed_c + 1
        else:
            r, crossed_r = r + sr, crossed_r + 1
        out.append((r, c))
    return tuple(out)
