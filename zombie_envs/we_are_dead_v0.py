"""We Are Dead: Zombie Mall Massacre as a PettingZoo AEC environment (2-5 players).

```python
from zombie_envs import we_are_dead_v0
env = we_are_dead_v0.env(num_players=3, board="mall", render_mode="ansi")
```
The options, generated from the game's declaration
(``zombie_envs/games/we_are_dead/declaration.py``), are listed in
``docs/games/we_are_dead.md``.
"""

from .core.aec import make_entry
from .games.we_are_dead import GAME

raw_env, env = make_entry(GAME, __name__)

__all__ = ["env", "raw_env"]
