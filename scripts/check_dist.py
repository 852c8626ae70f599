"""Checks a built wheel and sdist before release (run by scripts/build_wheels.sh).

- the version in both equals the Cargo workspace's (its one home, read with ``cargo metadata``);
- every classifier is a known trove classifier (``trove-classifiers``), and no license
  classifier stands beside the PEP 639 ``License-Expression``;
- the wheel holds the LICENSE and the documents RULES.md, AI.md, CONFORMANCE.md and BOTS.md as
  files with the repository's contents (the source tree holds them as links), and no ``tests/``;
- the sdist holds the same documents as files, the LICENSE, Cargo.lock and both crates.

Usage: ``python scripts/check_dist.py WHEEL SDIST``; exit status 0, or 1 with one line per
problem on standard error.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

from trove_classifiers import classifiers as known_classifiers

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = ("RULES.md", "AI.md", "CONFORMANCE.md", "BOTS.md")


def cargo_version() -> str:
    """The version of the crate the wheel is built from (the workspace version)."""
    found = subprocess.run(
        ["cargo", "metadata", "--no-deps", "--format-version", "1", "--locked"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    packages = json.loads(found.stdout)["packages"]
    return str(next(p["version"] for p in packages if p["name"] == "zhengfen-py"))


def metadata_problems(metadata: Message, where: str, version: str) -> list[str]:
    """What is wrong with one METADATA / PKG-INFO."""
    problems = []
    if metadata["Version"] != version:
        problems.append(f"{where}: version {metadata['Version']}, Cargo.toml says {version}")
    if metadata["License-Expression"] != "MIT":
        problems.append(f"{where}: License-Expression is {metadata['License-Expression']!r}")
    for classifier in metadata.get_all("Classifier") or []:
        if classifier not in known_classifiers:
            problems.append(f"{where}: unknown classifier {classifier!r}")
        if classifier.startswith("License ::"):
            problems.append(f"{where}: license classifier beside License-Expression")
    return problems


def wheel_problems(wheel: Path, version: str) -> list[str]:
    """What is wrong with the wheel."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = f"zhengfen-{version}.dist-info"
        problems = metadata_problems(
            Parser().parsestr(archive.read(f"{info}/METADATA").decode()), wheel.name, version
        )
        if f"{info}/licenses/LICENSE" not in names:
            problems.append(f"{wheel.name}: no {info}/licenses/LICENSE")
        for document in DOCUMENTS:
            inside = f"zhengfen/docs/{document}"
            if inside not in names:
                problems.append(f"{wheel.name}: no {inside}")
            elif archive.read(inside) != (ROOT / document).read_bytes():
                problems.append(f"{wheel.name}: {inside} differs from {document}")
        problems += [f"{wheel.name}: ships {name}" for name in names if name.startswith("tests/")]
    return problems


def sdist_problems(sdist: Path, version: str) -> list[str]:
    """What is wrong with the sdist."""
    top = f"zhengfen-{version}"
    with tarfile.open(sdist) as archive:
        members = {member.name: member for member in archive.getmembers()}

        def content(name: str) -> bytes | None:
            member = members.get(f"{top}/{name}")
            if member is None or not member.isfile():
                return None
            extracted = archive.extractfile(member)
            return None if extracted is None else extracted.read()

        pkg_info = content("PKG-INFO")
        if pkg_info is None:
            return [f"{sdist.name}: no {top}/PKG-INFO"]
        problems = metadata_problems(Parser().parsestr(pkg_info.decode()), sdist.name, version)
        needed = ["LICENSE", "Cargo.lock", "rust/zhengfen-core/Cargo.toml"]
        needed += ["rust/zhengfen-py/Cargo.toml", "pyproject.toml"]
        problems += [f"{sdist.name}: no file {name}" for name in needed if content(name) is None]
        for document in DOCUMENTS:
            inside = f"python/zhengfen/docs/{document}"
            if content(inside) != (ROOT / document).read_bytes():
                problems.append(f"{sdist.name}: {inside} is missing, a link, or not {document}")
    return problems


def main(argv: list[str]) -> int:
    """Checks ``WHEEL SDIST``; returns the exit status."""
    if len(argv) != 2:
        print("usage: python scripts/check_dist.py WHEEL SDIST", file=sys.stderr)
        return 2
    version = cargo_version()
    problems = wheel_problems(Path(argv[0]), version) + sdist_problems(Path(argv[1]), version)
    for problem in problems:
        print(f"check_dist.py: {problem}", file=sys.stderr)
    if not problems:
        print(f"wheel and sdist of zhengfen {version}: metadata, license and documents checked")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
