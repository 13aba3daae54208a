"""Checks every env of the suite must pass, run on each configuration built from ``ENVS``
(see ``tests/envs_under_test.py``): PettingZoo's own tests, spaces, masks, illegal
actions, copies, records, rewards and rendering."""

from __future__ import annotations

import json
import logging
import random
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import zombie_envs
from tests.envs_under_test import API_CONFIGS, CONFIGS, DEFAULTS, MODULES, ids
from zombie_envs.core.aec import replay
from zombie_envs.core.chance import ChanceLog
from zombie_envs.core.game import Engine
from zombie_envs.core.narration import narrator_of
from zombie_envs.core.record import record_check
from zombie_envs.testing import (
    MAX_DECISIONS,
    check_copy,
    expected_returns,
    legal_of,
    live_env,
    play_env,
    play_out,
    random_play,
    snapshot,
    state_clones,
)

every_config = pytest.mark.parametrize("cfg", CONFIGS, ids=ids(CONFIGS))
every_env = pytest.mark.parametrize("cfg", DEFAULTS, ids=ids(DEFAULTS))
#: Decisions checked one by one where a whole game is not needed.
FOLLOW = 250
#: Decisions after which copies are compared only at the end of the game.
COMPARE = 60


def test_configurations_cover_the_registry():
    assert {c.name for c in CONFIGS} == set(MODULES) > set(zombie_envs.ENVS)
    for name, module in MODULES.items():
        cls = module.raw_env.engine_cls
        counts = {c.num_players for c in API_CONFIGS if c.name == name}
        assert counts == set(range(cls.min_players, cls.max_players + 1))


# ----- PettingZoo's own checks ------------------------------------------------


@pytest.mark.parametrize("cfg", API_CONFIGS, ids=ids(API_CONFIGS))
def test_pettingzoo_api_test(cfg):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation")
        api_test(cfg.env(), num_cycles=1000)


@pytest.mark.parametrize("cfg", API_CONFIGS, ids=ids(API_CONFIGS))
def test_pettingzoo_seed_test(cfg):
    seed_test(cfg.env, num_cycles=200)


@every_env
def test_api_test_with_the_terminate_wrapper(cfg):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation")
        api_test(cfg.env(illegal_action="terminate"), num_cycles=300)


# ----- construction and spaces --------------------------------------------------


@every_env
def test_player_count_is_checked(cfg):
    cls = cfg.engine_cls
    message = f"num_players must be an int from {cls.min_players} to {cls.max_players}"
    for n in (cls.min_players - 1, cls.max_players + 1, float(cls.min_players)):
        with pytest.raises(ValueError, match=message):
            cfg.module.env(num_players=n)
    with pytest.raises(ValueError, match=r"unknown option\(s\) \['colour'\]"):
        cfg.module.env(colour="red")


@every_config
def test_spaces_are_cached_and_sized(cfg):
    env = cfg.env()
    env.reset(seed=0)
    spaces = {a: (env.observation_space(a), env.action_space(a)) for a in env.possible_agents}
    env.reset(seed=1)
    play_env(env, random.Random(1), 5)
    cls = cfg.engine_cls
    for agent in env.possible_agents:
        obs_space, act_space = spaces[agent]
        assert env.observation_space(agent) is obs_space
        assert env.action_space(agent) is act_space
        assert obs_space["observation"].shape == (cls.obs_layout.size,)
        assert obs_space["observation"].dtype == np.int8
        assert obs_space["action_mask"].shape == (cls.action_layout.size,)
        assert act_space.n == cls.action_layout.size
    assert env.unwrapped.state_space.shape == (cls.state_layout.size,)
    assert env.possible_agents == [f"player_{i}" for i in range(cfg.num_players)]


