"""Does the portable wheel pay for not assuming ``popcnt``? (benches/RESULTS.md, "Portable
wheels and popcnt").

Builds the criterion benches ``movegen`` and ``game`` of zhengfen-core twice, for the portable
x86-64 baseline that the wheels target and with ``-C target-cpu=x86-64-v2`` (``popcnt``,
SSE4.2), each in a target folder of its own, then runs the two builds in alternation, ROUNDS
times, with short criterion settings, so that both see the same load on a shared machine. It
prints, per benchmark, the median over rounds of criterion's time estimate for each build and
their ratio.

Usage: ``python scripts/bench_popcnt.py [--rounds N] [--target-root DIR]`` (x86_64 only; the
first run compiles both builds, minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILDS = {"portable": "", "x86-64-v2": "-C target-cpu=x86-64-v2"}
BENCHES = ("movegen", "game")
# "NAME   time:   [LOW UNIT ESTIMATE UNIT HIGH UNIT]"; a long NAME puts "time:" on the next line.
TIME = re.compile(r"^(\S.*?)\s+time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]", re.MULTILINE)
UNITS = {"ps": 1e-3, "ns": 1.0, "µs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}


def executables(build: str, target: Path) -> dict[str, Path]:
    """Compiles the benches of one build; returns each bench's executable."""
    env = dict(os.environ, CARGO_TARGET_DIR=str(target))
    env.pop("RUSTFLAGS", None)
    if BUILDS[build]:
        env["RUSTFLAGS"] = BUILDS[build]
    command = ["cargo", "bench", "-p", "zhengfen-core", "--locked", "--no-run"]
    command += [arg for bench in BENCHES for arg in ("--bench", bench)]
    command.append("--message-format=json")
    built = subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True, text=True)
    found = {}
    for line in built.stdout.splitlines():
        message = json.loads(line)
        target_info = message.get("target", {})
        if message.get("executable") and "bench" in target_info.get("kind", []):
            found[target_info["name"]] = Path(message["executable"])
    return found


def run_once(executable: Path) -> dict[str, float]:
    """One criterion run, short settings; each benchmark's time estimate in ns."""
    settings = ["--bench", "--warm-up-time", "1", "--measurement-time", "2", "--noplot"]
    ran = subprocess.run(
        [str(executable), *settings], cwd=ROOT, check=True, capture_output=True, text=True
    )
    return {name: float(value) * UNITS[unit] for name, value, unit in TIME.findall(ran.stdout)}


def spread(values: list[float]) -> str:
    """``median [min, max]`` of times in ns, shown in µs."""
    low, middle, high = min(values), statistics.median(values), max(values)
    return f"{middle / 1e3:.1f} [{low / 1e3:.1f}, {high / 1e3:.1f}] µs"


def main() -> int:
    """Builds, runs in alternation and prints the table; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--target-root", type=Path, default=ROOT / "target" / "bench-popcnt")
    args = parser.parse_args()
    built = {b: executables(b, args.target_root / b) for b in BUILDS}
    times: dict[str, dict[str, list[float]]] = {b: {} for b in BUILDS}
    for round_number in range(args.rounds):
        for build in BUILDS if round_number % 2 == 0 else reversed(list(BUILDS)):
            for bench in BENCHES:
                for name, value in run_once(built[build][bench]).items():
                    times[build].setdefault(name, []).append(value)
        print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr)
    print(
        "| benchmark | portable: median [min, max] | x86-64-v2: median [min, max] | v2 ÷ portable |"
    )
    print("|---|---|---|---|")
    for name, portable in times["portable"].items():
        v2 = times["x86-64-v2"][name]
        ratio = statistics.median(v2) / statistics.median(portable)
        print(f"| {name} | {spread(portable)} | {spread(v2)} | {ratio:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
