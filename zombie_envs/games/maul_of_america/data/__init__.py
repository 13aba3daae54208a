"""Maul of America's data files: the decks and the numbers of the rules
(``cards.json``, read by ``cards.py``) and the map sections (``faces.txt``, read by
``maul.py``)."""
