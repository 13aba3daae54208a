"""Board networks: the numpy network plays what torch trained, files stay data,
and a board run trains, saves, resumes and starts other runs."""

from __future__ import annotations

import numpy as np
import pytest
import torch as th

from zombie_envs.agents import make_agent
from zombie_envs.agents.board import BoardNet, board_indices
from zombie_envs.agents.network import CheckpointError
from zombie_envs.agents.policy_file import load_critic, load_policy, policy_metadata
from zombie_envs.arena import play_game
from zombie_envs.registry import engine_class
from zombie_envs.training.boardnet import BoardModel, board_network
from zombie_envs.training.checkpoint import save_policy
from zombie_envs.training.config import ConfigError, from_dict
from zombie_envs.training.sb3.policy import critic_from_model, policy_from_model
from zombie_envs.training.train import Trainer

ENV_WAD = "we_are_dead_v0"
GRID = {"maul_of_america_v0": 3, "we_are_dead_v0": 3, "zombies_mall_walkers_v0": 4}


def _observations(env: str, players: int, decisions: int = 60) -> np.ndarray:
    """Observations of every seat along a random game."""
    game = engine_class(env)(players, seed=3)
    rng = np.random.default_rng(0)
    out = []
    while not game.terminal and len(out) < decisions:
        out += [game.observation(s) for s in range(players)]
        game.apply(int(rng.choice(game.legal)))
    return np.array(out, dtype=np.float32)


@pytest.mark.parametrize("env", sorted(GRID))
def test_the_numpy_board_network_computes_what_torch_does(env):
    cls = engine_class(env)
    th.manual_seed(0)
    actor = BoardModel(cls, cls.action_layout.size, True)
    critic = BoardModel(cls, 1, False)
    x = _observations(env, GRID[env])
    for m in (actor, critic):
        m.encoder.set_scale(x)  # folded into the numpy weights
    with th.no_grad():
        want_logits, want_values = actor(th.as_tensor(x)).numpy(), critic(th.as_tensor(x)).numpy()
    net = board_network(actor.encoder, actor.out, actor.head, "relu")
    value = board_network(critic.encoder, critic.out, None, "relu")
    assert np.allclose(net.logits(x), want_logits, atol=1e-4)
    assert np.allclose(value.logits(x), want_values, atol=1e-4)
    assert np.allclose(net.logits(x[0]), want_logits[0], atol=1e-4)  # one input, unbatched
    assert net.sizes == [cls.obs_layout.size, 128, cls.action_layout.size]


def test_square_choices_are_scored_by_their_own_square():
    """Maul of America's square, activate and enter blocks each give one action
    per square, in square order, and the head adds a term to exactly those."""
    cls = engine_class("maul_of_america_v0")
    idx = board_indices(cls)
    blocks = [b for b in cls.action_layout.blocks if b.name in ("square", "activate", "enter")]
    assert [list(r) for r in idx["head_actions"]] == [list(range(b.start, b.stop)) for b in blocks]
    assert len(idx["scalars"]) + idx["planes"].size == cls.obs_layout.size
    th.manual_seed(0)
    model = BoardModel(cls, cls.action_layout.size, True)
    x = th.as_tensor(_observations("maul_of_america_v0", 3, 5))
    with th.no_grad():
        z = model.encoder(x)
        plain = model.out(z)
        full = model(x)
    moved = (full - plain).abs().sum(0) > 0
    assert set(np.flatnonzero(moved.numpy())) <= set(idx["head_actions"].ravel())
    assert moved[idx["head_actions"].ravel()].all()


def test_a_block_of_k_choices_per_square_gives_k_rows():
    """Mall Walkers' zombie moves: square s, direction d is action 4 s + d of the
    block, so row d holds every square's move d."""
    cls = engine_class("zombies_mall_walkers_v0")
    block = cls.action_layout["zombie"]
    rows = board_indices(cls)["head_actions"]
    assert rows.shape == (4, cls.obs_layout["zombies"].size)
    for d in range(4):
        assert cls.action_layout.locate(int(rows[d, 5])) == (block, 4 * 5 + d)


