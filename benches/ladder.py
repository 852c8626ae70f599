"""The ladder of issue 13 §4: agents in ladder order (weakest first), each adjacent pair (or every
pair) played as a duplicate arena match, with each agent's time per decision.

A pair ``A vs B`` (``A`` the later agent in ``--agents``, so a ladder that holds shows positive
differences) sits ``A, B, A, B, ...`` round the table (Zen Cheng You: A's team against B's) and
plays ``--deals`` deals, each once per distinct rotation (the arena's duplicate format), for
``--matches`` matches a game. Points per match come with 95 % intervals over the deals, and
``A - B`` is paired deal by deal (:mod:`zhengfen.arena.report`). The games are the arena's
(:func:`zhengfen.arena.run`, which plays them with ``zhengfen.rollouts``): a seed names them, and
``--threads`` changes only the time.

Time per decision: each agent alone in every seat, ``--timing-deals`` deals of one match on one
thread, the wall seconds over its decisions (forced moves and the engine's own work included).
The arena cannot split a mixed table's time between its agents, so this is measured apart,
before the pairs; it also shows up front that every agent can play the rules.

Each learned model an agent plays (``learned``: the shipped one; ``learned(model=PATH)``, also
as an ``ismcts`` policy) is listed under the table's preamble with the training behind it: its
core-hours and decisions, those of the model it started from (``zhengfen train --init``)
included, and its command.

The Markdown table is printed, and with ``--out FILE`` written there after each pair (the path is
checked before anything is played), with the settings and the command above it.

Run: ``python benches/ladder.py --game zheng_fen --agents random,greedy,search,ismcts,learned
--deals 2000 --threads 2 --out ladder.md``
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shlex
import sys
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen.agents import agent_label, read_agent
from zhengfen.agents.seats import fill
from zhengfen.arena import Interval, ProgressBar, Report, Tournament, run
from zhengfen.arena.command import check_tournament
from zhengfen.cli.arguments import (
    MAX_MATCHES,
    SEED,
    add_rule_set,
    bounded_int,
    check_output,
    positive_int,
    rules_of,
    search_current_folder,
    split_agents,
)

DEFAULT_AGENTS = "random,greedy,search,ismcts,learned"
MAX_THREADS = 256
"""``rollouts`` takes 1 to 256 threads."""


@dataclass(frozen=True)
class Pair:
    """One duplicate match of the ladder: ``first`` (A) against ``second`` (B)."""

    first: str
    second: str
    deals: int
    first_points: Interval
    second_points: Interval
    lead: Interval
    seconds: float

    def verdict(self) -> str:
        """Which agent the interval of ``A - B`` puts ahead, if it excludes 0."""
        if self.lead.low is not None and self.lead.low > 0:
            return "A"
        if self.lead.high is not None and self.lead.high < 0:
            return "B"
        return "not separated"


def pairs(agents: list[str], all_pairs: bool) -> list[tuple[str, str]]:
    """``(A, B)`` pairs, A the later agent in ladder order: adjacent ones, or every one."""
    if all_pairs:
        return [
            (agents[j], agents[i]) for i in range(len(agents)) for j in range(i + 1, len(agents))
        ]
    return [(agents[i + 1], agents[i]) for i in range(len(agents) - 1)]


def canonical(name: str) -> str:
    """A built-in agent's canonical spec (``search`` and ``search(determinizations=8,
    candidates=8)`` are one agent); a user's ``module:Class`` as given."""
    return agent_label(read_agent(name))


def tournament(args: argparse.Namespace, agents: list[str], **settings: Any) -> Tournament:
    """The arena tournament of ``agents`` repeated round the table, from the ladder's settings
    (``settings`` replace some), each agent read once here."""
    rules = rules_of(args)
    read = {name: read_agent(name) for name in agents}
    seated = fill(agents, rules.players)
    base = Tournament(
        rules=rules,
        agents=tuple(read[name] for name in seated),
        names=tuple(seated),  # the rows name the agents as given
        deals=args.deals,
        seed=args.seed,
        matches=args.matches,
        threads=args.threads,
    )
    return replace(base, **settings)


def play_pair(args: argparse.Namespace, first: str, second: str) -> Pair:
    """The duplicate match of ``first`` against ``second``."""
    match = tournament(args, [first, second])
    progress = None
    if not args.no_progress:
        print(f"{first} vs {second}:", file=sys.stderr, flush=True)
        progress = ProgressBar(match.deals * match.rotations())
    start = time.perf_counter()
    with progress or contextlib.nullcontext():  # ends the bar even when interrupted
        chunk = max(1, min(match.deals, 8 * match.threads))
        games = run(match, progress=progress, chunk_size=chunk)
    seconds = time.perf_counter() - start
    report = Report(match, games, seconds)
    points = {stats.name: stats.per_match for stats in report.stats()}
    paired = report.difference()
    a, b = points[first], points[second]
    assert a is not None and b is not None and paired is not None  # every deal plays both
    return Pair(first, second, match.deals, a, b, paired[2], seconds)


def time_per_decision(args: argparse.Namespace, agent: str) -> float | None:
    """Wall seconds per decision of ``agent`` alone in every seat (``None``: not measured)."""
    if args.timing_deals == 0:
        return None
    alone = tournament(
        args, [agent], deals=args.timing_deals, duplicate=False, matches=1, threads=1
    )
    start = time.perf_counter()
    games = run(alone)
    seconds = time.perf_counter() - start
    return seconds / max(1, sum(game.decisions for game in games))


def duration(seconds: float | None) -> str:
    """``12 us``, ``3.4 ms``, ``1.20 s``; ``-`` when not measured."""
    if seconds is None:
        return "-"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} us"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


