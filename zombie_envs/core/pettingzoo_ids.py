"""The suite's envs in PettingZoo's own registry: their ids there and the
explicit registration that entry modules and ``zombie_envs.make`` call
(PettingZoo is imported only when an env is registered)."""

from __future__ import annotations

#: the namespace of the suite's ids in PettingZoo's registry
NAMESPACE = "zombie_envs"


def pettingzoo_id(env: str) -> str:
    """The id of an env in PettingZoo's registry: ``mall_of_horror_v0`` ->
    ``zombie_envs/mall_of_horror-v0`` (its own spelling of versions)."""
    name, _, version = env.rpartition("_v")
    return f"{NAMESPACE}/{name}-v{version}"


def register_entry(env: str, module: str) -> None:
    """Register ``env``, made by the entry module ``module`` (its ``env``
    factory), in PettingZoo's AEC registry; registering it again changes nothing."""
    from pettingzoo import aec_registry, register

    spec = aec_registry.get(pettingzoo_id(env))
    if spec is None or spec.entry_point != f"{module}:env":
        register("aec", pettingzoo_id(env), entry_point=f"{module}:env")
