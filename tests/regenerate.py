"""``python tests/regenerate.py [--check]``: the one command that regenerates all golden data
after a rule change (docs/development.md, "Testing"; CONFORMANCE.md §7).

The golden data, each made by the Rust engine and checked against the reference implementation
(:mod:`zhengfen.reference`):

- ``python/zhengfen/conformance/vectors/``, the conformance vectors (shipped in the package),
  checked by running the conformance checker against the reference's protocol server;
- ``tests/data/legal_moves.jsonl``, the legal-move count vectors (:mod:`golden_legal_moves`),
  each entry recomputed by the reference;
- ``tests/data/playthroughs/``, the golden transcripts (:mod:`golden_playthroughs`), each
  replayed by the reference;
- ``python/zhengfen/bots/vectors/``, the bot protocol's vectors (BOTS.md §9, shipped in the
  package), each replayed to the test suite's correct bot answering in notation (every
  ``legal`` move read back as legal).

Everything is generated into a temporary folder first. If the reference disagrees with anything
generated, nothing is written and the command exits with status 2 and one line on standard
error. Otherwise the stored files are replaced (exit 0). With ``--check``, nothing is written:
the command says whether the stored files are byte-identical to the fresh generation (exit 0)
or which differ (exit 1).
"""

from __future__ import annotations

import argparse
import filecmp
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import golden_legal_moves
import golden_playthroughs
from zhengfen import reference as the_reference
from zhengfen.bots import vectors as bot_vectors
from zhengfen.conformance import vectors
from zhengfen.conformance.checker import check

ROOT = Path(__file__).resolve().parent.parent
"""The source checkout whose golden data this command rewrites."""

REFERENCE_SERVER = f"{sys.executable} -m zhengfen conformance serve --impl reference"
"""The reference behind the conformance protocol, as the checker runs it (CONFORMANCE.md)."""


@dataclass(frozen=True)
class Golden:
    """One piece of golden data: where it is stored (a file or a folder, relative to the
    checkout), how the Rust engine writes it, and what the reference finds wrong in it."""

    path: str
    write: Callable[[Path], int]
    disagreements: Callable[[Path, ModuleType], Iterator[str]]


def _write_vectors(folder: Path) -> int:
    return sum(vectors.generate([folder]).values())


def _vector_failures(folder: Path, _reference: ModuleType) -> Iterator[str]:
    """The vectors the reference's protocol server fails, as the checker reports them."""
    report = check(REFERENCE_SERVER, folder)
    for failure in report.failures:
        yield f"conformance vectors: {failure.text().splitlines()[0]}"


def _write_bot_vectors(folder: Path) -> int:
    folder.mkdir(exist_ok=True)
    return len(bot_vectors.generate(folder))


def _bot_vector_failures(folder: Path, _reference: ModuleType) -> Iterator[str]:
    """The rows a correct bot (answering in notation) fails on the bot vectors."""
    bot = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'checked.py'} notation"
    for row in bot_vectors.replay(bot, folder).rows:
        if row.passed is False:
            yield f"bot vectors: {row.name}: {row.detail}"


GOLDEN = (
    Golden(
        f"tests/data/{golden_legal_moves.PATH}",
        golden_legal_moves.write,
        golden_legal_moves.disagreements,
    ),
    Golden(
        f"tests/data/{golden_playthroughs.PATH}",
        golden_playthroughs.write,
        golden_playthroughs.disagreements,
    ),
    Golden("python/zhengfen/conformance/vectors", _write_vectors, _vector_failures),
    Golden("python/zhengfen/bots/vectors", _write_bot_vectors, _bot_vector_failures),
)


class Refused(Exception):
    """The reference disagrees with something generated; nothing is written."""


def generate(fresh: Path, reference: ModuleType) -> dict[str, int]:
    """Generates every piece of golden data under ``fresh``; :class:`Refused` at the first
    piece the reference disagrees with. Returns how many items each piece holds."""
    counts: dict[str, int] = {}
    for golden in GOLDEN:
        target = fresh / golden.path
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            counts[golden.path] = golden.write(target)
        except SystemExit as refusal:  # the vectors' own cross-check
            raise Refused(str(refusal.code)) from None
        problems = list(golden.disagreements(target, reference))
        if problems:
            raise Refused(f"{problems[0]} ({len(problems)} in all)")
    return counts


def files(path: Path) -> dict[str, Path]:
    """The files of a piece of golden data by name: the file itself, or a folder's files."""
    if path.is_dir():
        return {p.name: p for p in sorted(path.iterdir()) if p.is_file()}
    return {path.name: path} if path.is_file() else {}


def differences(fresh: Path, root: Path) -> list[str]:
    """Each stored file that differs from the fresh one, is missing or is left over, with how."""
    changed = []
    for golden in GOLDEN:
        new, old = files(fresh / golden.path), files(root / golden.path)
        folder = (fresh / golden.path).is_dir()
        for name in sorted(new.keys() | old.keys()):
            path = f"{golden.path}/{name}" if folder else golden.path
            if name not in old:
                changed.append(f"missing: {path}")
            elif name not in new:
                changed.append(f"left over: {path}")
            elif not filecmp.cmp(new[name], old[name], shallow=False):
                changed.append(f"differs: {path}")
    return changed


def install(fresh: Path, root: Path) -> None:
    """Replaces the stored golden data by the fresh one (left-over files of a folder go)."""
    for golden in GOLDEN:
        source, target = fresh / golden.path, root / golden.path
        if source.is_dir():
            target.mkdir(parents=True, exist_ok=True)
            for name, stale in files(target).items():
                if name not in files(source):
                    stale.unlink()
            for path in files(source).values():
                shutil.copyfile(path, target / path.name)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)


def main(
    argv: Sequence[str] | None = None, root: Path = ROOT, reference: Any = the_reference
) -> int:
    """Runs the command; returns the exit status (0, 1 for ``--check`` with changes, 2)."""
    parser = argparse.ArgumentParser(prog="python tests/regenerate.py", description=__doc__)
    parser.add_argument(
        "--check", action="store_true", help="write nothing; say whether the files are current"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        fresh = Path(tmp)
        try:
            counts = generate(fresh, reference)
        except Refused as refusal:
            print(
                f"regenerate: the reference disagrees, nothing written: {refusal}", file=sys.stderr
            )
            return 2
        changed = differences(fresh, root)
        if args.check:
            for line in changed:
                print(line)
            print("golden data is " + ("out of date" if changed else "byte-identical"))
            return 1 if changed else 0
        install(fresh, root)
    for path, count in counts.items():
        print(f"{path}: {count} items")
    print(f"{len(changed)} files changed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