def test_a_board_policy_file_is_data_and_checked(tmp_path):
    env, cls = "we_are_dead_v0", engine_class("we_are_dead_v0")
    th.manual_seed(0)
    actor = BoardModel(cls, cls.action_layout.size, True)
    critic = BoardModel(cls, 1, False)
    net = board_network(actor.encoder, actor.out, actor.head, "relu")
    path = tmp_path / "board.zip"
    meta = policy_metadata(env, 3, {}, None) | {"steps": 0}
    save_policy(path, net, meta, board_network(critic.encoder, critic.out, None, "relu"))
    loaded, loaded_meta = load_policy(path)
    assert loaded == net and loaded_meta["network"] == "board"
    assert isinstance(load_critic(path), BoardNet)
    agent = make_agent(f"ckpt:{path}", env, 0, 3)
    result = play_game(env, [agent, make_agent("random", env, 1), make_agent("random", env, 2)], 0)
    assert len(result.actions) > 0 and result.game.terminal
    arrays = net.arrays()
    broken = {**arrays, "planes": arrays["planes"] + cls.obs_layout.size}
    with pytest.raises(CheckpointError, match="reads inputs outside"):
        BoardNet(broken, "relu")
    with pytest.raises(CheckpointError, match=r"lacks the arrays \['embed'\]"):
        BoardNet({k: v for k, v in arrays.items() if k != "embed"}, "relu")
    with pytest.raises(CheckpointError, match="sq_w1 has shape"):
        BoardNet({**arrays, "sq_w1": arrays["sq_w1"][:, :3]}, "relu")
    with pytest.raises(CheckpointError, match="unexpected array 'code'"):
        BoardNet({**arrays, "code": np.zeros(1)}, "relu")


def test_board_configs_are_checked():
    with pytest.raises(ConfigError, match="policy.network must be one of"):
        from_dict({"policy": {"network": "transformer"}})
    with pytest.raises(ConfigError, match="has no per-square blocks"):
        from_dict({"env": "mall_of_horror_v0", "policy": {"network": "board"}})
    with pytest.raises(ConfigError, match="hold_actor_until_beats_seat .* imitation.games > 0"):
        from_dict({"ppo": {"hold_actor_until_beats_seat": True}})


BOARD = {
    "env": "we_are_dead_v0",
    "num_players": 3,
    "total_steps": 256,
    "n_envs": 2,
    "vec_env": "dummy",
    "hint": None,
    "policy": {"network": "board", "hidden": [32], "activation": "relu", "square_width": 8},
    "ppo": {"n_steps": 128, "batch_size": 128, "n_epochs": 1},
    "imitation": {"games": 10, "epochs": 2, "samples_per_game": 8},
    "opponents": {"heuristic": 1.0},
    "eval_every": 10**6,
    "eval_games": 3,
    "save_every": 128,
}


def test_a_board_run_warm_starts_saves_resumes_and_starts_another(tmp_path):
    # worker processes: the current policy, a relu board network, is sent to them
    cfg = from_dict({**BOARD, "vec_env": "subproc", "opponents": {"current": 1.0}})
    trainer = Trainer(cfg, tmp_path / "run", progress=False)
    try:
        trainer.train()
    finally:
        trainer.close()
    policy, meta = load_policy(tmp_path / "run" / "policy.zip")
    assert isinstance(policy, BoardNet) and meta["network"] == "board"
    assert policy == policy_from_model(trainer.model)
    assert load_critic(tmp_path / "run" / "policy.zip") == critic_from_model(trainer.model)
    assert meta["imitation"]["held_out"].startswith("test games")
    assert (tmp_path / "run" / "teacher" / "manifest.json").is_file()
    resumed = Trainer.resume(tmp_path / "run", progress=False, total_steps=512)
    try:
        assert policy_from_model(resumed.model) == policy  # the input scales come back too
        resumed.train()
    finally:
        resumed.close()
    assert resumed.steps >= 512
    # a second run starts from the file: the same network, no warm start
    second = from_dict({**BOARD, "imitation": {"games": 0}, "init_from": str(tmp_path / "run")})
    started = Trainer(second, tmp_path / "second", progress=False)
    try:
        assert policy_from_model(started.model) == load_policy(tmp_path / "run")[0]
    finally:
        started.close()


def test_the_actor_waits_for_a_critic_that_beats_the_seat(tmp_path, monkeypatch):
    cfg = from_dict({**BOARD, "ppo": {**BOARD["ppo"], "hold_actor_until_beats_seat": True}})
    trainer = Trainer(cfg, tmp_path, progress=False)
    try:
        figures = [{"value_explained_variance": 0.01, "seat_explained_variance": 0.05}]
        monkeypatch.setattr(trainer, "critic_held_out", lambda: figures[-1])
        trainer.hold_actor(True)
        trainer.critic_caught_up()
        assert trainer.actor_held  # the seat alone explains more: still held
        figures.append({"value_explained_variance": 0.06, "seat_explained_variance": 0.05})
        trainer.critic_caught_up()
        assert not trainer.actor_held
        monkeypatch.undo()
        figures = trainer.critic_held_out()  # on the run's own teacher test games
        assert -1 <= figures["seat_explained_variance"] <= 1
        assert figures["value_explained_variance"] <= 1
    finally:
        trainer.close()


