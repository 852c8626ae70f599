"""``zhengfen demo``: a short demonstration of the engine on a seeded deal.

Deals the hands of a rule set from a seed (4-player Zheng Fen unless ``--game``, ``--players``
or ``--option`` say otherwise), classifies a few plays (jokers make several
readings), and lists the legal leads and a follow of the first hand.
"""

from __future__ import annotations

import argparse
from collections import Counter

import zhengfen
from zhengfen.cli.arguments import SEED, add_rule_set, rules_of

__all__ = ["HELP", "add_arguments", "demo", "run"]

HELP = "a short demonstration on a seeded deal"

EXAMPLE_PLAYS = (
    "7h BJ RJ",
    "4c 4d 5c 5d BJ RJ",
    "8c 8d 8h Ah 2h",
    "5s 10h Kd",
    "Jh Qh Kh Ah 2h",
    "8c 8d 8h 4c Jd",
)


def demo(seed: int, rules: zhengfen.Rules | None = None) -> str:
    """The demonstration text for one seed under ``rules`` (4-player Zheng Fen by default).

    >>> print(demo(42).splitlines()[0])
    Zheng Fen, 4 players, seed 42: Rules.zheng_fen(players=4, jokers_wild=True, ...
    """
    rules = rules or zhengfen.Rules.zheng_fen()
    title = "Zheng Fen" if rules.game == "zheng_fen" else "Zen Cheng You"
    shown = ", ".join(repr(rules).split(", ")[:2])
    lines = [f"{title}, {rules.players} players, seed {seed}: {shown}, ...)"]
    hands = zhengfen.deal(rules, seed)
    for seat, hand in enumerate(hands):
        lines.append(f"  seat {seat} ({len(hand):2} cards): {hand}")
    lines.append("Readings, strongest first:")
    for play in EXAMPLE_PLAYS:
        readings = [f"{c.kind} {c.rank} {c.length}" for c in zhengfen.classify(play, rules)]
        lines.append(f"  {play:<20} -> {'; '.join(readings) or 'no combination'}")
    leads = zhengfen.legal_moves(hands[0], None, rules)
    kinds = Counter(move.kind for move in leads)
    summary = ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))
    lines.append(f"Seat 0 may lead {len(leads)} plays: {summary}")
    table = zhengfen.classify("6c 6d", rules)[0]
    follows = sorted(str(move) for move in zhengfen.legal_moves(hands[0], table, rules))
    lines.append(f"On {table}, seat 0 may play {len(follows)}:")
    lines.extend(f"  {move}" for move in follows)
    return "\n".join(lines)


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen demo``."""
    command.add_argument("--seed", type=SEED, default=42, help="deal seed (default 42)")
    add_rule_set(command)
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Prints the demonstration; returns the exit status."""
    print(demo(args.seed, rules_of(args)))
    return 0
