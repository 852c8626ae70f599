"""The project's documents, shipped inside the package so an installed copy can read them.

``RULES`` (the rules, numbered; the code cites its sections), ``AI`` (encodings, batched play,
agents, environments), ``CONFORMANCE`` (the protocol and vectors for other implementations) and
``BOTS`` (the protocol by which any program plays a seat) are the Markdown files at the root of
the source repository. The Python API is documented by its docstrings and stubs, from which the
API reference is generated (``mkdocs build``: ``mkdocs.yml``, ``docs/``). In the source tree
the files in this folder are symbolic links to them, so each document is kept once; a wheel or
an sdist holds real copies. From the command line: ``python -m zhengfen.docs`` lists them and
``python -m zhengfen.docs RULES`` prints one (see :mod:`zhengfen.docs.command`).

>>> from zhengfen import docs
>>> docs.names()
('RULES', 'AI', 'CONFORMANCE', 'BOTS')
>>> docs.text("rules").splitlines()[0]
'# The rules zhengfen implements'
>>> docs.text("RULES.md") == docs.text("RULES")
True
>>> docs.text("README")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
zhengfen.errors.ZhengfenError: unknown document 'README': the documents are RULES, AI, ...
"""

from __future__ import annotations

from pathlib import Path

from zhengfen.errors import ZhengfenError

__all__ = ["SUMMARIES", "names", "path", "text"]

SUMMARIES = {
    "RULES": "the rules of Zheng Fen and Zen Cheng You, numbered; the code cites the sections",
    "AI": "encodings, batched play (VecGame, rollouts), agents, hidden information, environments",
    "CONFORMANCE": "notation, dealing, digests, the protocol and vectors for other implementations",
    "BOTS": "the bot protocol: any program plays a seat over JSON lines, its faults contained",
}
"""Each shipped document by name, with one line on what it holds."""


def names() -> tuple[str, ...]:
    """The names of the shipped documents, in reading order."""
    return tuple(SUMMARIES)


def canonical(name: str) -> str:
    """``name`` as a document name: any case, with or without ``.md``; else ``ZhengfenError``
    naming it and the documents there are."""
    if not isinstance(name, str):
        raise ZhengfenError(f"a document name must be a string, not {type(name).__name__}")
    key = name.strip().upper().removesuffix(".MD")
    if key not in SUMMARIES:
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise ZhengfenError(f"unknown document {shown!r}: the documents are {', '.join(SUMMARIES)}")
    return key


def text(name: str) -> str:
    """The Markdown text of document ``name`` (``"RULES"``, ``"AI"``, ``"CONFORMANCE"`` or
    ``"BOTS"``; any case, ``.md`` optional)."""
    return path(name).read_text(encoding="utf-8")


def path(name: str) -> Path:
    """The file of document ``name`` on disk, to open in an editor or a Markdown viewer.

    Installed from a wheel or an sdist, this is the copy in the package; in a source tree it
    resolves the link to the repository's own file."""
    return Path(__file__).resolve().parent.joinpath(f"{canonical(name)}.md").resolve()
