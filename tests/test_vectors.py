"""The legal-move count vectors of ``tests/data/legal_moves.jsonl`` (shared with cargo test),
checked against both implementations. Regenerate with ``python tests/regenerate.py``."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

from conftest import make_rules

VECTORS = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "legal_moves.jsonl").read_text().splitlines()
    if line.strip()
]


def test_there_are_enough_vectors() -> None:
    games = {v["rules"]["game"] for v in VECTORS}
    assert len(VECTORS) >= 200 and games == {"zheng_fen", "zen_cheng_you"}
    assert any(v["table"] is None for v in VECTORS) and any(v["table"] for v in VECTORS)


def test_vectors(impl: ModuleType) -> None:
    failures: list[str] = []
    for v in VECTORS:
        rules: Any = make_rules(impl, v["rules"])
        moves = impl.legal_moves(v["hand"], v["table"], rules)
        got = (len(moves), impl.move_digest(moves))
        if got != (v["count"], v["digest"]):
            failures.append(f"{v['rules']} {v['hand']!r} on {v['table']!r}: {got}")
    assert not failures, "\n".join(failures[:10])
