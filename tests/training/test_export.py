"""Training from a script of one's own: the documented example runs as the
docs show it, and its model becomes a policy file the suite's tools load."""

from __future__ import annotations

import runpy
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
import torch as th

from tests.training.conftest import TINY
from zombie_envs.agents import make_agent
from zombie_envs.agents.inputs import policy_input
from zombie_envs.agents.network import CheckpointError
from zombie_envs.agents.policy_file import load_critic
from zombie_envs.arena import play_game
from zombie_envs.training.config import from_dict
from zombie_envs.training.sb3.policy import critic_from_model, export_policy, policy_from_model
from zombie_envs.training.train import Trainer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "train_from_python.py"
ENV = "mall_of_horror_v0"


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    """The example's namespace after a 512-step run, and the folder it wrote to."""
    where = tmp_path_factory.mktemp("example")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(where)
        patch.setattr(tempfile, "tempdir", str(where))  # SB3's default log folder
        patch.setattr(sys, "argv", [str(EXAMPLE), "512"])
        return runpy.run_path(str(EXAMPLE), run_name="__main__"), where


def test_the_docs_show_the_example_as_it_is():
    doc = (ROOT / "docs" / "training.md").read_text()
    assert f"```python\n{EXAMPLE.read_text()}```" in doc


def test_the_exported_model_plays_through_the_arena(example):
    namespace, where = example
    agent = make_agent(f"ckpt:{where / 'policy.zip'}", ENV, seed=0, num_players=3)
    assert agent.policy == policy_from_model(namespace["model"])
    assert agent.metadata["steps"] == 512 and agent.metadata["num_players"] == 3
    bots = [make_agent(kind, ENV, seed=1) for kind in ("random", "heuristic")]
    result = play_game(ENV, [agent, *bots], seed=0)
    assert result.game.terminal and result.moves > 0


def test_the_critic_travels_with_the_policy_and_leads_a_search(example):
    """The file keeps the critic (the model's own values, to float32), and
    ``ismcts:N:ckpt:PATH`` then scores leaves with it instead of rolling out."""
    namespace, where = example
    model, path = namespace["model"], where / "policy.zip"
    critic = load_critic(path)
    assert critic == critic_from_model(model) and critic.num_actions == 1
    agent = make_agent(f"ckpt:{path}", ENV, seed=0, num_players=3)
    game = play_game(ENV, [make_agent("random", ENV, seed=s) for s in range(3)], seed=4).game
    obs = th.as_tensor(policy_input_batch(game, agent))
    with th.no_grad():
        expected = model.policy.predict_values(obs).numpy()[:, 0]
    assert np.allclose(agent.values(game), expected, atol=1e-4)
    search = make_agent(f"ismcts:6:ckpt:{path}", ENV, seed=0, num_players=3)
    assert search.leaf is not None and search.rollout is None
    bots = [make_agent("random", ENV, seed=s) for s in (1, 2)]
    assert play_game(ENV, [search, *bots], seed=3).game.terminal


def policy_input_batch(game, agent):
    return np.stack([policy_input(game, s, agent.hinter) for s in range(game.num_players)])


def test_a_stable_baselines3_save_is_refused_naming_export_policy(example, tmp_path):
    namespace, _ = example
    namespace["model"].save(tmp_path / "sb3.zip")
    with pytest.raises(CheckpointError, match=r"stable-baselines3 save.*export_policy\(model"):
        make_agent(f"ckpt:{tmp_path / 'sb3.zip'}", ENV, num_players=3)


def test_export_refuses_what_does_not_fit(example, tmp_path):
    model = example[0]["model"]
    path = tmp_path / "policy.zip"
    with pytest.raises(ValueError, match="reads 510 inputs.*hint='heuristic' gives 559"):
        export_policy(model, path, ENV, 3, hint="heuristic")
    with pytest.raises(ValueError, match="reads 510 inputs.*we_are_dead_v0"):
        export_policy(model, path, "we_are_dead_v0", 3)
    with pytest.raises(ValueError, match="num_players 9 is outside 3-6"):
        export_policy(model, path, ENV, 9)
    with pytest.raises(TypeError, match="takes a MaskablePPO model, got str"):
        export_policy("model.zip", path, ENV, 3)
    assert not path.exists()


def test_a_hinted_model_exports_with_its_hint(tmp_path):
    cfg = from_dict({**TINY, "hint": "heuristic"})
    trainer = Trainer(cfg, tmp_path / "run", progress=False)
    try:
        export_policy(trainer.model, tmp_path / "policy.zip", ENV, 3, hint="heuristic")
        agent = make_agent(f"ckpt:{tmp_path / 'policy.zip'}", ENV, seed=0, num_players=3)
        assert agent.policy == policy_from_model(trainer.model) and agent.hinter is not None
        assert agent.policy.hint_scale == 3.0
    finally:
        trainer.close()
