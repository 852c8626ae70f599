"""``python tests/regenerate.py``, the one command for all golden data: the stored files are
byte-identical to a fresh generation, and a disagreement of the reference writes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import regenerate
from zhengfen import reference
from zhengfen.conformance import vectors

TESTS = Path(__file__).parent


def test_the_stored_golden_data_is_a_fresh_generation() -> None:
    """``--check`` regenerates everything (about 35 s) and finds every stored file identical."""
    run = subprocess.run(
        [sys.executable, str(TESTS / "regenerate.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().splitlines()[-1] == "golden data is byte-identical"


def _reference_dropping_a_move() -> ModuleType:
    """The reference with one fault: it lists one legal move too few."""
    faulty = ModuleType("faulty_reference")
    faulty.__dict__.update(reference.__dict__)

    def legal_moves(*args: Any) -> list[Any]:
        return list(reference.legal_moves(*args))[1:]

    faulty.legal_moves = legal_moves  # type: ignore[attr-defined]
    return faulty


def test_a_disagreeing_reference_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert regenerate.main([], root=tmp_path, reference=_reference_dropping_a_move()) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert "the reference disagrees, nothing written" in err and "legal_moves.jsonl line 1" in err
    assert list(tmp_path.iterdir()) == []


def test_a_refusal_of_the_vectors_own_cross_check_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def refuse(_: list[Path]) -> dict[str, int]:
        raise SystemExit("the reference disagrees on rng case 'seed 0'")

    monkeypatch.setattr(vectors, "generate", refuse)
    assert regenerate.main(["--check"], root=tmp_path) == 2
    assert "rng case 'seed 0'" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    return root


def test_install_makes_the_stored_files_equal_the_fresh_ones(tmp_path: Path) -> None:
    """Changed files are replaced, missing ones added, a folder's left-over files removed;
    ``differences`` names each before and none after."""
    moves, plays, vecs, bots = (g.path for g in regenerate.GOLDEN)
    same = {f"{vecs}/v.json": "v", f"{bots}/b.json": "b"}
    fresh = _tree(tmp_path / "fresh", {moves: "new", f"{plays}/a.txt": "a", **same})
    root = _tree(tmp_path / "root", {moves: "old", f"{plays}/b.txt": "b", **same})
    assert regenerate.differences(fresh, root) == [
        f"differs: {moves}",
        f"missing: {plays}/a.txt",
        f"left over: {plays}/b.txt",
    ]
    regenerate.install(fresh, root)
    assert regenerate.differences(fresh, root) == []
    assert sorted(p.name for p in (root / plays).iterdir()) == ["a.txt"]


def test_the_old_generators_are_gone() -> None:
    assert not (TESTS / "generate_vectors.py").exists()
    assert not (TESTS / "generate_playthroughs.py").exists()
