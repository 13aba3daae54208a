"""No identifier reaches a person: whole seeded games of every env, played through
the terminal seat and through the browser seat's view, show none of the names the
declarations give decision kinds, action blocks and options (those with an
underscore, as whole words: ``place_location``, ``give_to``, ``max_rounds``) and
no raw Python value (``None``, ``True``, a list's or a dict's repr).

Each offending string is named with where it was shown, so whoever words that
part of the game knows what is left to reword.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest

from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs.play.terminal import TerminalGame
from zombie_envs.registry import engine_class
from zombie_envs.web.session import GameStore

_NUMBER = r"-?\d+(?:\.\d+)?"
_ITEM = rf"(?:{_NUMBER}|'[^']*'|\"[^\"]*\")"
#: what Python prints for its values, where prose never looks like it
REPRS = (
    r"(?<!\w)(?:None|True|False)(?!\w)",
    rf"\[(?:{_ITEM}(?:, {_ITEM})*)?\]",  # [], [5, 1], ['a']; not [3/6]
    r"\{['\"}]",  # {}, {'a': 1}
    r" object at 0x",
    r"(?<!\w)np\.\w+\(",
)

#: the keys of the browser's view that are not shown as words: the game's id
NOT_SHOWN = frozenset({"id"})


def identifiers(env_name: str) -> set[str]:
    """The names with an underscore that the game's declaration and action layout
    give its decision kinds, action blocks and options."""
    cls = engine_class(env_name)
    game = cls.game_type
    names = {d.name for d in game.decisions} | {o.name for o in game.options}
    names |= {b.name for b in cls.action_layout.blocks}
    return {n for n in names if "_" in n}


def finder(env_name: str) -> re.Pattern:
    """What offends in a line shown for ``env_name``: an identifier, a repr."""
    words = [rf"(?<!\w){re.escape(name)}(?!\w)" for name in sorted(identifiers(env_name))]
    return re.compile("|".join([*words, *REPRS]))


def offences(found: re.Pattern, shown: list[tuple[str, str]]) -> list[str]:
    """Each line shown that holds an identifier or a repr, once, with where it was
    first shown and what in it offends."""
    out, seen = [], set()
    for where, text in shown:
        for line in text.splitlines():
            hits = sorted({m.group(0) for m in found.finditer(line)})
            if hits and line not in seen:
                seen.add(line)
                out.append(f"{where}: {', '.join(hits)} in {line.strip()!r}")
    return out


def check(env_name: str, shown: list[tuple[str, str]]) -> None:
    bad = offences(finder(env_name), shown)
    assert not bad, f"{len(bad)} lines shown to a person name identifiers:\n" + "\n".join(bad)


def settings(env_name: str) -> Iterator[tuple[int, int, dict]]:
    """``(seat, players, options)`` for the games walked: the first two seats (a
    role each where the game has roles), the short games' options, and every
    other board of an option that chooses the board."""
    cls = engine_class(env_name)
    quick = dict(cls.game_type.quick_options)
    boards = [quick]
    for option in cls.game_type.options:
        if option.board:
            boards += [{**quick, option.name: v} for v in option.choices if v != option.default]
    for options in boards:
        yield 0, cls.min_players, options
        yield 1, cls.default_players, options


def test_the_finder_names_identifiers_and_reprs_not_prose():
    found = finder("mall_of_horror_v0")
    shown = [
        ("a", "to act: red (place_location)\n 1 Restroom  [3/3] zombies  0"),
        ("b", "give_to red; max_rounds=6"),
        ("c", "scores [5, 1]; hand ['Axe']; {'a': 1}; {}; got None, True"),
        ("d", "Nonetheless true: 3 places left, give to red (re.P) [4/6], place_locations"),
    ]
    assert offences(found, shown) == [
        "a: place_location in 'to act: red (place_location)'",
        "b: give_to, max_rounds in 'give_to red; max_rounds=6'",
        "c: None, True, ['Axe'], [5, 1], {', {} in "
        "\"scores [5, 1]; hand ['Axe']; {'a': 1}; {}; got None, True\"",
    ]


class Transcript:
    """The terminal's output, each text kept with where it was shown (the game's
    setting and its move), and the person: ``help`` at the first decision of each
    kind, then a random choice's key."""

    def __init__(self, setting: str, seed: int):
        self.setting = setting
        self.rng = random.Random(seed)
        self.shown: list[tuple[str, str]] = []
        self.kinds: set[str] = set()
        self.game: TerminalGame | None = None

    def write(self, text: str) -> None:
        moves = len(self.game.seated.actions) if self.game else 0
        self.shown.append((f"terminal, {self.setting}, move {moves}", text))

    def flush(self) -> None:
        pass

    def __call__(self, prompt: str) -> str:
        g = self.game.seated.engine
        if g.decision not in self.kinds:  # what the decision's blocks mean
            self.kinds.add(g.decision)
            return "help"
        return self.rng.choice(self.game.seated.choices()).key