@every_config
def test_observations_masks_and_state_every_step(cfg):
    env = cfg.env()
    env.reset(seed=3)
    rng = random.Random(3)
    state_space = env.unwrapped.state_space
    for step in range(MAX_DECISIONS):
        game = env.unwrapped.game
        if step > FOLLOW and step % 10 and not game.terminal:
            env.step(rng.choice(legal_of(env)))
            continue
        for agent in env.agents:
            obs = env.observe(agent)
            assert env.observation_space(agent).contains(obs), agent
            o, mask = obs["observation"], obs["action_mask"]
            assert o.dtype == np.int8 and mask.dtype == np.int8
            assert o.min() >= 0 and set(np.unique(mask)) <= {0, 1}
            seat = env.unwrapped.agent_name_mapping[agent]
            assert np.array_equal(o, game.observation(seat))
            if agent == env.agent_selection and not game.terminal:
                legal = np.flatnonzero(mask).tolist()
                assert legal, "no legal action in a live game"
                assert legal == sorted(game.legal) == sorted(set(game.legal))
            else:
                assert not mask.any(), f"{agent} is not acting but has a mask"
        state = env.state()
        assert state.dtype == state_space.dtype and state_space.contains(state)
        if game.terminal:
            break
        assert env.agent_selection == f"player_{game.current_player}"
        env.step(rng.choice(legal_of(env)))
    assert env.unwrapped.game.terminal, "the game does not end"


@every_env
def test_mask_is_a_fresh_array(cfg):
    env = cfg.env()
    env.reset(seed=0)
    other = next(a for a in env.agents if a != env.agent_selection)
    env.observe(other)["action_mask"][0] = 1
    assert not env.observe(other)["action_mask"].any()
    mask = env.observe(env.agent_selection)["action_mask"]
    mask[:] = 1 - mask
    assert np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist() == sorted(
        env.unwrapped.game.legal
    )


# ----- illegal actions ---------------------------------------------------------


@every_config
@pytest.mark.parametrize("steps", [0, 30, 200])
def test_masked_out_action_raises_and_changes_nothing(cfg, steps):
    env = live_env(cfg.env(), seed=steps, steps=steps)
    legal = legal_of(env)
    illegal = next(a for a in range(env.action_space(env.agent_selection).n) if a not in legal)
    before = snapshot(env)
    with pytest.raises(ValueError) as err:
        env.step(illegal)
    message = str(err.value)
    assert f"illegal action {illegal} " in message
    listed = message.split("legal actions: ")[1]
    for a in legal:
        assert f"{a} ({env.unwrapped.action_to_str(a)})" in listed
    assert snapshot(env) == before
    env.step(legal[-1])
    assert env.unwrapped.actions_played[-1] == legal[-1]


@every_config
def test_every_masked_out_action_is_refused(cfg):
    env = live_env(cfg.env(), seed=4, steps=40)
    legal = set(legal_of(env))
    before = snapshot(env)
    for a in range(env.action_space(env.agent_selection).n):
        if a not in legal:
            with pytest.raises(ValueError, match="illegal action"):
                env.step(a)
    assert snapshot(env) == before


@every_env
@pytest.mark.parametrize("action", [None, 1.5, "a", "0", -1, 10_000, [0], (0,)])
def test_non_actions_raise_value_error(cfg, action):
    env = live_env(cfg.env(), seed=5, steps=7)
    before = snapshot(env)
    with pytest.raises(ValueError, match="illegal action"):
        env.step(action)
    assert snapshot(env) == before
    env.step(legal_of(env)[0])


@every_env
def test_a_legal_number_as_a_float_is_refused(cfg):
    """Only integers are actions, as in ``Discrete.contains``: ``2.0`` is not ``2``."""
    env = live_env(cfg.env(), seed=6, steps=9)
    legal = legal_of(env)
    before = snapshot(env)
    for kind in (float, np.float64, str):
        action = kind(legal[0])
        assert not env.action_space(env.agent_selection).contains(action)
        with pytest.raises(ValueError, match="illegal action"):
            env.step(action)
        assert snapshot(env) == before


@every_env
@pytest.mark.parametrize("kind", [int, np.int64, np.int32, np.uint16, np.array])
def test_integer_types_are_accepted(cfg, kind):
    env = live_env(cfg.env(), seed=7, steps=3)
    a = legal_of(env)[-1]
    assert env.action_space(env.agent_selection).contains(kind(a))
    env.step(kind(a))
    assert env.unwrapped.actions_played[-1] == a
    assert type(env.unwrapped.actions_played[-1]) is int


