"""Game records: writing, reading, exact replays, refusals, and the replay viewer."""

from __future__ import annotations

import argparse
import io
import json
import random

import numpy as np
import pytest

import zombie_envs
from tests.envs_under_test import ENV_NAMES, declared
from zombie_envs import __version__
from zombie_envs.agents import make_agent
from zombie_envs.arena import play_game
from zombie_envs.cli import replay
from zombie_envs.core.narration import narrator_of, number
from zombie_envs.core.record import FORMAT, FORMAT_VERSION, UnverifiedRecordWarning, record_check
from zombie_envs.match import run_tournament
from zombie_envs.play.terminal import TerminalGame
from zombie_envs.records import (
    chance_events,
    public_action_text,
    read_records,
    replay_record,
    stamped_record,
    write_records,
)
from zombie_envs.registry import engine_class

GAMES = {"mall_of_horror_v0": 4, "we_are_dead_v0": 3}


def played(env: str, seed: int = 7, kinds=("heuristic", "random")):
    """A finished bot game and its record, at the game's default table."""
    n = engine_class(env).default_players
    agents = [make_agent(kinds[s % len(kinds)], env, seed + s) for s in range(n)]
    result = play_game(env, agents, seed)
    seats = [kinds[s % len(kinds)] for s in range(n)]
    record = stamped_record(
        env,
        n,
        result.game.options,
        seed,
        seats,
        result.actions,
        result.scores,
        result.winners,
        finished=True,
        game_index=3,
    )
    return result, record


def test_record_fields_and_extras():
    result, record = played("mall_of_horror_v0")
    assert record["format"] == FORMAT and record["format_version"] == FORMAT_VERSION
    assert record["env"] == "mall_of_horror_v0"
    assert record["engine_version"] == engine_class("mall_of_horror_v0").version
    assert record["package_version"] == __version__
    assert record["actions"] == result.actions and len(record["actions"]) == result.moves
    assert record["result"] == {"scores": result.scores, "winners": result.winners}
    assert record["finished"] is True and record["game_index"] == 3
    assert json.loads(json.dumps(record)) == record
    # a game name is stored as its env name
    assert stamped_record("we_are_dead", 2, {}, 1, ["a", "b"], [], [0, 0], [])["env"] == (
        "we_are_dead_v0"
    )
    with pytest.raises(ValueError, match="one name per seat"):
        stamped_record("we_are_dead_v0", 3, {}, 1, ["a", "b"], [], [0, 0, 0], [])


@pytest.mark.parametrize("env", ENV_NAMES)
def test_replay_is_exact(env, monkeypatch):
    cls = declared(env, monkeypatch).engine_cls
    result, record = played(env)
    assert replay_record(record).to_dict() == result.game.to_dict()
    k = len(record["actions"]) // 2
    g = cls(cls.default_players, seed=record["seed"])
    for a in record["actions"][:k]:
        g.apply(a)
    assert replay_record(record, upto=k).to_dict() == g.to_dict()


def test_file_round_trip_appends(tmp_path):
    _, a = played("mall_of_horror_v0", 1)
    _, b = played("we_are_dead_v0", 2)
    path = tmp_path / "deep" / "games.jsonl"
    write_records(path, [a])
    write_records(path, [b])
    assert read_records(path) == [a, b]
    write_records(path, [b], append=False)
    assert read_records(path) == [b]


def test_bad_files_give_clear_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="no game record file at .*missing.jsonl"):
        read_records(tmp_path / "missing.jsonl")
    _, good = played("mall_of_horror_v0")
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(good) + "\n\n{not json\n")
    with pytest.raises(ValueError, match=r"bad.jsonl, line 3 is not valid JSON"):
        read_records(path)
    path.write_text(json.dumps(good) + "\n" + "[" * 100_000 + "]" * 100_000 + "\n")
    with pytest.raises(ValueError, match=r"bad.jsonl, line 2: JSON nested 100000 levels"):
        read_records(path)
    path.write_text(json.dumps(good) + "\n" + json.dumps({"hello": 1}) + "\n")
    with pytest.raises(ValueError, match=r"line 2: not a zombie-envs game record"):
        read_records(path)
    path.write_text(json.dumps({**good, "format_version": 9}) + "\n")
    with pytest.raises(ValueError, match=r"line 1: record format version 9"):
        read_records(path)
    lacking = {k: v for k, v in good.items() if k != "seed"}
    path.write_text(json.dumps(lacking) + "\n")
    with pytest.raises(ValueError, match="lacks seed"):
        read_records(path)


