"""Maul of America as a PettingZoo AEC environment (2-5 players; seat 0 is the
Zombie Controller, the others are Shoppers).

```python
from zombie_envs import maul_of_america_v0
env = maul_of_america_v0.env(num_players=3, render_mode="ansi")
```
The options, generated from the game's declaration
(``zombie_envs/games/maul_of_america/declaration.py``), are listed in
``docs/games/maul_of_america.md``.
"""

from .core.aec import make_entry
from .games.maul_of_america import GAME

raw_env, env = make_entry(GAME, __name__)

__all__ = ["env", "raw_env"]
