"""Mall of Horror as a PettingZoo AEC environment (3-6 players).

```python
from zombie_envs import mall_of_horror_v0
env = mall_of_horror_v0.env(num_players=4, render_mode="ansi")
```
The options, generated from the game's declaration
(``zombie_envs/games/mall_of_horror/declaration.py``), are listed in
``docs/games/mall_of_horror.md``.
"""

from .core.aec import make_entry
from .games.mall_of_horror import GAME

raw_env, env = make_entry(GAME, __name__)

__all__ = ["env", "raw_env"]
