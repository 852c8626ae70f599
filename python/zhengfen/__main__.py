"""``python -m zhengfen``: the ``zhengfen`` command (see :mod:`zhengfen.cli`)."""

from zhengfen.cli import main

raise SystemExit(main())