def named(seat: int, players: int, options: dict) -> str:
    return ", ".join([f"seat {seat} of {players}", *(f"{k}={v}" for k, v in options.items())])


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_the_terminal_seat_shows_no_identifier(env_name, monkeypatch):
    """Every screen, story line, phase line, help and result of whole games."""
    game = declared(env_name, monkeypatch)
    shown, kinds = [], set()
    for seat, players, options in settings(env_name):
        out = Transcript(named(seat, players, options), seat)
        out.game = TerminalGame(
            env_name, seat, ["random"], players, 7, options=options, input_fn=out, output=out
        )
        assert out.game.play()["finished"]
        shown += out.shown
        kinds |= out.kinds
    # the games went through several kinds of decision (each kind of a game of fewer)
    assert len(kinds) >= min(3, len(game.decisions))
    assert any("GAME OVER" in text for _, text in shown)
    check(env_name, shown)


def strings(value, where: str) -> Iterator[tuple[str, str]]:
    """Every string of the browser's view with its path in it; of the board's SVG
    only what is shown as words (text and titles), not its markup."""
    if isinstance(value, dict):
        for key, item in value.items():
            path = f"{where}{'' if where.endswith(' ') else '.'}{key}"
            if key == "board":
                yield from svg_words(item, path)
            elif key not in NOT_SHOWN:
                yield from strings(item, path)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from strings(item, f"{where}[{i}]")
    elif isinstance(value, str):
        yield where, value


def svg_words(svg: str, where: str) -> Iterator[tuple[str, str]]:
    for element in ET.fromstring(svg).iter():
        tag = element.tag.rsplit("}", 1)[-1]
        for text in (element.text, element.tail):
            if text and text.strip():
                yield f"{where} <{tag}>", text


@pytest.mark.parametrize("env_name", ENV_NAMES)
def test_the_browser_seat_shows_no_identifier(env_name, tmp_path, monkeypatch):
    """Every view of whole games: phase, text board, legend, story, choices and
    their groups, result, and the board picture's words."""
    declared(env_name, monkeypatch)
    shown, store = [], GameStore(tmp_path, ratings=False)
    for seat, players, options in settings(env_name):
        rng, where = random.Random(seat), f"browser, {named(seat, players, options)}"
        game = store.create(
            env_name=env_name, seat=seat, opponents=["random"], players=players,
            name="ann", options=options, seed=7,
        )  # fmt: skip
        while True:
            view = store.view(game.id)
            shown += strings(view, f"{where}, move {view['move']}, ")
            if view["result"] is not None:
                break
            groups = view["decision"]["groups"]
            choice = rng.choice([c for group in groups for c in group["choices"]])
            store.act(game.id, view["move"], choice["action"])
    assert any(where.endswith("<text>") for where, _ in shown)
    check(env_name, shown)
