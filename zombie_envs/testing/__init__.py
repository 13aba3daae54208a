"""Test helpers for any game built on ``zombie_envs.core.game.Engine``: the ones the
suite's own games use, so a new game is tested the same way (see docs/testing.md).

- ``rig``: run rule tasks from a hand-set position (``rigged``, ``start``, ``act``,
  ``asked``, ``finished``, ``settle``) with scripted dice (``Dice``);
- ``secrecy``: a copy that differs in one secret changes exactly the allowed seats'
  views (``check_secret``, ``check_hidden_from_all``, ``find_states``), and each
  secret of a game's visibility model has such a test (``leak_test``,
  ``check_leak_tests``);
- ``decisions``: a copy that differs in a secret is asked the same decisions by the
  same seats while the same actions are played (``same_decisions``, ``posed``);
- ``blindness``: a bot acts the same whatever the other seats' secrets are
  (``blindness_violations``);
- ``random_games``: seeded random play on engines and envs, and snapshots to compare;
- ``resampling``: ``Engine.resample`` keeps a seat's view and redraws its unknowns
  (``check_resample``).

Plain asserts only: neither pytest nor torch is needed to import or use them, and
nothing in the library imports this package.
"""

from .blindness import blindness_violations, reshuffle_deck, reshuffle_hands
from .copies import check_copy
from .decisions import posed, same_decisions
from .random_games import (
    MAX_DECISIONS,
    expected_returns,
    game_states,
    legal_of,
    live_env,
    live_states,
    play_env,
    play_out,
    random_play,
    snapshot,
    state_clones,
)
from .resampling import check_resample
from .rig import Dice, act, asked, finished, rigged, settle, start
from .secrecy import (
    check_env_views,
    check_hidden_from_all,
    check_leak_tests,
    check_secret,
    find_states,
    leak_test,
    swap_with_deck,
)

__all__ = [
    "check_copy",
    "MAX_DECISIONS",
    "Dice",
    "act",
    "asked",
    "blindness_violations",
    "check_env_views",
    "check_hidden_from_all",
    "check_leak_tests",
    "check_resample",
    "check_secret",
    "expected_returns",
    "find_states",
    "finished",
    "game_states",
    "leak_test",
    "legal_of",
    "live_env",
    "live_states",
    "play_env",
    "play_out",
    "posed",
    "random_play",
    "reshuffle_deck",
    "reshuffle_hands",
    "rigged",
    "same_decisions",
    "settle",
    "snapshot",
    "start",
    "state_clones",
    "swap_with_deck",
]
