"""Policy files and ``PolicyAgent``: numpy inference equal to the torch actor,
masked actions only, metadata checked before a policy plays."""

from __future__ import annotations

import re
import zipfile

import numpy as np
import pytest
import torch as th
from sb3_contrib import MaskablePPO

from zombie_envs.agents import make_agent
from zombie_envs.agents.network import CheckpointError, MLPPolicy
from zombie_envs.agents.policy import PolicyAgent
from zombie_envs.agents.policy_file import load_policy, read_metadata
from zombie_envs.match import head_to_head
from zombie_envs.registry import engine_class
from zombie_envs.training.checkpoint import save_policy
from zombie_envs.training.sb3.policy import critic_from_model, policy_from_model
from zombie_envs.training.selfplay import SelfPlayEnv


def _meta(env="mall_of_horror_v0", players=4):
    cls = engine_class(env)
    return {
        "env": env,
        "engine_version": cls.version,
        "num_players": players,
        "obs_size": cls.obs_layout.size,
        "num_actions": cls.action_layout.size,
    }


@pytest.fixture(scope="module")
def model():
    env = SelfPlayEnv("mall_of_horror_v0", 4, {"random": 1.0}, seed=0)
    return MaskablePPO(
        "MlpPolicy",
        env,
        policy_kwargs={"net_arch": [16, 16], "activation_fn": th.nn.ReLU},
        seed=0,
        device="cpu",
    )


def test_numpy_actor_matches_torch(model):
    policy = policy_from_model(model)
    assert policy.activation == "relu"
    game = engine_class("mall_of_horror_v0")(4, seed=3)
    obs = np.stack([game.observation(s) for s in range(4)])
    with th.no_grad():
        dist = model.policy.get_distribution(th.as_tensor(obs, dtype=th.float32))
        want = dist.distribution.logits.numpy()
    got = policy.logits(obs)
    np.testing.assert_allclose(
        got - got.max(1, keepdims=True), want - want.max(1, keepdims=True), atol=1e-4
    )


def test_policy_is_a_copy_of_the_weights(model):
    policy = policy_from_model(model)
    before = policy.logits(np.ones(policy.obs_size))
    with th.no_grad():
        model.policy.action_net.bias += 1.0
    assert np.array_equal(policy.logits(np.ones(policy.obs_size)), before)
    assert policy != policy_from_model(model)


def test_actions_are_always_legal_greedy_and_sampled():
    rng = np.random.default_rng(0)
    policy = MLPPolicy([(rng.normal(size=(5, 3)), rng.normal(size=5))])
    mask = np.array([0, 1, 0, 1, 0], dtype=bool)
    picks = {policy.act(rng.normal(size=3), mask, u) for u in np.linspace(0, 0.999, 50)}
    assert picks <= {1, 3}
    assert policy.act(np.zeros(3), mask) in (1, 3)
    probs = policy.probabilities(np.zeros(3), mask)
    assert probs[[0, 2, 4]].sum() == 0 and probs.sum() == pytest.approx(1.0)


def test_policy_file_round_trip_and_agent(tmp_path, model):
    policy = policy_from_model(model)
    path = tmp_path / "policy.zip"
    save_policy(path, policy, _meta())
    loaded, meta = load_policy(path)
    assert loaded == policy and meta["num_players"] == 4
    assert read_metadata(tmp_path)["env"] == "mall_of_horror_v0"  # a run folder finds policy.zip
    agent = make_agent(f"ckpt:{path}", "mall_of_horror_v0", seed=0, num_players=4)
    assert isinstance(agent, PolicyAgent)
    assert head_to_head("mall_of_horror_v0", 4, agent, "random", 4, progress=False).games == 4


def test_wrong_env_or_players_is_refused(tmp_path, model):
    path = tmp_path / "p.zip"
    save_policy(path, policy_from_model(model), _meta())
    wrong_env = "trained on 'mall_of_horror_v0', not 'we_are_dead_v0'"
    with pytest.raises(CheckpointError, match=wrong_env):
        make_agent(f"ckpt:{path}", "we_are_dead_v0", seed=0)
    with pytest.raises(CheckpointError, match="trained for 4 players, not 3"):
        make_agent(f"ckpt:{path}", "mall_of_horror_v0", seed=0, num_players=3)
    old = _meta() | {"engine_version": 0}
    save_policy(path, policy_from_model(model), old)
    with pytest.raises(CheckpointError, match="engine version 0"):
        PolicyAgent.from_file(path, "mall_of_horror_v0")


def test_bad_files_get_clear_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match="no checkpoint"):
        load_policy(tmp_path / "missing.zip")
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    with pytest.raises(CheckpointError, match="not a zombie-envs checkpoint"):
        load_policy(junk)
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as zf:
        zf.writestr("metadata.json", '{"format": "something-else"}')
    with pytest.raises(CheckpointError, match="not a zombie-envs checkpoint"):
        load_policy(other)
    with zipfile.ZipFile(other, "w") as zf:
        zf.writestr("metadata.json", '{"format": "zombie-envs-policy", "format_version": 99}')
    with pytest.raises(CheckpointError, match="format version 99"):
        load_policy(other)


@pytest.fixture(scope="module", params=[True, False], ids=["hint_input", "hint_apart"])
def hint_model(request):
    """A hinted model whose networks read the hint too (``hint_input``), or the
    observation alone."""
    from zombie_envs.training.sb3.policy import HintExtractor, HintPolicy

    env = SelfPlayEnv("we_are_dead_v0", 3, {"heuristic": 1.0}, hint="heuristic", seed=0)
    return MaskablePPO(
        HintPolicy,
        env,
        policy_kwargs={
            "net_arch": [16],
            "features_extractor_class": HintExtractor,
            "features_extractor_kwargs": {
                "num_actions": env.action_space.n,
                "hint_input": request.param,
            },
        },
        seed=0,
        device="cpu",
    )


