"""Who sits where: the Zombie Controller's seat and a Shopper's standing, which the
rules, the bots and the narration all read (``Final``: the compiled build reads
them as constants, not from this module)."""

from typing import Final

ZC: Final = 0  # the Zombie Controller's seat
# a Shopper in the Maul, turned zombie, got out
PLAYING: Final = 0
DEAD: Final = 1
ESCAPED: Final = 2
