"""Configs: the shipped ones load, and every kind of mistake is named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zombie_envs.registry import shipped_folder
from zombie_envs.training.config import ConfigError, config_path, from_dict, load_config

CONFIGS = sorted((Path(__file__).parents[2] / "configs").glob("*.yaml"))


@pytest.mark.parametrize("path", CONFIGS, ids=lambda p: p.stem)
def test_shipped_configs_load(path):
    cfg = load_config(path)
    assert cfg.env.removesuffix("_v0") in path.stem
    assert cfg.total_steps > 0


def test_overrides_win():
    cfg = load_config(CONFIGS[0], total_steps=123, seed=None)
    assert cfg.total_steps == 123


@pytest.mark.parametrize(
    "data,message",
    [
        ({"envv": "x"}, "unknown key.*envv"),
        ({"env": "chess_v6"}, "not in the suite"),
        ({"num_players": 9}, "outside 3-6"),
        ({"total_steps": "many"}, "total_steps must be int"),
        ({"total_steps": 0}, "total_steps must be positive"),
        ({"ppo": {"n_epochs": 1.5}}, "ppo.n_epochs must be int"),
        ({"ppo": 3}, "ppo must be a mapping"),
        ({"policy": {"activation": "gelu"}}, "activation must be one of"),
        ({"policy": {"hidden": []}}, "policy.hidden"),
        ({"policy": {"hint_scale": -1}}, "policy.hint_scale must be a number from 0 to 50"),
        ({"policy": {"hint_scale": "big"}}, "policy.hint_scale must be float"),
        ({"opponents": {"rando": 1}}, "unknown kind"),
        ({"opponents": {"random": -1}}, "weights must be numbers >= 0"),
        ({"vec_env": "ray"}, "vec_env"),
        ({"eval_opponents": ["current"]}, "eval_opponents"),
        ({"env_options": {"colour": 1}}, "env_options"),
        ({"ppo": {"learning_rate_final": -1.0}}, "learning_rate_final must be >= 0"),
        ({"opponents": {"player": {"rando": 1}}}, "opponents.player: unknown kind"),
        ({"opponents": {"shopper": {"random": 1}}}, "for each role of mall_of_horror"),
        ({"rllib": {"num_env_runners": -1}}, "rllib.num_env_runners must be >= 0"),
        ({"rllib": {"train_batch_size": 0}}, "rllib.train_batch_size must be a positive"),
        ({"rllib": {"num_envs_per_env_runner": "4"}}, "rllib.num_envs_per_env_runner must"),
        ({"rllib": {"policy_per_role": "yes"}}, "rllib.policy_per_role must be bool"),
        ({"rllib": {"adress": "auto"}}, "unknown key.*rllib.adress"),
        ({"rllib": {"address": 6379}}, "rllib.address must be a string or null, got 6379"),
        ({"rllib": {"address": ""}}, "rllib.address must be 'auto', 'HOST:PORT' or null"),
        ({"num_players": "four"}, "num_players must be an integer or null, got 'four'"),
        ({"num_players": 3.0}, "num_players must be an integer or null"),
        ({"hint": 3}, "hint must be a string or null, got 3"),
        ({"ppo": {"target_kl": "small"}}, "ppo.target_kl must be a number or null"),
        ({"ppo": {"hold_actor_until_ev": 2}}, "ppo.hold_actor_until_ev must be in"),
        ({"ppo": {"hold_actor_until_ev": True}}, "ppo.hold_actor_until_ev must be a number"),
        ({"init_from": 7}, "init_from must be a string or null, got 7"),
        ({"init_from": ""}, "init_from must be a policy file's path"),
    ],
)
def test_bad_configs_name_the_problem(data, message):
    with pytest.raises(ConfigError, match=message):
        from_dict(data)


def test_bad_files(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("env: [unclosed")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_config(bad)
    bad.write_text("- a list")
    with pytest.raises(ConfigError, match="must hold a mapping"):
        load_config(bad)
    bad.write_text("env: " + "[" * 50_000 + "]" * 50_000)
    with pytest.raises(ConfigError, match="nested 50000 levels deep"):
        load_config(bad)


def test_a_wrong_type_in_a_config_file_is_one_line_from_train(tmp_path):
    from zombie_envs.cli.main import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("env: we_are_dead_v0\nnum_players: four\n")
    with pytest.raises(SystemExit) as info:
        main(["train", "--config", str(bad), "--out", str(tmp_path / "run")])
    assert str(info.value) == f"{bad}: num_players must be an integer or null, got 'four'"
    assert not (tmp_path / "run").exists()


def test_learning_rate_decays_linearly_when_asked():
    ppo = from_dict({"ppo": {"learning_rate": 1e-3, "learning_rate_final": 1e-4}}).ppo
    schedule = ppo.sb3_kwargs()["learning_rate"]
    assert [schedule(p) for p in (1.0, 0.5, 0.0)] == pytest.approx([1e-3, 5.5e-4, 1e-4])
    assert from_dict({}).ppo.sb3_kwargs()["learning_rate"] == 3e-4


@pytest.mark.parametrize(
    "name", ["mall_of_horror", "mall_of_horror.yaml", "configs/mall_of_horror.yaml"]
)
def test_a_shipped_config_loads_by_name_from_anywhere(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no configs/ folder here
    shipped = shipped_folder("configs") / "mall_of_horror.yaml"
    assert config_path(name) == shipped
    assert load_config(name) == load_config(shipped)


def test_a_file_beats_a_shipped_config_of_the_same_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mall_of_horror.yaml").write_text("env: we_are_dead_v0\n")
    assert load_config("mall_of_horror.yaml").env == "we_are_dead_v0"
    assert load_config("mall_of_horror").env == "mall_of_horror_v0"


@pytest.mark.parametrize("name", ["mall_of_horor", "elsewhere/mall_of_horror.yaml"])
def test_a_missing_config_names_the_shipped_ones(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    message = f"no config file at {name}; shipped configs: mall_of_horror, mall_of_horror_demo"
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_config(name)