def _hinted_states(n=60):
    """Policy inputs (observation + hint) and masks from a heuristic game of We Are Dead."""
    from zombie_envs.agents.inputs import hint_agent, policy_input

    game = engine_class("we_are_dead_v0")(3, seed=1)
    players = [make_agent("heuristic", "we_are_dead_v0", s) for s in range(3)]
    hinter = hint_agent("heuristic", "we_are_dead_v0", 7)
    xs, masks = [], []
    while not game.terminal and len(xs) < n:
        seat = game.current_player
        if len(game.legal) > 1:
            xs.append(policy_input(game, seat, hinter))
            masks.append(game.legal_mask().astype(bool))
        game.apply(players[seat].act(game, seat))
    return np.stack(xs), np.stack(masks)


def test_hint_policy_numpy_matches_torch_and_starts_as_the_heuristic(hint_model):
    policy, critic = policy_from_model(hint_model), critic_from_model(hint_model)
    assert policy.hint_scale == pytest.approx(3.0)
    apart = not hint_model.policy.pi_features_extractor.hint_input
    first_layer = policy.layers[0][0].shape[0]
    assert policy.hint_size == critic.hint_size == (policy.num_actions if apart else 0)
    assert first_layer == policy.obs_size - policy.hint_size  # the hint apart: a narrower layer
    x, masks = _hinted_states()
    tx = th.as_tensor(x, dtype=th.float32)
    with th.no_grad():
        dist = hint_model.policy.get_distribution(tx, masks)
        want = dist.distribution.probs.numpy()
        values = hint_model.policy.predict_values(tx).numpy()[:, 0]
    got = np.stack([policy.probabilities(xi, m) for xi, m in zip(x, masks, strict=True)])
    np.testing.assert_allclose(got, want, atol=1e-4)
    np.testing.assert_allclose(critic.logits(x)[:, 0], values, atol=1e-4)
    hinted = x[:, -policy.num_actions :].argmax(1)
    greedy = [policy.act(xi, m) for xi, m in zip(x, masks, strict=True)]
    assert list(hinted) == greedy  # untrained, it plays the hint


def test_a_larger_hint_scale_puts_more_of_the_untrained_policy_on_the_hint():
    """Among many legal moves a small scale leaves most probability elsewhere;
    ``policy.hint_scale`` sets where the learned scale starts."""
    from zombie_envs.training.sb3.policy import HintExtractor, HintPolicy

    env = SelfPlayEnv("we_are_dead_v0", 3, {"heuristic": 1.0}, hint="heuristic", seed=0)
    x, masks = _hinted_states()
    on_hint = {}
    for scale in (3.0, 8.0):
        model = MaskablePPO(
            HintPolicy,
            env,
            policy_kwargs={
                "net_arch": [16],
                "features_extractor_class": HintExtractor,
                "features_extractor_kwargs": {"num_actions": env.action_space.n},
                "hint_scale": scale,
            },
            seed=0,
            device="cpu",
        )
        policy = policy_from_model(model)
        assert policy.hint_scale == pytest.approx(scale)
        probs = [policy.probabilities(xi, m) for xi, m in zip(x, masks, strict=True)]
        hinted = x[:, -policy.num_actions :].argmax(1)
        on_hint[scale] = np.mean([p[h] for p, h in zip(probs, hinted, strict=True)])
    assert on_hint[8.0] > 0.9 > on_hint[3.0]


def test_hint_checkpoint_metadata_sizes(tmp_path, hint_model):
    path = tmp_path / "p.zip"
    cls = engine_class("we_are_dead_v0")
    obs, actions = cls.obs_layout.size, cls.action_layout.size
    policy = policy_from_model(hint_model)
    meta = _meta("we_are_dead_v0", 3) | {"obs_size": obs + actions}  # the hint left out
    save_policy(path, policy, meta)
    with pytest.raises(
        CheckpointError,
        match=f"input/action sizes {obs + actions}/{actions} differ from the env's {obs}",
    ):
        PolicyAgent.from_file(path, "we_are_dead_v0")
    save_policy(path, policy, _meta("we_are_dead_v0", 3))  # sizes that are not the weights'
    wrong = re.escape(f"sizes {[obs + actions, 16, actions]}, but the metadata says")
    with pytest.raises(CheckpointError, match=wrong):
        PolicyAgent.from_file(path, "we_are_dead_v0")
    meta["hint"] = "heuristic"
    save_policy(path, policy, meta)
    agent = PolicyAgent.from_file(path, "we_are_dead_v0", 3, seed=0)
    assert agent.hinter is not None and agent.policy == policy  # hint_size kept in the file
    assert head_to_head("we_are_dead_v0", 3, agent, "random", 3, progress=False).games == 3


def test_a_forced_move_is_played_without_the_network(model, monkeypatch):
    """One legal action needs no forward pass (a third of Mall of Horror's
    decisions); with a choice the network decides as before."""
    agent = PolicyAgent(policy_from_model(model), seed=0)
    calls = []
    real = agent.policy.logits
    monkeypatch.setattr(agent.policy, "logits", lambda x: calls.append(1) or real(x))
    game = engine_class("mall_of_horror_v0")(4, seed=3)
    forced = chosen = 0
    while not game.terminal and not (forced and chosen):
        before = len(calls)
        action = agent.act(game, game.current_player)
        if len(game.legal) == 1:
            assert action == game.legal[0] and len(calls) == before
            forced += 1
        else:
            assert len(calls) == before + 1
            chosen += 1
        game.apply(action)
    assert forced and chosen
