"""The command line, ``zombie-envs`` or ``python -m zombie_envs.cli``.

``main`` holds the parser and the commands of its own, ``replay`` watches a
recorded game; ``util`` (argument types) and ``tables`` are shared with the
modules that add their own commands (tournaments, the terminal and browser
seats), so they import nothing of the package.
"""
