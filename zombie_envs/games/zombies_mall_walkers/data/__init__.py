"""Mall Walkers' data files: the event cards and the base game's numbers
(``events.json``, read by ``cards.py``) and the mall tiles (``tiles.txt``, read by
``mall.py``)."""
