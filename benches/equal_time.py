"""The equal-time study of issue 31 §6: IS-MCTS guided by a learned model (``ismcts(policy=...)``,
AI.md §4.1.1) against pure search (``--baseline``, the default ``ismcts``) when the guided search
is given about 1/10, 1/3 and 1 times the baseline's time a decision (``--fractions``).

Calibration, just before each fraction's match (the machines are shared and their load drifts
over a long study, so only times measured side by side are compared): each agent alone in every
seat, ``--timing-deals`` deals of one match on one thread, the wall seconds over its decisions,
as ``ladder.py`` times. The baseline is timed, then the guided search at two iteration counts
(``--probes``); the straight line through them (a fixed cost a decision plus a cost an
iteration) gives the count whose time is the fraction of the baseline's; that count is timed,
and the baseline again. The table shows the ratio reached (the count's time over the mean of
the baseline's two), not the one aimed at.

Then each count plays the ladder's duplicate match against the baseline (A, B, A, B round the
table; in Zen Cheng You A's team against B's): points per match, A - B paired deal by deal,
95 % intervals. The Markdown table is printed, and with ``--out FILE`` written there after each
row (the path is checked before anything is played).

Run: ``python benches/equal_time.py --game zheng_fen --deals 200 --threads 2 --out eq.md``;
``--policy 'learned(model=PATH)'`` guides the search with another model than the shipped one,
``--playout greedy`` plays its leaves out greedily instead of valuing them with the model,
``--settings exploration=0.4,candidates=12`` sets the guided search's other settings.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import ladder
import zhengfen
from zhengfen.arena.command import check_tournament
from zhengfen.cli.arguments import (
    MAX_MATCHES,
    SEED,
    add_rule_set,
    bounded_int,
    check_output,
    positive_int,
    rules_of,
)

MOST_ITERATIONS = 100_000
"""The guided search's iterations are clamped to 1 to this many (the core's own bound)."""


@dataclass(frozen=True)
class Line:
    """Seconds a decision as a straight line in the iterations: ``fixed + each * iterations``."""

    fixed: float
    each: float

    @staticmethod
    def through(first: tuple[int, float], second: tuple[int, float]) -> Line:
        """The line through two ``(iterations, seconds)`` timings; when noise makes it fall
        (a slope of 0 or less), the line through the origin and the larger count instead."""
        (n1, t1), (n2, t2) = sorted((first, second))
        if n2 > n1 and t2 > t1:
            each = (t2 - t1) / (n2 - n1)
            return Line(t1 - each * n1, each)
        return Line(0.0, t2 / n2)

    def iterations(self, seconds: float) -> int:
        """The iteration count whose time is ``seconds``, within 1 to :data:`MOST_ITERATIONS`."""
        wanted = round((seconds - self.fixed) / self.each)
        return max(1, min(MOST_ITERATIONS, wanted))


def guided(iterations: int, policy: str, playout: str = "value", settings: str = "") -> str:
    """The spec of the guided search at ``iterations`` (its leaves estimated by ``playout``;
    ``settings``, such as ``exploration=0.4,candidates=12``, its other settings)."""
    leaves = "" if playout == "value" else f"playout={playout},"
    others = f"{settings}," if settings else ""
    return f"ismcts(iterations={iterations},{leaves}{others}policy={policy})"


@dataclass(frozen=True)
class Row:
    """One fraction of the table: the count chosen, the two times measured beside each other
    just before its match (``baseline_seconds`` the mean of the timings before and after the
    guided search's), and the match."""

    fraction: float
    iterations: int
    seconds: float
    baseline_seconds: float
    pair: ladder.Pair


HEADER = [
    "| time aimed at | iterations | time a decision (guided / baseline) | ratio "
    "| guided pts/match [95 % CI] | baseline pts/match [95 % CI] | guided - baseline [95 % CI] "
    "| ahead |",
    "|---|---|---|---|---|---|---|---|",
]


def row_text(row: Row) -> str:
    """A Markdown row of the table."""
    pair, baseline_seconds = row.pair, row.baseline_seconds
    ahead = {"A": "guided", "B": "baseline"}.get(pair.verdict(), "not separated")
    return (
        f"| {row.fraction:.3g} x | {row.iterations} | {ladder.duration(row.seconds)} / "
        f"{ladder.duration(baseline_seconds)} | {row.seconds / baseline_seconds:.2f} "
        f"| {pair.first_points.text()} | {pair.second_points.text()} "
        f"| {pair.lead.text(signed=True)} | {ahead} |"
    )


def fractions(text: str) -> list[float]:
    """``--fractions``: comma-separated numbers above 0 and at most 10."""
    try:
        values = [float(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not numbers separated by commas: {text!r}") from None
    if not values or not all(0 < value <= 10 for value in values):
        raise argparse.ArgumentTypeError(f"each fraction must be above 0 and at most 10: {text!r}")
    return values


def probes(text: str) -> tuple[int, int]:
    """``--probes``: two different iteration counts, ``LOW,HIGH``."""
    try:
        low, high = sorted(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not two whole numbers: {text!r}") from None
    if not 1 <= low < high <= MOST_ITERATIONS:
        raise argparse.ArgumentTypeError(
            f"two different counts of 1 to {MOST_ITERATIONS} iterations: {text!r}"
        )
    return low, high


def parser() -> argparse.ArgumentParser:
    """The command-line arguments (the names ``ladder.py``'s helpers read among them)."""
    parse = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_rule_set(parse)
    parse.add_argument("--baseline", default="ismcts", help="the pure search (ismcts)")
    parse.add_argument("--policy", default="learned", help="the guiding model (learned)")
    parse.add_argument(
        "--playout",
        choices=["value", "learned", "greedy", "random"],
        default="value",
        help="how the guided search estimates a leaf (value: the model's values)",
    )
    parse.add_argument(
        "--settings",
        default="",
        metavar="NAME=VALUE,...",
        help="the guided search's other settings (exploration=E,candidates=K; its defaults)",
    )
    parse.add_argument("--fractions", type=fractions, default=[0.1, 1 / 3, 1.0])
    parse.add_argument("--probes", type=probes, default=(30, 300), help="LOW,HIGH (30,300)")
    parse.add_argument("--deals", type=positive_int, default=200)
    parse.add_argument("--matches", type=bounded_int(1, MAX_MATCHES), default=1)
    parse.add_argument("--seed", type=SEED, default=41, help="seed of the deals (41)")
    parse.add_argument("--threads", type=bounded_int(1, ladder.MAX_THREADS), default=1)
    parse.add_argument("--timing-deals", type=bounded_int(1, 10_000), default=4)
    parse.add_argument("--out", type=Path, default=None, help="write the Markdown here too")
    parse.add_argument("--no-progress", action="store_true")
    return parse


def check(args: argparse.Namespace) -> tuple[str, str]:
    """The canonical baseline and policy, every setting checked before anything is played (the
    agents able to play the rules, the arena's match, the output file)."""
    rules = rules_of(args)
    baseline, policy = ladder.canonical(args.baseline), ladder.canonical(args.policy)
    for spec in (baseline, guided(args.probes[0], policy, args.playout, args.settings)):
        zhengfen.rollouts(rules, [spec] * rules.players, 0, args.seed)  # the core reads it
        check_tournament(ladder.tournament(args, [spec, baseline]))
    if args.out is not None:
        check_output(args.out, "--out")
    return baseline, policy


def seconds_of(args: argparse.Namespace, agent: str) -> float:
    """Wall seconds a decision of ``agent`` alone in every seat (``ladder.py``'s timing)."""
    seconds = ladder.time_per_decision(args, agent)
    assert seconds is not None  # --timing-deals is at least 1
    return seconds


def calibrated(args: argparse.Namespace, fraction: float, policy: str, baseline: str) -> Row:
    """The guided search's count for ``fraction`` of the baseline's time, from timings made now
    (the load of a shared machine drifts over a long study), and its match."""
    before = seconds_of(args, baseline)
    low, high = (
        (n, seconds_of(args, guided(n, policy, args.playout, args.settings))) for n in args.probes
    )
    count = Line.through(low, high).iterations(fraction * before)
    spec = guided(count, policy, args.playout, args.settings)
    seconds = seconds_of(args, spec)
    baseline_seconds = (before + seconds_of(args, baseline)) / 2
    return Row(fraction, count, seconds, baseline_seconds, ladder.play_pair(args, spec, baseline))


def preamble(args: argparse.Namespace, argv: list[str], baseline: str, policy: str) -> list[str]:
    """What the table measured, and the command that made it."""
    rules = rules_of(args)
    seats = "A's team against B's" if rules.game == "zen_cheng_you" else "A, B, A, B, ..."
    spec = guided(0, policy, args.playout, args.settings).replace("=0,", "=N,")
    return [
        f"`python benches/equal_time.py {shlex.join(argv)}`",
        "",
        f"{rules!r}; guided `{spec}` against `{baseline}`; "
        f"{args.deals} duplicate deals (seed {args.seed}), seats {seats} (guided = A), "
        f"{args.matches} match(es) a game, {args.threads} thread(s). Time a decision: each agent "
        f"alone in every seat, {args.timing_deals} deal(s) of one match, one thread, just before "
        f"each row's match; N from a line through {args.probes[0]} and {args.probes[1]} "
        "iterations timed then.",
        "",
        *ladder.model_lines([policy], rules),
    ]


def study(args: argparse.Namespace, argv: list[str]) -> None:
    """Each fraction calibrated and played in turn, the table printed (and written) row by row."""
    baseline, policy = check(args)
    lines = preamble(args, argv, baseline, policy) + HEADER
    print("\n".join(lines), flush=True)
    for fraction in args.fractions:
        lines.append(row_text(calibrated(args, fraction, policy, baseline)))
        print(lines[-1], flush=True)
        if args.out is not None:
            args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    """Runs the study; exit status 2 with one line on standard error for refused settings."""
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv)
    try:
        study(args, argv)
    except (ValueError, TypeError, RuntimeError, OSError) as error:
        print(f"equal_time: {' '.join(str(error).split())}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