@every_config
def test_illegal_action_in_terminate_mode_costs_the_mover(cfg, caplog):
    env = live_env(cfg.env(illegal_action="terminate"), seed=8, steps=15)
    mover = env.agent_selection
    illegal = next(a for a in range(env.action_space(mover).n) if a not in legal_of(env))
    with caplog.at_level(logging.WARNING):
        env.step(illegal)
    assert "Illegal move" in caplog.text
    rewards = {}
    for agent in env.agent_iter():
        _, reward, term, trunc, _ = env.last()
        assert term or trunc
        rewards[agent] = reward
        env.step(None)
    assert rewards == {a: (-1.0 if a == mover else 0.0) for a in env.possible_agents}
    assert env.agents == []


@every_env
def test_terminate_mode_plays_legal_games_normally(cfg):
    env = cfg.env(illegal_action="terminate")
    env.reset(seed=9)
    total = play_out(env, random.Random(9))
    game = env.unwrapped.game
    assert game.terminal
    assert [total[a] for a in env.possible_agents] == pytest.approx(expected_returns(game))


# ----- clone, to_dict / from_dict -------------------------------------------------


def follow(a, b, rng):
    """Play the same random actions on two engines, comparing them as they go."""
    step = 0
    while not a.terminal:
        action = rng.choice(a.legal)
        a.apply(action)
        b.apply(action)
        step += 1
        if step <= COMPARE:
            assert b.to_dict() == a.to_dict(), f"copies differ after {step} steps"
            assert np.array_equal(b.state_vector(), a.state_vector())
            for s in range(a.num_players):
                assert np.array_equal(b.observation(s), a.observation(s))
    assert b.terminal and b.to_dict() == a.to_dict()
    assert b.scores() == a.scores() and b.winners() == a.winners()


@every_config
@pytest.mark.parametrize("start", [0, 40])
def test_clone_has_the_same_future(cfg, start):
    g = cfg.engine(seed=100 + start)
    random_play(g, random.Random(start), start)
    c = g.clone()
    assert c.to_dict() == g.to_dict()
    follow(g, c, random.Random(start + 1))


def mutate_every_field(g):
    """Change every mutable field of ``g`` in place, nested lists included (not the
    rows of ``SHARED_ITEMS``, which the engine promises never to change)."""
    for name in g.state_fields:
        value = getattr(g, name)
        if type(value) is list:
            if value and type(value[0]) is list and name not in g.SHARED_ITEMS:
                value[0].append(-7)
            value.append(-7)
        elif type(value) is bytearray:
            value.append(7)
    g.rng.random()


@every_config
def test_clone_is_independent(cfg):
    g = cfg.engine(seed=7)
    random_play(g, random.Random(1), 30)
    c = g.clone()
    saved = c.to_dict()
    random_play(g, random.Random(2))
    assert c.to_dict() == saved
    c2 = c.clone()
    mutate_every_field(c)
    assert c2.to_dict() == saved
    mutate_every_field(c2)
    assert g.clone().to_dict() == g.to_dict() != c2.to_dict()


@every_config
def test_a_written_copy_carries_every_field(cfg):
    """A state class's hand-written ``_copy`` (what a compiled engine's ``clone``
    makes) copies what the pure build's ``clone`` copies from ``__dict__``
    (``zombie_envs.testing.check_copy``), over states of every player count and option."""
    if cfg.engine_cls._copy is Engine._copy:
        pytest.skip("the engine writes no _copy: its clone copies __dict__")
    states = state_clones(cfg.engine_cls, cfg.num_players, 1, every=7, **cfg.options)
    checked = check_copy(states)
    if not checked:
        pytest.skip("the engine is compiled: its fields are not in __dict__")
    assert checked >= 5


