"""``python -m zombie_envs.cli``: the same as the ``zombie-envs`` command."""

import sys

from .main import main

sys.exit(main())
