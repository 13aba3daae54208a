"""Maul of America's choices as a person makes them, one function an action block:
what to type (a square's name, a compass word; ``""`` where a letter will do),
the words shown, other words that pick it, a detail (a cost), the place of the
picture a click on which picks it, and the places to light up while pointing at
it (``picture``'s keys).  Only public state is read: the pending decision's own
seat's hand is what its holder sees.  ``CHOICES`` is the narrator's ``by_block``
table, checked against the action layout when the narrator class is made."""

from __future__ import annotations

from ...core.compass import SHORT, SIDE_WORDS
from ...core.narration import count
from ...core.tiles import rotate
from . import places
from .actions import END_TURN, ESCAPE, REST, SEARCH, USE_MEDKIT
from .cards import AMMO_CARD, AREA, DODGE, EQUIPMENT, HAND_NAMES, MEDKIT, SEARCH_NAMES, WEAPONS
from .declaration import KIND
from .maul import FACES, SLOTS
from .steps import DIRECTION_NAMES
from .text import seat_name


def _actions(n: int) -> str:
    return count(n, "action")


def _square(g, v: int, text: str, preview=()) -> tuple:
    """A choice of square ``v``: typed and clicked by its name."""
    key = places.square(g.maul, v)
    return key, text, (), "", key, tuple(places.square(g.maul, w) for w in preview)


def _by_decision(g, v: int) -> tuple:
    """The square block, read by the pending decision."""
    maul, name = g.maul, g.maul.name(v)
    if g.decision == KIND.target:
        s, shot = g.active, g.shot
        area = g.area(g.pos[s], v, shot) if shot >= 0 and AREA[shot] else [v]
        weapon = "bare hands" if shot < 0 else f"the {SEARCH_NAMES[shot]}"
        return _square(g, v, f"attack {name} with {weapon}", area)
    if g.decision == KIND.designate:
        return _square(g, v, maul.exit_name(v)[0].upper() + maul.exit_name(v)[1:], maul.way_out[v])
    if g.decision == KIND.destination:
        start = g.z_square
        if v == start:
            return _square(g, v, f"the zombie stays on {name}", [v])
        cost = g.zombie_stops(start, g.z_budget)[v]
        key, text, names, _, place, preview = _square(
            g, v, f"the zombie goes to {name}", [start, v]
        )
        return key, text, names, _actions(cost), place, preview
    verb = {KIND.start: "start on", KIND.place_zombie: "a zombie on", KIND.spawn: "a zombie on"}
    return _square(g, v, f"{verb[g.decision]} {name}", [v])


def _step(g, d: int) -> tuple:
    s = g.active
    w, cost = g.moves[g.pos[s]][d]
    to = places.square(g.maul, w)
    window = " (a display window)" if cost > 1 else ""
    return (SHORT[d], f"move {DIRECTION_NAMES[d]} to {g.maul.name(w)}", (DIRECTION_NAMES[d], to),
            _actions(cost) + window + _search_note(g, s, w), to,
            (places.square(g.maul, g.pos[s]), to))  # fmt: skip


def _search_note(g, s: int, v: int) -> str:
    """What a step's list says of a search square it ends on: one ``s`` searched
    last is not searched again until it has searched another (MOA-097)."""
    if v not in g.search_squares:
        return ""
    return ", a search square" + (" (searched last)" if g.searched[s] == v else "")


def _act(g, what: int) -> tuple:
    if what == END_TURN:
        return "", "end the turn", ("end",), "", "", ()
    s = g.active
    here = places.square(g.maul, g.pos[s])
    if what == SEARCH:
        return "", f"search {g.maul.name(g.pos[s])}", ("search",), _actions(1), here, (here,)
    if what == USE_MEDKIT:
        return (
            "",
            "use a Medkit: heal every wound",
            ("medkit",),
            _actions(1),
            places.item(s, MEDKIT),
            (),
        )
    if what == REST:
        return "", "rest at the Food Court: heal a wound, the turn ends", ("rest",), "", here, ()
    assert what == ESCAPE
    way = tuple(places.square(g.maul, v) for v in g.maul.way_out[g.exit])
    return "", f"escape by {g.maul.exit_name(g.exit)}", ("escape",), _actions(1), here, way


def _attack_with(g, offset: int) -> tuple:
    s = g.active
    weapon = -1 if offset == 0 else WEAPONS[offset - 1]
    aims = tuple(places.square(g.maul, v) for v in g.targets(s, weapon))
    if weapon < 0:
        return "", "attack with bare hands", ("hands",), _actions(1), "", aims
    name = SEARCH_NAMES[weapon]
    return "", f"attack with the {name}", (name,), _actions(1), places.item(s, weapon), aims


