"""The project's documents stand alone: none points at files outside the repository (the
sources and rulings the rules were settled from are cited by title in RULES.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import zhengfen

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ["RULES.md", "AI.md", "CONFORMANCE.md", "API.md", "BOTS.md", "README.md"]
OUTSIDE = re.compile(r"shared/|RULINGS\.md|seeds/\d|\.\./")


@pytest.mark.parametrize("name", DOCUMENTS)
def test_no_document_points_outside_the_repository(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    found = [line for line in text.splitlines() if OUTSIDE.search(line)]
    assert not found, found


def test_rules_cite_their_sources_by_title() -> None:
    text = (ROOT / "RULES.md").read_text(encoding="utf-8")
    head = text[: text.index("## 1.")]
    for title in ("GiocAreA", "Zen Cheng You - That Game No One Knows", "pagat.com"):
        assert title in " ".join(head.split()), title


# --- API.md states the Python API as it is ---------------------------------------------------

CLASSES = [
    zhengfen.Card,
    zhengfen.Cards,
    zhengfen.Rules,
    zhengfen.Combo,
    zhengfen.SplitMix64,
    zhengfen.Game,
]
BUILTINS = {"str", "repr", "len", "copy", "copy.copy", "copy.deepcopy"}


def _api() -> str:
    return (ROOT / "API.md").read_text(encoding="utf-8")


def test_api_names_every_public_name_of_the_package() -> None:
    """Every name ``zhengfen`` exports and every public member of its classes is named in
    API.md (the AI layer at least by name, specified in AI.md)."""
    text = _api()
    members = {n for c in CLASSES for n in dir(c) if not n.startswith("_")}
    for name in sorted(set(zhengfen.__all__) | members):
        assert re.search(rf"`[^`]*\b{re.escape(name)}\b", text), name


def test_every_call_api_names_exists() -> None:
    """Each call written in API.md (```name(```, ```Class.method(```) is a function of
    ``zhengfen``, a class, or a method of one of its classes."""
    members = {n for c in CLASSES for n in dir(c)}
    for call in set(re.findall(r"`([A-Za-z_][\w.]*)\(", _api())):
        if call in BUILTINS:
            continue
        owner, _, name = call.rpartition(".")
        if owner in ("", "zhengfen"):
            assert hasattr(zhengfen, name) or name in members, call
        else:
            assert hasattr(getattr(zhengfen, owner), name), call


def test_api_is_a_specification_not_a_work_order() -> None:
    text = _api()
    for phrase in ("if it passes", "lines)", "to implement", "add it to"):
        assert phrase not in text, phrase
    sections = re.findall(r"§(\d+\.\d+[a-z]?)", text)
    rules = (ROOT / "RULES.md").read_text(encoding="utf-8")
    for section in sections:
        assert f"**{section} " in rules or f"**{section}." in rules, section
    for old in ("reference/API.md", "GAME_API"):
        for path in [
            *ROOT.glob("*.md"),
            *(ROOT / "python").rglob("*.py"),
            *(ROOT / "tests").rglob("*.py"),
        ]:
            assert (
                old not in path.read_text(encoding="utf-8") or path.name == "test_documents.py"
            ), (old, path)