@every_config
def test_byte_fields_stay_byte_arrays_in_copies_and_loaded_games(cfg):
    """``BYTE_FIELDS`` are saved as lists of ints and come back as byte arrays, so
    a loaded game's copies stay cheap and independent."""
    if not cfg.engine_cls.BYTE_FIELDS:
        pytest.skip("the engine keeps no byte fields")
    g = cfg.engine(seed=5)
    random_play(g, random.Random(5), 30)
    loaded = type(g).from_dict(json.loads(json.dumps(g.to_dict())))
    for name in g.BYTE_FIELDS:
        for copy in (g, g.clone(), loaded, loaded.clone()):
            assert type(getattr(copy, name)) is bytearray, name
        assert loaded.to_dict()[name] == list(getattr(g, name))
    assert loaded.to_dict() == g.to_dict()


def shared_lists(a, b) -> list[str]:
    """Where two engines hold one list object that a clone must copy: each list
    field, and the items of one whose first item is a list (the rule of
    ``core.copying.dup``), rows of ``SHARED_ITEMS`` apart."""
    found = []

    def walk(x, y, path, rows):
        if type(x) not in (list, bytearray):
            return
        if x is y:
            found.append(path)
        if rows and x and type(x[0]) is list:
            for i, (u, v) in enumerate(zip(x, y, strict=False)):
                walk(u, v, f"{path}[{i}]", True)

    for name in a.state_fields:  # what a saved state holds, in slots or in __dict__
        walk(getattr(a, name), getattr(b, name), name, name not in a.SHARED_ITEMS)
    return found


def clone_states(cfg, every: int):
    """Every ``every``-th state of one seeded random game of ``cfg`` (the same
    engine, mutated)."""
    g = cfg.engine(seed=11)
    rng = random.Random(11)
    step = 0
    while not g.terminal:
        if step % every == 0:
            yield g
        g.apply(rng.choice(g.legal))
        step += 1


@every_config
def test_playing_a_clone_never_changes_the_original(cfg):
    rng = random.Random(3)
    for k, g in enumerate(clone_states(cfg, 7)):
        before = g.to_dict()
        c = g.clone(rng=random.Random(k)) if k % 2 else g.clone()
        assert not shared_lists(g, c), f"state {k}"
        random_play(c, rng, 30)
        mutate_every_field(c)
        assert g.to_dict() == before, f"state {k}: playing the clone changed the original"


@every_config
def test_a_clone_given_a_generator_draws_from_it(cfg):
    g = cfg.engine(seed=5)
    random_play(g, random.Random(5), 3)
    before = g.to_dict()
    log = ChanceLog(9)
    c = g.clone(rng=log)
    assert c.rng is log
    random_play(c, random.Random(6))
    assert log.events, "the clone drew nothing from the generator it was given"
    assert g.to_dict() == before  # the original's generator did not move
    follow(g, cfg.engine_cls.from_dict(before), random.Random(7))


@every_config
def test_exact_clones_roll_the_same_dice_whoever_draws_first(cfg):
    g = cfg.engine(seed=8)
    random_play(g, random.Random(8), 25)
    c = g.clone()
    c2 = c.clone()
    actions = random_play(g, random.Random(9))  # the original draws first
    for copy in (c2, c):
        for a in actions:
            copy.apply(a)
        assert copy.to_dict() == g.to_dict()


@every_config
def test_resample_is_a_copy_with_a_generator_seeded_from_rng_then_redrawn(cfg):
    for k, g in enumerate(clone_states(cfg, 40)):
        seat = max(g.current_player, 0)
        resampled = g.resample(seat, random.Random(k))
        rng = random.Random(k)
        expected = g.clone()
        expected.rng = random.Random(rng.getrandbits(64))
        expected.redraw_hidden(seat, rng)
        if expected.current_player != seat:
            expected.pose_again()
        assert resampled.to_dict() == expected.to_dict(), f"state {k}"


