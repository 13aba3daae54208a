"""Mall of Horror as a PettingZoo AEC environment (3-6 players).

```python
from zombie_envs import mall_of_horror_v0
env = mall_of_horror_v0.env(num_players=4, render_mode="ansi")
```
Options: ``num_players`` (3-6, default 4), ``reward`` (``"zero_sum"`` or
``"score"``), ``render_mode`` (``"ansi"``, ``"rgb_array"``, ``"human"``),
``render_seat`` (whose view ``ansi`` shows; ``None`` = spectator),
``illegal_action`` (``"raise"`` or ``"terminate"``), ``zombie_return``
(``"every"``, ``"once"``, ``"never"``) and ``max_rounds``.
See ``docs/games/mall_of_horror.md``.
"""

from .core.aec import make_entry
from .games.mall_of_horror import render
from .games.mall_of_horror.engine import MallOfHorror

raw_env, env = make_entry(MallOfHorror, render, "mall_of_horror_v0", __name__)

__all__ = ["env", "raw_env", "MallOfHorror"]