def test_a_clone_without_the_hint_starts_a_run_with_the_hint_as_a_prior(tmp_path):
    """A file fitted without the hint starts a hinted run whose networks skip
    the hint: the same weights, the hint added at ``policy.hint_scale``."""
    cfg = from_dict(BOARD)
    trainer = Trainer(cfg, tmp_path / "plain", progress=False)
    try:
        trainer.save()
    finally:
        trainer.close()
    plain = load_policy(tmp_path / "plain")[0]
    hinted = {**BOARD, "hint": "heuristic", "init_from": str(tmp_path / "plain")}
    hinted["policy"] = {**BOARD["policy"], "hint_scale": 4.0}
    started = Trainer(from_dict(hinted), tmp_path / "hinted", progress=False)
    try:
        policy = policy_from_model(started.model)
    finally:
        started.close()
    x = _observations("we_are_dead_v0", 3, 4)
    hint = np.zeros((len(x), policy.num_actions), dtype=np.float32)
    hint[:, 7] = 1
    assert policy.hint_scale == 4.0 and policy.hint_size == policy.num_actions
    want = plain.logits(x) + 4.0 * hint
    assert np.allclose(policy.logits(np.concatenate([x, hint], axis=1)), want, atol=1e-5)
    with pytest.raises(CheckpointError, match="reads hint None, not 'heuristic'"):
        mlp = {**hinted, "policy": {"hidden": [32], "hint_input": True}}
        Trainer(from_dict(mlp), tmp_path / "mlp", progress=False)


def test_a_shared_encoder_is_the_actors_and_the_critics(tmp_path):
    policy = {**BOARD["policy"], "share_encoder": True}
    trainer = Trainer(from_dict({**BOARD, "policy": policy}), tmp_path, progress=False)
    try:
        sb3 = trainer.model.policy
        assert sb3.pi_features_extractor is sb3.vf_features_extractor
        actor, critic = policy_from_model(trainer.model), critic_from_model(trainer.model)
        assert all(
            np.array_equal(actor.arrays()[k], critic.arrays()[k]) for k in ("sq_w0", "embed")
        )
        trainer.hold_actor(True)  # holding the actor leaves the shared encoder to the critic
        assert all(p.requires_grad for p in sb3.pi_features_extractor.parameters())
        assert not any(p.requires_grad for p in sb3.action_net.parameters())
    finally:
        trainer.close()


def test_the_teacher_loss_keeps_the_actor_near_the_teacher(tmp_path):
    """With ``ppo.teacher_coef`` every PPO update is followed by cross-entropy
    steps toward the teacher's choices: the actor agrees with it more than
    the same run without them."""
    from zombie_envs.training import teacher as td

    agreement = {}
    for coef in (0.0, 20.0):
        config = {**BOARD, "total_steps": 1024}
        config["imitation"] = {**BOARD["imitation"], "fit": "none", "games": 30}
        config["ppo"] = {**BOARD["ppo"], "teacher_coef": coef, "learning_rate": 3e-3, "n_epochs": 4}
        trainer = Trainer(from_dict(config), tmp_path / str(coef), progress=False)
        try:
            trainer.train()
        finally:
            trainer.close()
        assert trainer.imitation["agreement"] < 0.5  # fit: none left the actor untrained
        games = td.load(
            tmp_path / str(coef) / "teacher", td.Collection(ENV_WAD, 3, {}, "heuristic", 0, 8, 30)
        )
        policy = policy_from_model(trainer.model)
        pairs = zip(td.inputs(games, 176, False), td.masks(games, 176), strict=True)
        agreement[coef] = np.mean(np.array([policy.act(o, m) for o, m in pairs]) == games["action"])
    assert agreement[20.0] > agreement[0.0] + 0.15
    with pytest.raises(ConfigError, match="ppo.teacher_coef .* needs imitation.games > 0"):
        from_dict({"ppo": {"teacher_coef": 1.0}})


def test_a_critic_of_another_kind_and_activation_round_trips(tmp_path):
    """A tanh MLP actor shipped with a relu board critic: the file says how to
    read each, so the critic computes what it computed before it was saved."""
    from zombie_envs.agents.network import MLPPolicy

    cls = engine_class("we_are_dead_v0")
    rng = np.random.default_rng(0)
    sizes = [cls.obs_layout.size, 8, cls.action_layout.size]
    layers = [
        (rng.normal(size=(o, i)), rng.normal(size=o))
        for i, o in zip(sizes, sizes[1:], strict=False)
    ]
    actor = MLPPolicy(layers, "tanh")
    th.manual_seed(0)
    model = BoardModel(cls, 1, False)
    critic = board_network(model.encoder, model.out, None, "relu")
    path = tmp_path / "mixed.zip"
    save_policy(path, actor, policy_metadata("we_are_dead_v0", 3, {}, None) | {"steps": 0}, critic)
    meta = load_policy(path)[1]
    assert (meta["critic_network"], meta["critic_activation"]) == ("board", "relu")
    x = _observations("we_are_dead_v0", 3, 5)
    assert np.array_equal(load_critic(path).logits(x), critic.logits(x))