@every_config
@pytest.mark.parametrize("start", [0, 33])
def test_to_dict_json_round_trip_continues_identically(cfg, start):
    g = cfg.engine(seed=200 + start)
    random_play(g, random.Random(start), start)
    d = g.to_dict()
    text = json.dumps(d)
    loaded = cfg.engine_cls.from_dict(json.loads(text))
    assert loaded.to_dict() == d
    assert json.dumps(loaded.to_dict()) == text
    assert np.array_equal(loaded.state_vector(), g.state_vector())
    follow(g, loaded, random.Random(start + 2))


@every_config
def test_round_trip_of_a_finished_game(cfg):
    g = cfg.engine(seed=1)
    random_play(g, random.Random(1))
    loaded = cfg.engine_cls.from_dict(json.loads(json.dumps(g.to_dict())))
    assert loaded.terminal and loaded.legal == [] and loaded.decision is None
    assert loaded.scores() == g.scores() and loaded.winners() == g.winners()
    assert loaded.returns() == g.returns()


@every_env
def test_from_dict_refuses_wrong_game_or_version(cfg):
    cls = cfg.engine_cls
    d = cfg.engine(seed=0).to_dict()
    with pytest.raises(ValueError, match=f"state is for game 'zombicide', not '{cls.name}'"):
        cls.from_dict({**d, "game": "zombicide"})
    with pytest.raises(ValueError, match=f"differs from engine version {cls.version}"):
        cls.from_dict({**d, "version": cls.version + 1})


# ----- records ------------------------------------------------------------------


@every_config
@pytest.mark.parametrize("steps", [0, 45, None])
def test_record_replays_to_the_identical_state(cfg, steps):
    env = cfg.env()
    env.reset(seed=11)
    env.reset()
    play_env(env, random.Random(steps), steps)
    record = json.loads(json.dumps(env.unwrapped.record()))
    assert record["env"] == cfg.name and record["num_players"] == cfg.num_players
    assert record["options"] == env.unwrapped.game.options
    again = replay(record, cfg.module.env)
    assert again.game.to_dict() == env.unwrapped.game.to_dict()
    assert again.record() == env.unwrapped.record()
    assert again.agent_selection == env.agent_selection
    assert np.array_equal(again.state(), env.state())
    for agent in env.possible_agents:
        ours, theirs = env.observe(agent), again.observe(agent)
        assert np.array_equal(ours["observation"], theirs["observation"])
        assert np.array_equal(ours["action_mask"], theirs["action_mask"])


@every_env
def test_record_for_another_env_or_version_is_refused(cfg):
    env = live_env(cfg.env(), seed=0, steps=5)
    record = env.unwrapped.record()
    version = cfg.engine_cls.version

    def sealed(**changes):
        edited = {**record, **changes}
        return {**edited, "check": record_check(edited)}

    with pytest.raises(ValueError, match=f"record is for env 'other_v0', not '{cfg.name}'"):
        replay(sealed(env="other_v0"), cfg.module.env)
    with pytest.raises(ValueError, match=f"version {version + 1}, this is version {version}"):
        replay(sealed(engine_version=version + 1), cfg.module.env)
    with pytest.raises(ValueError, match="illegal action"):
        replay(sealed(actions=record["actions"] + [10_000]), cfg.module.env)
    with pytest.raises(ValueError, match="record changed after it was written"):
        replay({**record, "actions": record["actions"][:-1]}, cfg.module.env)
    for name, module in zombie_envs.ENVS.items():
        if name != cfg.name:
            with pytest.raises(ValueError):
                replay(record, module.env)


# ----- rewards and the end of the game ---------------------------------------------


@every_config
@pytest.mark.parametrize("seed", [0, 1])
def test_zero_sum_rewards_follow_the_winners(cfg, seed):
    env = cfg.env()
    env.reset(seed=seed)
    total = play_out(env, random.Random(seed))
    game = env.unwrapped.game
    assert game.terminal and env.agents == []
    rewards = [total[a] for a in env.possible_agents]
    assert rewards == pytest.approx(expected_returns(game))
    assert rewards == pytest.approx(game.returns("zero_sum"))
    if game.winners():
        assert sum(rewards) == pytest.approx(0.0)


