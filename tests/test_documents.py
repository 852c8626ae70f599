"""The project's documents stand alone: none points at files outside the repository (the
sources and rulings the rules were settled from are cited by title in RULES.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ["RULES.md", "AI.md", "CONFORMANCE.md", "README.md"]
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
