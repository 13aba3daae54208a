"""Policy files are data from anyone: every way a file can be broken gives one
``CheckpointError`` naming the file and the fault, when it is loaded, and a
policy trained with other engine options is refused."""

from __future__ import annotations

import io
import json
import zipfile

import numpy as np
import pytest

from zombie_envs.agents import RandomAgent, make_agent
from zombie_envs.agents.network import CheckpointError, MLPPolicy
from zombie_envs.agents.policy_file import load_policy, policy_entries
from zombie_envs.arena import play_game
from zombie_envs.cli.main import main
from zombie_envs.registry import engine_class

ENV = "mall_of_horror_v0"


def write_policy(path, env=ENV, players=4, hidden=(8,), entries=None, **meta):
    """A small random policy file; ``entries`` replace or add zip entries."""
    cls = engine_class(env)
    sizes = [cls.obs_layout.size, *hidden, cls.action_layout.size]
    rng = np.random.default_rng(0)
    layers = [
        (rng.normal(size=(o, i)), np.zeros(o)) for i, o in zip(sizes, sizes[1:], strict=False)
    ]
    base = {
        "env": env,
        "engine_version": cls.version,
        "num_players": players,
        "obs_size": sizes[0],
        "num_actions": sizes[-1],
        "env_options": {},
    }
    files = policy_entries(MLPPolicy(layers), base | meta)
    files.update(entries or {})
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in files.items():
            zf.writestr(name, data)
    return path


def _npz(**arrays) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **arrays)
    return buf.getvalue()


def _entry(path, name) -> bytes:
    with zipfile.ZipFile(path) as zf:
        return zf.read(name)


def _flip(path, name: str, where: float):
    """Flip one byte inside the compressed data of entry ``name``."""
    with zipfile.ZipFile(path) as zf:
        info = zf.getinfo(name)
    data = bytearray(path.read_bytes())
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    data[start + int(where * (info.compress_size - 1))] ^= 0xFF
    path.write_bytes(bytes(data))
    return path


def _meta(path) -> dict:
    return json.loads(_entry(path, "metadata.json"))


def _with_meta(path, meta) -> dict:
    return {"metadata.json": json.dumps(meta).encode()}


def broken(kind, tmp_path):
    path = write_policy(tmp_path / "p.zip")
    good = _meta(path)
    weights = dict(np.load(io.BytesIO(_entry(path, "policy.npz"))))
    if kind.startswith("flip"):
        _, name, where = kind.split(":")
        return _flip(path, name, float(where)), "corrupt"
    cases = {
        "meta-list": ([good], "metadata"),
        "no-activation": ({k: v for k, v in good.items() if k != "activation"}, "activation"),
        "activation-list": (good | {"activation": ["tanh"]}, "activation"),
        "obs-size-text": (good | {"obs_size": "510"}, "obs_size"),
        "options-list": (good | {"env_options": ["board"]}, "env_options"),
    }
    if kind in cases:
        meta, why = cases[kind]
        return write_policy(path, entries=_with_meta(path, meta)), why
    weights_cases = {
        "truncated-npz": (_entry(path, "policy.npz")[:300], "policy.npz"),
        "object-array": (_npz(**weights | {"w0": np.array([{}], dtype=object)}), "policy.npz"),
        "wrong-shape": (_npz(**weights | {"w0": np.zeros((8, 100))}), "shape"),
        "missing-bias": (_npz(**{k: v for k, v in weights.items() if k != "b1"}), "b1"),
        "nan-weights": (_npz(**weights | {"b0": np.full(8, np.nan)}), "finite"),
        "extra-layer": (
            _npz(**weights, w2=np.zeros((49, 49)), b2=np.zeros(49)),
            "shape",
        ),
        "hint-size-float": (_npz(**weights | {"hint_size": np.float32(2.5)}), "hint_size"),
        "hint-size-negative": (_npz(**weights | {"hint_size": np.int64(-1)}), "hint_size"),
        "hint-size-too-big": (_npz(**weights | {"hint_size": np.int64(9)}), "sizes"),
    }
    data, why = weights_cases[kind]
    return write_policy(path, entries={"policy.npz": data}), why


KINDS = [
    "flip:policy.npz:0.1",
    "flip:policy.npz:0.5",
    "flip:policy.npz:0.9",
    "flip:metadata.json:0.5",
    "meta-list",
    "no-activation",
    "activation-list",
    "obs-size-text",
    "options-list",
    "truncated-npz",
    "object-array",
    "wrong-shape",
    "missing-bias",
    "nan-weights",
    "extra-layer",
    "hint-size-float",
    "hint-size-negative",
    "hint-size-too-big",
]