@every_config
def test_score_rewards_equal_the_final_points(cfg):
    env = cfg.env(reward="score")
    env.reset(seed=5)
    total = play_out(env, random.Random(5))
    scores = env.unwrapped.game.scores()
    assert [total[a] for a in env.possible_agents] == [float(s) for s in scores]


@every_config
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_every_decision_has_a_legal_action(cfg, seed):
    """A decision with no legal action would hang the game (nobody could ever act):
    in random play every decision posed has one, and the mask agrees."""
    g = cfg.engine(seed=seed)
    rng = random.Random(seed)
    while not g.terminal:
        assert g.legal and g.decision is not None and g.current_player >= 0
        assert np.flatnonzero(g.legal_mask()).tolist() == sorted(set(g.legal))
        g.apply(rng.choice(g.legal))


@every_config
def test_legal_actions_lie_in_the_blocks_their_decision_declares(cfg):
    """The declaration's table says which action blocks each kind of decision opens."""
    layout, table = cfg.engine_cls.action_layout, cfg.engine_cls.game_type.by_kind
    g = cfg.engine(seed=21)
    rng = random.Random(21)
    while not g.terminal:
        opened = {layout.locate(a)[0].name for a in g.legal}
        assert opened <= set(table[g.decision].blocks), (g.decision, opened)
        g.apply(rng.choice(g.legal))


@every_env
def test_engine_refuses_to_pose_a_decision_without_options(cfg):
    g = cfg.engine(seed=0)
    before = g.to_dict()
    with pytest.raises(AssertionError, match="no legal action"):
        g.ask(g.current_player, g.decision, [])
    assert g.to_dict() == before


@every_config
def test_every_game_ends(cfg):
    for seed in range(3):
        g = cfg.engine(seed=seed)
        random_play(g, random.Random(seed))
        assert g.terminal and g.legal == [] and g.decision is None
        assert g.current_player == -1
        assert set(g.winners()) <= set(range(cfg.num_players))


# ----- names and rendering ------------------------------------------------------


@every_config
def test_every_legal_action_has_a_readable_name(cfg):
    env = cfg.env()
    env.reset(seed=12)
    rng = random.Random(12)
    for _ in range(FOLLOW):
        game = env.unwrapped.game
        if game.terminal:
            break
        names = [env.unwrapped.action_to_str(a) for a in legal_of(env)]
        for name in names:
            assert isinstance(name, str) and name.strip() and name.isprintable()
        assert len(set(names)) == len(names), f"{game.decision}: {names}"
        env.step(rng.choice(legal_of(env)))


@every_config
def test_ansi_render_of_every_view(cfg):
    env = cfg.env(render_mode="ansi")
    env.reset(seed=13)
    rng = random.Random(13)
    for steps in (0, 20, None):
        play_env(env, rng, steps)
        assert isinstance(env.render(), str) and env.render()
        for seat in range(cfg.num_players):
            g = env.unwrapped.game
            text = g.game_type.text_module.ansi(g, seat)
            who = narrator_of(g).name(g, seat).removeprefix("the ")  # as the game calls it
            assert isinstance(text, str) and who in text


@every_env
def test_human_render_prints(cfg, capsys):
    env = cfg.env(render_mode="human")
    env.reset(seed=0)
    env.step(legal_of(env)[0])
    assert capsys.readouterr().out.strip()


@every_env
def test_human_mode_shows_the_render_seat(cfg, capsys):
    """``render_seat`` prints that seat's view, with its own hand (``hand:``, in a game
    whose visibility model has a ``hand`` secret) and no other."""
    env = cfg.env(render_mode="human", render_seat=1)
    env.reset(seed=0)
    out = capsys.readouterr().out
    g = env.unwrapped.game
    who = narrator_of(g).name(g, 1).removeprefix("the ")
    hands = 1 if hasattr(cfg.engine_cls.visibility, "hand") else 0
    assert f"view of {who}" in out and out.count("hand:") == hands


@every_env
def test_render_without_mode_returns_none(cfg):
    env = cfg.env()
    env.reset(seed=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert env.render() is None