HEADER = [
    "| A vs B | deals | A pts/match [95 % CI] | B pts/match [95 % CI] | A - B [95 % CI] "
    "| ahead | seconds | time per decision A / B |",
    "|---|---|---|---|---|---|---|---|",
]


def row(pair: Pair, timing: dict[str, float | None]) -> str:
    """A Markdown row of the table."""
    return (
        f"| {pair.first} vs {pair.second} | {pair.deals} | {pair.first_points.text()} "
        f"| {pair.second_points.text()} | {pair.lead.text(signed=True)} | {pair.verdict()} "
        f"| {pair.seconds:.1f} | {duration(timing[pair.first])} / "
        f"{duration(timing[pair.second])} |"
    )


def preamble(args: argparse.Namespace, argv: list[str]) -> list[str]:
    """What the table measured, and the command that made it."""
    rules = rules_of(args)
    seats = "A's team against B's" if rules.game == "zen_cheng_you" else "A, B, A, B, ..."
    timing = (
        f"each agent alone in every seat, {args.timing_deals} deal(s) of one match, one thread"
        if args.timing_deals
        else "not measured"
    )
    return [
        f"`python benches/ladder.py {shlex.join(argv)}`",
        "",
        f"{rules!r}; {args.deals} duplicate deals (seed {args.seed}), seats {seats}, "
        f"{args.matches} match(es) a game, {args.threads} thread(s). Points per match with "
        f"95 % intervals over the deals; A - B paired deal by deal. Time per decision: {timing}.",
        "",
    ]


def models(agent: str, rules: zhengfen.Rules) -> list[tuple[str, zhengfen.LearnedModel]]:
    """The learned model ``agent`` plays, if any, with its name (its path, or ``shipped``), as
    the core reads the spec."""
    read = read_agent(agent)
    if not isinstance(read, zhengfen.AgentSpec):
        return []
    spec = read.bind(rules)
    model = spec.model
    return [] if model is None else [(spec.model_file or "shipped", model)]


def budget(training: dict[str, Any]) -> tuple[float, int]:
    """Core-hours and decisions behind a model's ``training`` record, its start's included."""
    hours, decisions = float(training["core_hours"]), int(training["decisions"])
    if "init" in training:
        more = budget(training["init"])
        hours, decisions = hours + more[0], decisions + more[1]
    return hours, decisions


def model_lines(agents: list[str], rules: zhengfen.Rules) -> list[str]:
    """One line per learned model the agents play: its training budget and command."""
    lines, seen = [], set()
    for agent in agents:
        for name, model in models(agent, rules):
            if name in seen:
                continue
            seen.add(name)
            training = json.loads(model.metadata["training"])
            hours, decisions = budget(training)
            layers = "-".join(map(str, model.layers))
            lines.append(
                f"- model `{name}` ({layers}, {model.history_rows} history rows): "
                f"{hours:.2f} core-hours, {decisions:,} learner decisions of training; "
                f"`{training['command']}`"
            )
    return [*lines, ""] if lines else []


def check(args: argparse.Namespace) -> list[str]:
    """The canonical agents, every setting checked before anything is played: the rules, the
    agents (each one able to play these rules), the sizes and the output file."""
    rules = rules_of(args)
    names = split_agents(args.agents)
    search_current_folder(names)
    agents = [canonical(name) for name in names]
    if len(agents) < 2:
        raise ValueError("--agents: a ladder needs at least 2 agents")
    twice = sorted({name for name in agents if agents.count(name) > 1})
    if twice:
        raise ValueError(f"--agents: {', '.join(twice)} given twice")
    if not 1 <= args.threads <= MAX_THREADS:
        raise ValueError(f"--threads must be 1 to {MAX_THREADS}")
    for first, second in pairs(agents, args.all_pairs):
        check_tournament(tournament(args, [first, second]))
    for agent in agents:  # no deal played: the core checks the agent against the rules
        if isinstance(read_agent(agent), zhengfen.AgentSpec):
            zhengfen.rollouts(rules, [agent] * rules.players, 0, args.seed)
    if args.out is not None:
        check_output(args.out, "--out")
    return agents


def parser() -> argparse.ArgumentParser:
    """The command-line arguments."""
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_rule_set(parse)
    parse.add_argument(
        "--agents", default=DEFAULT_AGENTS, help=f"in ladder order (default {DEFAULT_AGENTS})"
    )
    parse.add_argument("--all-pairs", action="store_true", help="every pair, not just neighbours")
    parse.add_argument("--deals", type=positive_int, default=500)
    parse.add_argument("--matches", type=bounded_int(1, MAX_MATCHES), default=1)
    parse.add_argument("--seed", type=SEED, default=2026, help="seed of the deals (2026)")
    parse.add_argument("--threads", type=int, default=1, help=f"1 to {MAX_THREADS} (1)")
    parse.add_argument("--timing-deals", type=bounded_int(0, 10_000), default=8)
    parse.add_argument("--out", type=Path, default=None, help="write the Markdown here too")
    parse.add_argument("--no-progress", action="store_true")
    return parse


def main(argv: list[str] | None = None) -> int:
    """Plays the ladder; exit status 2 with one line on standard error for refused settings."""
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv)
    try:
        agents = check(args)
        timing = {agent: time_per_decision(args, agent) for agent in agents}
        rules = rules_of(args)
        lines = preamble(args, argv) + model_lines(agents, rules) + HEADER
        print("\n".join(lines), flush=True)
        for first, second in pairs(agents, args.all_pairs):
            lines.append(row(play_pair(args, first, second), timing))
            print(lines[-1], flush=True)
            if args.out is not None:
                args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except (ValueError, TypeError, RuntimeError, OSError) as error:
        print(f"ladder: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
