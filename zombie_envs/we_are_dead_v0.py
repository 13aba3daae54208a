"""We Are Dead: Zombie Mall Massacre as a PettingZoo AEC environment (2-5 players).

```python
from zombie_envs import we_are_dead_v0
env = we_are_dead_v0.env(num_players=3, board="mall", render_mode="ansi")
```
Options: ``num_players`` (2-5, default 3), ``board`` (``"mall"`` or
``"carnival"``), ``shopper_placement`` (``"random"`` or ``"turns"``),
``max_turns``, ``reward`` (``"zero_sum"`` or ``"score"``), ``render_mode``
(``"ansi"``, ``"rgb_array"``, ``"human"``), ``render_seat`` and
``illegal_action`` (``"raise"`` or ``"terminate"``).
See ``docs/games/we_are_dead.md``.
"""

from .core.aec import make_entry
from .games.we_are_dead import render
from .games.we_are_dead.engine import WeAreDead

raw_env, env = make_entry(WeAreDead, render, "we_are_dead_v0", __name__)

__all__ = ["env", "raw_env", "WeAreDead"]