def test_foreign_or_broken_records_are_refused():
    _, record = played("mall_of_horror_v0")
    version = engine_class("mall_of_horror_v0").version
    with pytest.raises(ValueError, match=f"engine version 99, this is version {version}"):
        replay_record(sealed({**record, "engine_version": 99}))
    with pytest.raises(ValueError, match="unknown env 'chess_v9'"):
        replay_record(sealed({**record, "env": "chess_v9"}))
    with pytest.raises(ValueError, match="record action 0 does not replay"):
        replay_record(sealed({**record, "actions": [10**6] + record["actions"]}))
    lied = {**record, "result": {"scores": [99, 0, 0, 0], "winners": [0]}}
    with pytest.raises(ValueError, match="does not replay to its result"):
        replay_record(sealed(lied))
    cut = {**record, "actions": record["actions"][:20]}
    with pytest.raises(ValueError, match="game not over"):
        replay_record(sealed(cut))
    assert not replay_record(sealed({**cut, "finished": False})).terminal
    assert replay_record(sealed(lied), upto=10) is not None  # a partial replay checks no result


def sealed(record: dict) -> dict:
    """``record`` with its check recomputed, as a deliberate forger would."""
    return {**record, "check": record_check(record)}


@pytest.mark.parametrize("env", ENV_NAMES)
def test_secret_decisions_are_the_declared_ones(env, monkeypatch):
    cls = declared(env, monkeypatch).engine_cls
    secret = {d.name for d in cls.game_type.decisions if d.secret}
    assert cls.secret_decisions == secret


def test_public_action_text_hides_secret_moves_from_others():
    g = engine_class("mall_of_horror_v0")(4, seed=3)
    seen = set()
    while not g.terminal and len(seen) < 2:
        secret = g.decision in g.secret_decisions
        seen.add(secret)
        mover, action = g.current_player, g.legal[0]
        name = g.action_name(action)
        assert public_action_text(g, mover, action) == name
        other = (mover + 1) % 4
        for viewer in (other, None):
            assert public_action_text(g, viewer, action) == (None if secret else name)
        g.apply(action)
    assert seen == {True, False}