def _card(g, k: int) -> tuple:
    return "", f"play {HAND_NAMES[k]}", (HAND_NAMES[k],), "", places.card(k), ()


def _seat(g, offset: int) -> int:
    return (g.current_player + 1 + offset) % g.num_players


def _trade_with(g, offset: int) -> tuple:
    p = _seat(g, offset)
    where = places.square(g.maul, g.pos[p])
    return "", f"trade with {seat_name(p)}", (), _actions(1), where, (where,)


def _give(g, offset: int, take: bool = False) -> tuple:
    kind, partner = EQUIPMENT[offset], g.trade[0]
    owner = partner if take else g.active
    verb = f"ask {seat_name(partner)} for" if take else "offer"
    return "", f"{verb} {SEARCH_NAMES[kind]}", (), "", places.item(owner, kind), ()


def _trade_end(g, offset: int) -> tuple:
    partner, give, take = g.trade
    if offset:
        return "", "call the trade off", ("call off",), "", "", ()
    gives = ", ".join(SEARCH_NAMES[k] for k in give) or "nothing"
    takes = ", ".join(SEARCH_NAMES[k] for k in take) or "nothing"
    return "", f"propose it to {seat_name(partner)}: {gives} for {takes}", ("propose",), "", "", ()


def _answer(g, offset: int) -> tuple:
    if g.decision == KIND.dodge:
        if offset == 0:
            return "", "play Dodge", ("yes", "dodge"), "", places.card(DODGE), ()
        return "", "take the wound", ("no",), "", "", ()
    return (
        "",
        ("accept the trade", "refuse the trade")[offset],
        (("yes", "no")[offset],),
        "",
        "",
        (),
    )


def _reload(g, offset: int) -> tuple:
    s, weapon = g.active, g.shot
    if offset == 0:
        return "", f"discard the empty {SEARCH_NAMES[weapon]}", (), "", places.item(s, weapon), ()
    return (
        "",
        f"discard an Ammo to reload the {SEARCH_NAMES[weapon]}",
        ("Ammo",),
        "",
        places.item(s, AMMO_CARD),
        (),
    )


def _activate(g, v: int) -> tuple:
    key = places.square(g.maul, v)
    return key, f"move the zombie on {g.maul.name(v)}", (), "", key, (key,)


def _enter(g, v: int) -> tuple:
    """A reinforcement at exit ``v``: typed by the square's name unless a zombie
    there may be moved too (that one then takes the name, this one ``in r0c0``)."""
    key = places.square(g.maul, v)
    shared = any(u == v and not done for u, done in zip(g.zombies, g.zdone, strict=True))
    typed = f"in {key}" if shared else key
    return typed, f"bring a zombie in at {g.maul.name(v)}", (), "", key, (key,)


def _bite(g, offset: int) -> tuple:
    p = _seat(g, offset)
    where = places.square(g.maul, g.pos[p])
    text = f"the zombie attacks {seat_name(p)}"
    return "", text, (seat_name(p),), "", where, (places.square(g.maul, g.z_square), where)


def _face(g, f: int) -> tuple:
    return "", f"map section {FACES[f].name}", (FACES[f].name.split()[0],), "", places.face(f), ()


def _placement(g, offset: int) -> tuple:
    """Where the section goes, by the placed section it lies beside, and where its
    arrows end up at that turn."""
    (row, col), turns = SLOTS[offset // 4], offset % 4
    placed = {(r, c): f for f, r, c, _ in g.plan}
    side, next_to = next(
        (k, placed[row - dr, col - dc])
        for k, (dr, dc) in enumerate(((-1, 0), (0, 1), (1, 0), (0, -1)))
        if (row - dr, col - dc) in placed
    )
    turned = rotate(FACES[g.face].arrows, turns)
    sides = [k for k in range(4) if turned[k]]
    where = f"{SIDE_WORDS[side]} of {FACES[next_to].name.split()[0]}"
    turn = f"turned {90 * turns} degrees clockwise" if turns else "not turned"
    detail = "arrows " + " and ".join(SIDE_WORDS[k] for k in sides)
    preview = (places.slot(row, col),) + tuple(places.slot(row, col, k) for k in sides)
    return "", f"{where}, {turn}", (), detail, places.slot(row, col), preview


CHOICES = {
    "square": _by_decision,
    "step": _step,
    "act": _act,
    "attack_with": _attack_with,
    "card": _card,
    "trade_with": _trade_with,
    "give": _give,
    "take": lambda g, offset: _give(g, offset, take=True),
    "trade_end": _trade_end,
    "answer": _answer,
    "reload": _reload,
    "activate": _activate,
    "enter": _enter,
    "bite": _bite,
    "pass": lambda g, offset: ("", "no attack", ("pass",), "", "", ()),
    "face": _face,
    "placement": _placement,
}