@pytest.mark.parametrize("kind", KINDS)
def test_a_broken_policy_file_gives_one_clear_error_at_load(kind, tmp_path):
    path, why = broken(kind, tmp_path)
    with pytest.raises(CheckpointError, match=why) as info:
        load_policy(path)
    assert str(path) in str(info.value)


@pytest.mark.parametrize("kind", KINDS)
def test_evaluate_and_tournament_report_a_broken_policy_without_a_traceback(kind, tmp_path):
    path, _ = broken(kind, tmp_path)
    argv = ["--players", "4", "--games", "4", "--no-progress"]
    with pytest.raises(SystemExit, match=str(path)):
        main(["evaluate", str(path), *argv])
    with pytest.raises(SystemExit, match=str(path)):
        main(["tournament", "--agents", "random", f"ckpt:{path}", *argv, "--no-ratings"])


def test_a_policy_trained_with_other_engine_options_is_refused(tmp_path):
    env = "we_are_dead_v0"
    mall = write_policy(tmp_path / "mall.zip", env, 3)  # {}: the defaults, the mall board
    carnival = write_policy(tmp_path / "carnival.zip", env, 3, env_options={"board": "carnival"})
    assert make_agent(f"ckpt:{mall}", env, 0, 3, options={"board": "mall"})
    with pytest.raises(CheckpointError, match=r"trained with board=mall, not board=carnival"):
        make_agent(f"ckpt:{mall}", env, 0, 3, options={"board": "carnival"})
    with pytest.raises(CheckpointError, match=r"trained with board=carnival, not board=mall"):
        make_agent(f"ckpt:{carnival}", env, 0, 3, options={})  # {}: the defaults
    # a path that does not pass the options on is caught at the first move
    agent = make_agent(f"ckpt:{mall}", env, 0, 3)
    with pytest.raises(CheckpointError, match=r"board=mall, not board=carnival"):
        play_game(env, [agent, RandomAgent(1), RandomAgent(2)], 0, board="carnival")
    argv = ["tournament", "--game", env, "--players", "3", "--agents", "random"]
    argv += [f"ckpt:{mall}", "--games", "3", "--no-ratings", "--no-progress"]
    with pytest.raises(SystemExit, match=rf"{mall}.*board=mall, not board=carnival"):
        main(argv + ["--option", "board=carnival", "--out", str(tmp_path / "t")])
    assert main(argv + ["--option", "board=mall", "--out", str(tmp_path / "t")]) == 0
    odd = write_policy(tmp_path / "odd.zip", env, 3, env_options={"weather": 1})
    with pytest.raises(CheckpointError, match="unknown option"):
        make_agent(f"ckpt:{odd}", env, 0, 3)


@pytest.mark.parametrize(
    "arrays, message",
    [
        ({"w0": np.zeros((2, 3)), "b0": np.zeros(2)}, "reads .* inputs and gives one value"),
        ({"w0": np.zeros((1, 3))}, "missing layer b0"),
        ({"w0": np.full((1, 3), np.nan), "b0": np.zeros(1)}, "not finite"),
    ],
)
def test_a_broken_critic_is_refused_naming_its_entry(tmp_path, arrays, message):
    path = write_policy(tmp_path / "p.zip", entries={"value.npz": _npz(**arrays)})
    with pytest.raises(CheckpointError, match=f"value.npz: .*{message}"):
        make_agent(f"ckpt:{path}", ENV, num_players=4)


def test_a_policy_without_a_critic_rolls_out_in_a_search(tmp_path):
    path = write_policy(tmp_path / "p.zip")
    assert make_agent(f"ckpt:{path}", ENV, num_players=4).critic is None
    search = make_agent(f"ismcts:3:ckpt:{path}", ENV, num_players=4)
    assert search.leaf is None and search.rollout.policy is not None


def test_an_empty_folder_as_a_checkpoint_is_a_checkpoint_error(tmp_path):
    from zombie_envs.agents import make_agent

    with pytest.raises(CheckpointError, match=f"{tmp_path} is a folder without policy.zip"):
        make_agent(f"ckpt:{tmp_path}", "mall_of_horror_v0")
    with pytest.raises(SystemExit, match="is a folder without policy.zip"):
        main(["evaluate", str(tmp_path), "--games", "4", "--no-progress"])
    meta = tmp_path / "metadata.json"  # a folder of loose entries is not a policy either
    meta.write_text("{}")
    with pytest.raises(CheckpointError, match="without policy.zip or checkpoint.zip"):
        load_policy(tmp_path)