def _cli(argv):
    parser = argparse.ArgumentParser()
    replay.add_commands(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    return args.func(args)


@pytest.mark.parametrize("env", sorted(GAMES))
@pytest.mark.parametrize("viewer", [1, None])
def test_replay_cli_shows_moves_and_hides_other_seats_secrets(env, viewer, tmp_path, capsys):
    result, record = played(env, seed=11, kinds=("heuristic",))
    path = write_records(tmp_path / "games.jsonl", [record])
    argv = ["replay", str(path)] + ([] if viewer is None else ["--seat", str(viewer)])
    assert _cli(argv) == 0
    out = capsys.readouterr().out
    moves = {line.split(":", 1)[0]: line for line in out.splitlines() if line.startswith("move ")}
    assert len(moves) == len(record["actions"])
    g = replay_record(record, upto=0)
    hidden = 0
    for i, action in enumerate(record["actions"]):
        line = moves[f"move {i + 1}/{len(record['actions'])}"]
        name = g.action_name(action)
        if g.current_player != viewer and g.decision in g.secret_decisions:
            assert f"[secret: {g.game_type.by_kind[g.decision].doing}]" in line
            assert name not in line
            hidden += 1
        else:
            assert line.endswith(": " + name)
        g.apply(action)
    assert hidden > 0
    assert g.game_type.text_module.ansi(g, viewer) in out
    end, seat_name = result.game, narrator_of(result.game).name
    scores = ", ".join(f"{seat_name(end, s)} {number(v)}" for s, v in enumerate(result.scores))
    winners = ", ".join(f"{seat_name(end, s)} ({record['seats'][s]})" for s in result.winners)
    assert out.rstrip().endswith(f"final scores: {scores}; winner(s): {winners}")


def test_replay_cli_final_and_step(tmp_path, capsys, monkeypatch):
    _, a = played("mall_of_horror_v0", 1)
    _, b = played("mall_of_horror_v0", 2)
    path = write_records(tmp_path / "games.jsonl", [a, b])
    assert _cli(["replay", str(path), "--game", "1", "--final"]) == 0
    out = capsys.readouterr().out
    assert "move " not in out and f"seed {b['seed']}" in out and "GAME OVER" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\nq\n"))
    assert _cli(["replay", str(path), "--step"]) == 0
    out = capsys.readouterr().out
    assert "move 2/" in out and "move 3/" not in out
    with pytest.raises(SystemExit, match="holds 2 game"):
        _cli(["replay", str(path), "--game", "2"])
    with pytest.raises(SystemExit, match="seat must be 0 to 3"):
        _cli(["replay", str(path), "--seat", "4"])


def test_replay_cli_refuses_another_engine_version(tmp_path):
    _, record = played("we_are_dead_v0")
    path = write_records(tmp_path / "old.jsonl", [sealed({**record, "engine_version": 0})])
    version = engine_class("we_are_dead_v0").version
    with pytest.raises(SystemExit, match=f"engine version 0, this is version {version}"):
        _cli(["replay", str(path)])
    with pytest.raises(SystemExit, match="no game record file"):
        _cli(["replay", str(tmp_path / "nothing.jsonl")])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"seed": [1, 2]}, "seed"),
        ({"seed": {"a": 1}}, "seed"),
        ({"seed": None}, "seed"),
        ({"options": ["board"]}, "options"),
        ({"result": "won"}, "result"),
        ({"result": {"winners": [0]}}, "scores"),
        ({"result": {"scores": ["a", 1, 2, 3], "winners": [0]}}, "scores"),
        ({"result": {"scores": [1, 2, 3, 4], "winners": [7]}}, "winners"),
        ({"seats": 4}, "seats"),
        ({"seats": ["a", "b"]}, "seats"),
        ({"num_players": "4"}, "num_players"),
        ({"env": 3}, "env"),
        ({"finished": "yes"}, "finished"),
        ({"actions": [1, "2"]}, "actions"),
    ],
)
def test_replay_cli_names_the_line_and_field_of_a_mistyped_record(tmp_path, change, field):
    _, good = played("mall_of_horror_v0")
    path = write_records(tmp_path / "games.jsonl", [good, {**good, **change}])
    with pytest.raises(SystemExit, match=rf"games.jsonl, line 2: .*\b{field}\b"):
        _cli(["replay", str(path), "--game", "0"])


def _legal_edit(record) -> dict:
    """The record with one action changed to another legal one such that the
    game still replays legally to the same result (searched from the end)."""
    cls = engine_class(record["env"])
    actions = record["actions"]
    for i in reversed(range(len(actions))):
        g = cls(record["num_players"], seed=record["seed"], **record["options"])
        for a in actions[:i]:
            g.apply(a)
        for other in g.legal:
            if other == actions[i]:
                continue
            edited = actions[:i] + [other] + actions[i + 1 :]
            h = g.clone()
            try:
                for a in edited[i:]:
                    h.apply(a)
            except ValueError:
                continue
            if h.terminal and (h.scores(), h.winners()) == tuple(record["result"].values()):
                return {**record, "actions": edited}
    raise AssertionError("no silent edit found")


