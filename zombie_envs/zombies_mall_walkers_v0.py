"""Zombies!!! 3: Mall Walkers as a PettingZoo AEC environment (2-6 players racing
through a mall that grows tile by tile from the Front Door to the Helipad).

```python
from zombie_envs import zombies_mall_walkers_v0
env = zombies_mall_walkers_v0.env(num_players=4, scenario="standard", render_mode="ansi")
```
The options, generated from the game's declaration
(``zombie_envs/games/zombies_mall_walkers/declaration.py``), are listed in
``docs/games/zombies_mall_walkers.md``.
"""

from .core.aec import make_entry
from .games.zombies_mall_walkers import GAME

raw_env, env = make_entry(GAME, __name__)

__all__ = ["env", "raw_env"]
