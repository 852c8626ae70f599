"""``python -m zhengfen.docs``: see :mod:`zhengfen.docs.command`."""

from zhengfen.docs.command import main

raise SystemExit(main())