@pytest.mark.parametrize("env", sorted(GAMES))
def test_an_edited_record_is_reported_as_changed(env, tmp_path):
    _, record = played(env)
    edited = _legal_edit(record)
    with pytest.raises(ValueError, match="changed after it was written"):
        replay_record(edited)
    with pytest.raises(ValueError, match="changed after it was written"):
        replay_record(edited, upto=3)
    path = write_records(
        tmp_path / "games.jsonl", [record, {**record, "seats": ["me"] * GAMES[env]}]
    )
    assert _cli(["replay", str(path), "--final"]) == 0
    with pytest.raises(SystemExit, match="game 1: record changed after it was written"):
        _cli(["replay", str(path), "--game", "1", "--final"])


def test_records_before_the_check_still_replay_and_new_ones_need_it(tmp_path, capsys):
    """A version-1 record cannot be verified: it replays with a warning, in
    Python and in ``zombie-envs replay``, since an edited action in it would
    replay as another game."""
    result, record = played("mall_of_horror_v0")
    old = {k: v for k, v in record.items() if k != "check"} | {"format_version": 1}
    with pytest.warns(UnverifiedRecordWarning, match="cannot be verified"):
        assert replay_record(old).to_dict() == result.game.to_dict()
    path = write_records(tmp_path / "old.jsonl", [old])
    assert _cli(["replay", str(path), "--final"]) == 0
    err = capsys.readouterr().err
    assert err.startswith(f"warning: {path}, game 0: this record has format version 1")
    unsealed = {k: v for k, v in record.items() if k != "check"}
    with pytest.raises(ValueError, match="lacks check"):
        replay_record(unsealed)


@pytest.mark.parametrize("env", sorted(GAMES))
def test_records_from_the_env_a_tournament_and_the_terminal_seat_replay_alike(
    env, tmp_path, capsys
):
    """One format: a record from ``env.unwrapped.record()``, one a tournament wrote and one
    the terminal seat wrote all open in ``zombie-envs replay`` and replay to their games."""
    n, rng = GAMES[env], random.Random(3)
    aec = zombie_envs.make(env, num_players=n)
    aec.reset(seed=4)
    for _ in aec.agent_iter():
        obs, _, term, trunc, _ = aec.last()
        legal = np.flatnonzero(obs["action_mask"])
        aec.step(None if term or trunc else int(rng.choice(legal)))
    from_env = aec.unwrapped.record()
    run_tournament(env, n, ["random", "heuristic"], n, record_path=tmp_path / "t.jsonl")
    screen = io.StringIO()

    def first_key(prompt: str) -> str:  # the key of the first choice on the last screen
        return screen.getvalue().rsplit("Your decision", 1)[1].splitlines()[1].split()[0]

    seat = TerminalGame(env, 0, ["random"], n, seed=5, input_fn=first_key, output=screen)
    records = [from_env, read_records(tmp_path / "t.jsonl")[0], seat.play()]
    path = write_records(tmp_path / "all.jsonl", records)
    for game, record in enumerate(read_records(path)):
        assert record["result"]["scores"] == [float(v) for v in replay_record(record).scores()]
        _cli(["replay", str(path), "--game", str(game), "--final"])
        assert "winner(s)" in capsys.readouterr().out


@pytest.mark.parametrize("env", sorted(GAMES))
def test_a_record_says_which_events_were_chance(env):
    result, record = played(env)
    events = chance_events(record)
    start = replay_record(record, upto=0)
    first = events[0]  # both games draw the first player before anything else
    assert (first["move"], first["draw"], first["range"]) == (0, "die", GAMES[env])
    assert first["outcome"] == start.order()[0]
    assert any(e["draw"] == "shuffle" and e["move"] == 0 for e in events)
    assert any(e["move"] > 0 for e in events)  # dice and reshuffles during play too
    moves = [e["move"] for e in events]
    assert moves == sorted(moves) and moves[-1] <= len(record["actions"])
    for e in events:
        if e["draw"] == "die":
            assert 0 <= e["outcome"] < e["range"]
        else:
            assert len(e["outcome"]) == e["range"]
