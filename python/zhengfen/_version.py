"""The package's version, from one home: the Cargo workspace's ``version`` (Cargo.toml).

maturin writes that version into the wheel's metadata (``dynamic = ["version"]`` in
pyproject.toml), and :data:`__version__` reads it back from the installed distribution. A
source tree put on ``sys.path`` without installing has no metadata: ``"0+unknown"`` then.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

UNKNOWN = "0+unknown"
"""The version of a source tree that is not installed (a valid PEP 440 version)."""


def installed_version() -> str:
    """The installed ``zhengfen`` distribution's version, or :data:`UNKNOWN`."""
    try:
        return version("zhengfen")
    except PackageNotFoundError:
        return UNKNOWN


__version__ = installed_version()
