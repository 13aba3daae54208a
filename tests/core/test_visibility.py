"""The visibility model: a game's secrets are its ``Visibility`` subclass's methods,
a seat owns only itself, a spectator nothing, ``GOD`` everything, and a move of a
secret decision kind is seen by its maker only."""

from __future__ import annotations

from tests.core.toy_game import Seen, ToyVote
from zombie_envs.core.visibility import GOD
from zombie_envs.records import public_action_text


def test_the_secrets_are_the_methods_a_game_adds():
    assert Seen.secrets == ("hand", "ballot")


def test_a_seat_sees_its_own_a_spectator_none_and_god_all():
    g = ToyVote(3, seed=0)
    assert [g.visible(1).hand(s) for s in range(3)] == [False, True, False]
    assert not any(g.visible(None).hand(s) for s in range(3))
    assert all(g.visible(GOD).hand(s) for s in range(3))


def test_a_secret_move_is_named_to_its_maker_only():
    g = ToyVote(3, seed=0)
    mover, action = g.current_player, g.legal[0]
    assert g.visible(mover).move(mover, "vote") and not g.visible(None).move(mover, "vote")
    assert public_action_text(g, mover, action) == g.action_name(action)
    assert public_action_text(g, (mover + 1) % 3, action) is None
    assert public_action_text(g, None, action) is None
