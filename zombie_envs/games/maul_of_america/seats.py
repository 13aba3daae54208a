"""Who sits where: the Zombie Controller's seat and a Shopper's standing, which the
rules, the bots and the narration all read."""

ZC = 0  # the Zombie Controller's seat
PLAYING, DEAD, ESCAPED = 0, 1, 2  # a Shopper in the Maul, turned zombie, got out
