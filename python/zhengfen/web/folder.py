"""Where ``zhengfen serve`` keeps its data (:func:`data_folder`): its database
(:mod:`zhengfen.web.database`), which ``zhengfen export`` reads, and the league's file, which
``zhengfen league`` writes by default (:func:`zhengfen.league.store.default_path`). Paths only:
nothing of the server is imported.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_folder"]


def data_folder(given: Path | None) -> Path:
    """The data folder: ``given``, else ``$ZHENGFEN_DATA``, else ``$XDG_DATA_HOME/zhengfen``,
    else ``~/.local/share/zhengfen``."""
    if given is not None:
        return given
    if os.environ.get("ZHENGFEN_DATA"):
        return Path(os.environ["ZHENGFEN_DATA"])
    xdg = os.environ.get("XDG_DATA_HOME")
    return (Path(xdg) if xdg else Path.home() / ".local" / "share") / "zhengfen"
