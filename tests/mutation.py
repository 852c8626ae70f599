"""Mutation testing of the conformance vectors (CONFORMANCE.md §7).

Single-point mutants of the pure-Python reference's rule modules are made from their syntax
trees: comparisons flipped or moved across their boundary, integer constants moved by one,
``True``/``False`` swapped, ``and``/``or`` swapped, ``not`` dropped, arithmetic operators swapped,
and statements of a function body replaced by ``pass``. Docstrings, annotations, imports and the
text of messages are left alone. Each mutant is loaded in a fresh process in place of the module
(the files on disk are never touched) and checked against the shipped vectors exactly as the
conformance checker checks an implementation (:func:`zhengfen.conformance.checker.run_case`,
each request answered by :class:`zhengfen.conformance.server.Server` on the mutated reference).
A mutant is *killed* when a vector fails, when the module cannot be loaded, or when the check
runs past its time limit; it *survives* when every vector passes.

Survivors that no vector can catch are listed in :data:`JUDGED` with the reason: *equivalent*
(the program behaves the same) or *unreachable* (the code serves something the protocol cannot
ask: saved games, ``repr``, Python-only argument checks). The score is killed mutants over the
mutants not judged so::

    python tests/mutation.py run --jobs 2 --report tests/data/mutation.json
    python tests/mutation.py run --sample 200 --seed 1      # a seeded sample
    python tests/mutation.py list --module cards            # what would be run
    python tests/mutation.py show cards:64:25-35:Lt>LtE        # one mutant, before and after
"""

from __future__ import annotations

import argparse
import ast
import importlib.abc
import importlib.machinery
import importlib.util
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "zhengfen.reference"
SOURCE_DIR = ROOT / "python" / "zhengfen" / "reference"
#: The rule modules mutated. ``saving`` is left out: saved games are not part of the protocol.
MODULES = (
    "cards",
    "rng",
    "rules",
    "reading",
    "zheng_fen",
    "zen_cheng_you",
    "combo",
    "classify",
    "candidates",
    "moves",
    "plays",
    "turns",
    "match",
    "game",
)
#: Seconds a mutant may take: an unmutated check takes about 2 s.
DEFAULT_TIMEOUT = 60.0

# Survivors the vectors cannot catch, by mutant id, with the reason (see the module docstring).
JUDGED: dict[str, str] = {
    # cards: Card.suit (suit_of) serves the Python API only; answers carry notation.
    "cards:82:4-44:pass": "unreachable: suit_of serves Card.suit, which no answer uses",
    "cards:82:24-34:Lt>LtE": "unreachable: suit_of serves Card.suit, which no answer uses",
    "cards:82:19-20:plus_one": "unreachable: suit_of serves Card.suit, which no answer uses",
    "reading:53:8-48:pass": "unreachable: Combo.__repr__ is never part of an answer",
    # Argument checks that the server's field checks (conformance/fields.py) make first.
    "rng:34:70-71:minus_one": "unreachable: the server refuses a seed below 0 before the engine",
    "game:58:66-85:Lt>LtE#1": "unreachable: the server refuses a seed of 2**64 before the engine",
    "game:123:12-46:Or>And": "unreachable: the server refuses a leader who is no seat first",
    "rules:115:8-59:pass": "unreachable: the server refuses an unknown game name first",
    "combo:88:4-72:pass": "unreachable: the server always passes card text, never other types",
    "plays:84:8-55:pass": "unreachable: the server always passes a move as text",
    "game:104:82-83:plus_one": "unreachable: the server always passes from_hands a seed",
    "game:140:8-25:pass": "unreachable: the game's seed is kept for saved games only",
    "match:70:8-47:pass": "unreachable: every Zheng Fen deal and setup holds the 3h",
    "moves:107:4-63:pass": "unreachable: the checker digests with its own move_digest",
    "moves:108:58-60:plus_one": "unreachable: the checker digests with its own move_digest",
    "cards:180:8-35:pass": "unreachable: Card.__str__ serves the Python API only",
    "cards:188:8-42:pass": "unreachable: Card.__eq__ serves the Python API only",
    "cards:191:11-38:drop_not": "unreachable: Card.__lt__ serves the Python API only",
    "cards:157:8-65:pass": "unreachable: card indices come from parsed tokens, always in range",
    "cards:157:15-16:minus_one": "unreachable: card indices come from parsed tokens, in range",
    "rules:157:8-90:pass": "unreachable: Rules.__repr__ is never part of an answer",
    "game:64:4-59:pass": "unreachable: the server always passes a Rules",
    "game:217:15-16:minus_one": "unreachable: the server asks only for the hands of real seats",
    "game:244:8-39:pass": "unreachable: the server reports the phase, not Game.game_over",
    "rng:52:8-76:pass": "unreachable: uniform(n) is only called with 2 <= n <= 108",
    # Found by a run of every rng mutant (issue 23 §3): argument checks the server makes first.
    "rng:34:11-88:Or>And": "unreachable: the server refuses a seed out of 0..2**64-1 first",
    "rng:52:11-81:Or>And": "unreachable: uniform(n) is only called with 2 <= n <= 108",
    "rng:52:64-81:LtE>Lt#0": "unreachable: uniform(n) is only called with 2 <= n <= 108",
    "rng:52:64-81:LtE>Lt#1": "unreachable: uniform(n) is only called with 2 <= n <= 108",
    "rng:53:12-76:pass": "unreachable: uniform(n) is only called with 2 <= n <= 108",
    "rng:68:4-64:pass": "unreachable: the number of decks always comes from a rule set",
    "rng:68:7-53:Or>And": "unreachable: the number of decks always comes from a rule set",
    "rng:69:8-64:pass": "unreachable: the number of decks always comes from a rule set",
    "rng:77:67-68:minus_one": "unreachable: the server always passes deal a first drawer",
    "rng:89:4-89:pass": "unreachable: the server refuses a first drawer who is no seat first",
    "rng:89:7-72:Or>And": "unreachable: the server refuses a first drawer who is no seat first",
    "rng:89:45-72:Lt>LtE#1": "unreachable: the server refuses a first drawer who is no seat first",
    "rng:89:45-46:minus_one": "unreachable: the server refuses a first drawer who is no seat first",
    "rng:90:8-89:pass": "unreachable: the server refuses a first drawer who is no seat first",
    "rng:52:64-65:plus_one": "unreachable: uniform(n) is only called with 2 <= n <= 108",
    "rng:77:67-68:plus_one": "unreachable: the server always passes deal a first drawer",
    "classify:67:4-31:pass": "unreachable: the server passes combinations as text, not Combo",
    "combo:94:12-71:pass": "unreachable: only Cards objects of two decks reach this check",
    "rules:38:37-40:plus_one": (
        "unreachable: no op reports a rule set, and telling a default target of 500 from 501 "
        "needs a game ending on exactly 500 points, thousands of steps long"
    ),
    "game:58:7-85:Or>And": "unreachable: the server refuses a seed out of 0..2**64-1 first",
    "game:58:78-79:plus_one": "unreachable: the server refuses a seed out of 0..2**64-1 first",
    "rng:34:8-84:pass": "unreachable: the server refuses a seed out of 0..2**64-1 first",
    "rng:35:12-84:pass": "unreachable: the server refuses a seed out of 0..2**64-1 first",
    "combo:92:22-23:minus_one": "unreachable: only Cards objects of two decks reach this check",
    "combo:94:44-45:plus_one": "unreachable: only Cards objects of two decks reach this check",
    "combo:95:16-55:pass": "unreachable: only Cards objects of two decks reach this check",
    "combo:96:16-71:pass": "unreachable: only Cards objects of two decks reach this check",
    "rules:47:37-41:plus_one": (
        "unreachable: no op reports a rule set, and telling a default target of 1000 from 1001 "
        "needs a game ending on exactly 1000 points, thousands of steps long"
    ),
    "match:78:8-67:pass": "unreachable: a dealt Zen Cheng You game holds both 2c",
    "moves:108:58-60:minus_one": "unreachable: the checker digests with its own move_digest",
    "game:122:8-75:pass": "unreachable: the server refuses a leader who is no seat first",
    "game:125:19-46:Lt>LtE#1": "unreachable: the server refuses a leader who is no seat first",
    "game:125:19-20:minus_one": "unreachable: the server refuses a leader who is no seat first",
    "rng:52:64-65:minus_one": "unreachable: uniform(n) is only called with 2 <= n <= 108",
    "classify:66:8-69:pass": "unreachable: the server passes combinations as text, not Combo",
    "game:216:12-66:pass": "unreachable: the server asks only for the hands of real seats",
    "game:217:8-75:pass": "unreachable: the server asks only for the hands of real seats",
    "game:244:15-39:Eq>NotEq": "unreachable: the server reports the phase, not Game.game_over",
    "cards:245:8-27:pass": "unreachable: the number of decks always comes from a rule set",
    "game:283:8-36:pass": "unreachable: Game.decisions serves saved games only",
    "cards:265:16-69:pass": "unreachable: card indices come from parsed tokens, always in range",
    "cards:314:12-51:pass": "unreachable: Cards.__repr__ is never part of an answer",
    "game:481:8-9:pass": "unreachable: Game.observation serves agents, not the protocol",
    "game:486:58-59:plus_one": "unreachable: Game.observation serves agents, not the protocol",
    "game:498:8-23:pass": "unreachable: Game.observation serves agents, not the protocol",
    "game:507:8-34:pass": "unreachable: Game.copy serves the Python API only",
    "game:542:12-17:pass": "unreachable: loading a saved game is not part of the protocol",
    "game:543:16-51:pass": "unreachable: loading a saved game is not part of the protocol",
    "game:546:16-17:pass": "unreachable: loading a saved game is not part of the protocol",
    "game:556:11-57:NotEq>Eq": "unreachable: loading a saved game is not part of the protocol",
    "game:564:8-77:pass": "unreachable: Game.__repr__ is never part of an answer",
    "game:565:11-32:Is>IsNot": "unreachable: Game.__repr__ is never part of an answer",
    "cards:206:4-55:pass": "unreachable: the server passes card text, never a list of tokens",
    "cards:207:8-55:pass": "unreachable: the server passes card text, never a list of tokens",
    "classify:56:8-68:pass": "unreachable: the server refuses pass as a combination first",
    # Equivalent: the program answers the same.
    "zheng_fen:29:31-32:minus_one": "equivalent: only the keys of _SEQUENCE_GROUP are used",
    "zheng_fen:30:36-37:plus_one": "equivalent: _GROUP_SIZE is unused in zheng_fen",
    "zheng_fen:30:47-48:minus_one": "equivalent: _GROUP_SIZE is unused in zheng_fen",
    "combo:132:7-16:drop_not": "equivalent: it changes only the wording of the message",
    "cards:247:91-92:plus_one": "equivalent: it changes only a position named in a message",
    "cards:148:45-46:plus_one": "equivalent: it changes only a position named in a message",
    "cards:148:45-46:minus_one": "equivalent: it changes only a position named in a message",
    "cards:247:91-92:minus_one": "equivalent: it changes only a position named in a message",
    "cards:255:63-64:plus_one": "equivalent: only a message builds Cards without naming decks",
    "candidates:73:12-21:pass": "equivalent: the break only prunes runs the jokers cannot fill",
    "candidates:73:15-29:Add>Sub": "equivalent: the test only prunes runs the jokers cannot fill",
    "candidates:86:27-28:plus_one": "equivalent: a run starting above the top has no ranks",
    "candidates:90:12-21:pass": "equivalent: the break only prunes runs the jokers cannot fill",
    "candidates:91:16-21:pass": "equivalent: the break only prunes runs the jokers cannot fill",
    "candidates:179:12-21:pass": "equivalent: the break only prunes pair sets that cannot fit",
    "cards:304:15-46:Eq>NotEq": (
        "equivalent: readings are compared with combinations of the very same Cards object, "
        "and Python compares fields by identity first"
    ),
    "game:376:46-47:plus_one": "equivalent: with one holder left, any start finds only him",
    "game:379:40-41:minus_one": "equivalent: with one holder left, holders[-1] is holders[0]",
    "game:386:8-40:pass": "equivalent: passes in the trick list score nothing",
    "candidates:235:67-68:minus_one": "equivalent: shorter candidates are refused by classify",
    "candidates:239:26-27:plus_one": "equivalent: there is no fifth suit; suited(4) is empty",
    "plays:58:8-19:pass": "equivalent: parse_combo already refuses a kind the game lacks",
    "plays:57:4-19:pass": "equivalent: parse_combo already refuses a kind the game lacks",
    "rules:80:8-13:pass": "equivalent: the next line refuses the value as a rules error too",
    "zheng_fen:29:48-49:minus_one": "equivalent: only the keys of _SEQUENCE_GROUP are used",
    "zheng_fen:29:63-64:plus_one": "equivalent: only the keys of _SEQUENCE_GROUP are used",
    "zheng_fen:30:23-24:plus_one": "equivalent: _GROUP_SIZE is unused in zheng_fen",
    "turns:54:15-25:Add>Sub": "equivalent: (winner - 2) % 4 == (winner + 2) % 4",
    "match:72:23-24:minus_one": "equivalent: exactly one seat holds the 3h",
    "combo:90:4-20:pass": "equivalent: a shortcut; the same card set is rebuilt below",
    "rules:47:37-41:minus_one": "equivalent: Zen Cheng You scores are multiples of 5, never 999",
    "match:155:31-32:plus_one": "equivalent: in a 1-2 finish the first two out are partners",
    "zheng_fen:107:41-42:plus_one": "equivalent: a triple of rank -1 needs three jokers",
    "zheng_fen:122:8-17:pass": "equivalent: the specials' card counts leave no room for a joker",
    "zen_cheng_you:162:4-17:pass": "equivalent: no kind has a reading of no cards",
    "combo:56:12-77:pass": (
        "equivalent: a kind the game lacks is never among the readings, so the reading check "
        "refuses it as invalid_combo too"
    ),
    "plays:65:4-15:pass": "equivalent: falling off the end returns None too",
    "candidates:64:21-22:minus_one": "equivalent: the shortfall only prunes the search",
    "candidates:149:56-57:minus_one": "equivalent: shorter candidates are refused by classify",
    "candidates:169:21-35:FloorDiv>Mult": "equivalent: a pool too small for its pairs gives none",
    "candidates:169:34-35:minus_one": "equivalent: a pool too small for its pairs gives none",
    "candidates:89:27-28:minus_one": "equivalent: the count of missing cards only prunes",
    "game:163:8-38:pass": "equivalent: every trick starts by emptying _passed again",
    "zen_cheng_you:113:70-71:plus_one": "equivalent: a count of 1 jokers is still not above 2",
    "candidates:176:8-18:pass": "equivalent: the pruning by `after` never lets i reach the end",
    "rules:80:34-35:plus_one": "equivalent: either way a RulesError; only messages differ",
    "zheng_fen:30:47-48:plus_one": "equivalent: _GROUP_SIZE is unused in zheng_fen",
    "zen_cheng_you:113:70-71:minus_one": "equivalent: a count of -1 jokers is still not above 2",
    "combo:90:7-33:Eq>NotEq": (
        "equivalent: every Cards object reaching it has the rule set's decks, so it holds no "
        "duplicates the check could find, and rebuilding it gives the same card set"
    ),
    "combo:94:44-45:minus_one": (
        "unreachable: every Cards object reaching it already has the rule set's decks"
    ),
    "classify:62:20-70:Or>And": "equivalent: it changes only the wording of the message",
    "candidates:73:15-48:Add>Sub": "equivalent: the test only prunes runs the jokers cannot fill",
    "candidates:89:12-55:Add=Sub": "equivalent: the count of missing cards only prunes",
    "candidates:89:12-55:pass": "equivalent: the count of missing cards only prunes",
    "candidates:155:8-60:pass": "unreachable: moves asks only for the kinds of Zheng Fen",
    "candidates:177:12-18:pass": "equivalent: the pruning by `after` never lets i reach the end",
    "candidates:217:42-43:plus_one": "equivalent: a bomb bigger than its rank's cards has none",
    "candidates:237:47-48:minus_one": "equivalent: shorter candidates are refused by classify",
    "moves:62:4-15:pass": "equivalent: falling off the end returns None too",
    "turns:37:4-48:pass": (
        "unreachable: the match ends (§12.4) before a turn is sought with no holder left"
    ),
    "match:164:24-32:Add>Sub": (
        "equivalent: last - 1 and last + 1 are of one team, and ZCY reports team totals only"
    ),
    "game:58:66-67:minus_one": "unreachable: the server refuses a seed out of 0..2**64-1 first",
    "game:58:83-85:plus_one": "unreachable: the server refuses a seed out of 0..2**64-1 first",
    "game:141:8-39:pass": "unreachable: the setup hands are kept for saved games and copies only",
    "game:218:12-75:pass": "unreachable: the server asks only for the hands of real seats",
    "game:229:8-32:pass": "unreachable: the server reports the history, not Game.trick",
    "game:398:53-54:plus_one": "equivalent: starting at seat 1 lists the same holders",
    "game:557:12-13:pass": "unreachable: loading a saved game is not part of the protocol",
    "zheng_fen:205:8-80:pass": (
        "equivalent: falling through, the last line answers the same for two specials"
    ),
    "zen_cheng_you:113:75-76:plus_one": (
        "equivalent: three jokers are a triple above A, refused above; four are still above 3"
    ),
    # The sample of issue 33 (seed 2026, after the reference's lines moved): its survivors.
    "cards:218:24-25:minus_one": "equivalent: it changes only the wording of the message",
    "cards:244:76-77:plus_one": "equivalent: every Cards the reference makes names its decks",
    "cards:249:76-77:minus_one": "equivalent: it changes only a position named in a message",
    "cards:288:53-54:minus_one": "equivalent: it changes only a position named in a message",
    "cards:292:12-24:pass": "unreachable: Cards.__contains__ serves the Python API only",
    "cards:292:19-24:False>True": "unreachable: Cards.__contains__ serves the Python API only",
    "cards:303:12-33:pass": (
        "equivalent: Cards are compared with Cards only; against another object None is as "
        "false as the fallback's False, and != inverts both alike"
    ),
    "cards:313:26-27:plus_one": "unreachable: Cards.__repr__ is never part of an answer",
    "rules:35:46-47:plus_one": (
        "equivalent: Rules.zheng_fen always passes players (its own default, 4), so this "
        "default is never read"
    ),
    "rules:158:8-44:pass": "unreachable: Rules.__repr__ is never part of an answer",
    "zheng_fen:60:29-30:minus_one": "equivalent: a single's indices hold one card: [-1] is [0]",
    "zen_cheng_you:163:8-17:pass": "equivalent: no kind has a reading of no cards",
    "combo:89:8-72:pass": "unreachable: the server always passes card text, never other types",
    "combo:92:7-23:Eq>NotEq": (
        "unreachable: every Cards object reaching it already has the rule set's decks"
    ),
    "combo:94:15-45:Gt>LtE": (
        "unreachable: every Cards object reaching it already has the rule set's decks"
    ),
    "classify:65:4-69:pass": "unreachable: the server passes combinations as text, not Combo",
    "candidates:45:45-62:Eq>NotEq": (
        "equivalent: each suit's cards are in the pool of every other suit then, so every flush "
        "is still a candidate; the caller classifies the extra sets"
    ),
    "candidates:87:18-19:minus_one": (
        "equivalent: a window one joker short yields no set (_runs draws only the jokers held)"
    ),
    "candidates:92:28-29:plus_one": "equivalent: shorter candidates are refused by classify",
    "candidates:146:67-68:minus_one": "equivalent: shorter candidates are refused by classify",
    "candidates:175:12-18:pass": "equivalent: a set yielded twice; the caller de-duplicates",
    "candidates:217:26-27:minus_one": (
        "equivalent: triples as bomb candidates are read by classify as the triples they are"
    ),
    "match:161:23-32:Add>Sub": "equivalent: (first - 2) % 4 == (first + 2) % 4",
    "game:239:8-53:pass": "unreachable: the server reports the phase, not Game.match_over",
}


@dataclass(frozen=True)
class Mutant:
    """One single-point change: where, which operator, and the text before and after."""

    module: str
    index: int
    line: int
    col: int
    end: int
    operator: str
    before: str
    after: str

    @property
    def ident(self) -> str:
        return f"{self.module}:{self.line}:{self.col}-{self.end}:{self.operator}"


# --- Making mutants ------------------------------------------------------------------------

COMPARE_SWAPS: dict[type[ast.cmpop], tuple[type[ast.cmpop], ...]] = {
    ast.Lt: (ast.LtE, ast.GtE),
    ast.LtE: (ast.Lt, ast.Gt),
    ast.Gt: (ast.GtE, ast.LtE),
    ast.GtE: (ast.Gt, ast.Lt),
    ast.Eq: (ast.NotEq,),
    ast.NotEq: (ast.Eq,),
    ast.In: (ast.NotIn,),
    ast.NotIn: (ast.In,),
    ast.Is: (ast.IsNot,),
    ast.IsNot: (ast.Is,),
}
BINOP_SWAPS: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
#: Statements that may be replaced by ``pass`` inside a function body.
DELETABLE = (
    ast.Assign,
    ast.AugAssign,
    ast.AnnAssign,
    ast.Expr,
    ast.Return,
    ast.Raise,
    ast.If,
    ast.For,
    ast.While,
    ast.Continue,
    ast.Break,
)

Undo = Callable[[], None]
Apply = Callable[[], Undo]
Point = tuple[ast.AST, str, Apply]


def _replace_in(parent: ast.AST, old: ast.AST, new: ast.AST) -> Apply:
    """A change that puts ``new`` where ``old`` is among ``parent``'s children."""

    def swap(a: ast.AST, b: ast.AST) -> None:
        for name, value in ast.iter_fields(parent):
            if value is a:
                setattr(parent, name, b)
            elif isinstance(value, list) and any(v is a for v in value):
                value[[id(v) for v in value].index(id(a))] = b

    def apply() -> Undo:
        swap(old, new)
        return lambda: swap(new, old)

    return apply


def _set(node: ast.AST, name: str, value: Any) -> Apply:
    def apply() -> Undo:
        old = getattr(node, name)
        setattr(node, name, value)
        return lambda: setattr(node, name, old)

    return apply


def _set_item(values: list[Any], i: int, value: Any) -> Apply:
    def apply() -> Undo:
        old = values[i]
        values[i] = value
        return lambda: values.__setitem__(i, old)

    return apply


def _is_docstring(node: ast.AST, parent: ast.AST) -> bool:
    body = getattr(parent, "body", None)
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        and isinstance(body, list)
        and bool(body)
        and body[0] is node
    )


def _skipped(node: ast.AST, parent: ast.AST | None) -> bool:
    """Subtrees never mutated: imports, messages, annotations, ``__all__``, type-only code."""
    if isinstance(node, (ast.Import, ast.ImportFrom, ast.JoinedStr, ast.Assert)):
        return True
    if parent is not None and _is_docstring(node, parent):
        return True
    if isinstance(node, ast.Assign) and any(
        isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
    ):
        return True
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _children(node: ast.AST) -> Iterator[ast.AST]:
    """Children worth visiting: annotations and decorators are left out."""
    for name, value in ast.iter_fields(node):
        if name in ("annotation", "returns", "decorator_list", "type_comment"):
            continue
        if isinstance(value, ast.AST):
            yield value
        elif isinstance(value, list):
            yield from (v for v in value if isinstance(v, ast.AST))


def _node_points(node: ast.AST, parent: ast.AST | None, in_function: bool) -> Iterator[Point]:
    """The single-point changes at one node, each with its operator name and how to apply it."""
    if isinstance(node, ast.Compare):
        for i, op in enumerate(node.ops):
            for new in COMPARE_SWAPS.get(type(op), ()):
                which = f"#{i}" if len(node.ops) > 1 else ""
                name = f"{type(op).__name__}>{new.__name__}{which}"
                yield node, name, _set_item(node.ops, i, new())
    elif isinstance(node, ast.BoolOp):
        new_op: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        yield node, f"{type(node.op).__name__}>{type(new_op).__name__}", _set(node, "op", new_op)
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not) and parent is not None:
        yield node, "drop_not", _replace_in(parent, node, node.operand)
    elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAPS:
        swapped = BINOP_SWAPS[type(node.op)]
        name = f"{type(node.op).__name__}>{swapped.__name__}"
        yield node, name, _set(node, "op", swapped())
    elif isinstance(node, ast.AugAssign) and type(node.op) in BINOP_SWAPS:
        swapped = BINOP_SWAPS[type(node.op)]
        name = f"{type(node.op).__name__}={swapped.__name__}"
        yield node, name, _set(node, "op", swapped())
    elif isinstance(node, ast.Constant) and isinstance(node.value, bool):
        yield node, f"{node.value}>{not node.value}", _set(node, "value", not node.value)
    elif isinstance(node, ast.Constant) and isinstance(node.value, int):
        yield node, "plus_one", _set(node, "value", node.value + 1)
        yield node, "minus_one", _set(node, "value", node.value - 1)
    if in_function and isinstance(node, DELETABLE) and parent is not None:
        yield node, "pass", _replace_in(parent, node, ast.Pass())


def points(tree: ast.Module) -> list[Point]:
    """Every mutation point of a module, in a fixed order (depth first, source order)."""
    found: list[Point] = []

    def visit(node: ast.AST, parent: ast.AST | None, in_function: bool) -> None:
        if _skipped(node, parent):
            return
        found.extend(_node_points(node, parent, in_function))
        inside = in_function or isinstance(node, (ast.FunctionDef, ast.Lambda))
        for child in _children(node):
            visit(child, node, inside)

    for statement in tree.body:
        visit(statement, None, False)
    return found


def source_of(module: str) -> str:
    return (SOURCE_DIR / f"{module}.py").read_text(encoding="utf-8")


def mutants(module: str) -> list[Mutant]:
    """Every mutant of one rule module."""
    tree = ast.parse(source_of(module))
    result = []
    for index, (node, operator, apply) in enumerate(points(tree)):
        line, col = getattr(node, "lineno", 0), getattr(node, "col_offset", 0)
        end = getattr(node, "end_col_offset", None) or 0
        before = ast.unparse(node)
        undo = apply()
        after = "pass" if operator == "pass" else ast.unparse(node)
        if operator == "drop_not":
            after = before.removeprefix("not ").strip()
        undo()
        result.append(
            Mutant(module, index, line, col, end, operator, _brief(before), _brief(after))
        )
    return result


def _brief(text: str) -> str:
    """Code on one line, cut at 120 characters."""
    return " ".join(text.split())[:120]


def mutated_tree(module: str, index: int) -> ast.Module:
    """The module's syntax tree with mutant ``index`` applied (none if ``index`` is -1)."""
    tree = ast.parse(source_of(module))
    if index >= 0:
        points(tree)[index][2]()
    return ast.fix_missing_locations(tree)


def all_mutants(modules: Sequence[str] = MODULES) -> list[Mutant]:
    return [m for module in modules for m in mutants(module)]


# --- Checking one mutant (in a fresh process) ----------------------------------------------


class _MutatedLoader(importlib.abc.Loader):
    def __init__(self, code: Any) -> None:
        self.code = code

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None

    def exec_module(self, module: ModuleType) -> None:
        exec(self.code, module.__dict__)


class _MutatedFinder(importlib.abc.MetaPathFinder):
    """Serves one module of the reference from a mutated syntax tree."""

    def __init__(self, name: str, path: Path, code: Any) -> None:
        self.name, self.path, self.code = name, path, code

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        loader = _MutatedLoader(self.code)
        return importlib.util.spec_from_loader(fullname, loader, origin=str(self.path))


def load_mutated_reference(module: str, index: int) -> ModuleType:
    """``zhengfen.reference`` loaded afresh with one module mutated (in this process)."""
    path = SOURCE_DIR / f"{module}.py"
    code = compile(mutated_tree(module, index), str(path), "exec")
    for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
        del sys.modules[name]
    sys.meta_path.insert(0, _MutatedFinder(f"{PACKAGE}.{module}", path, code))
    return importlib.import_module(PACKAGE)


def check_module(implementation: ModuleType, vectors: Path | None = None) -> dict[str, Any]:
    """Runs the vectors (the shipped ones by default) against an implementation module until
    the first failure."""
    from zhengfen.conformance.checker import Implementation, run_case
    from zhengfen.conformance.server import Server, reply_to
    from zhengfen.conformance.vectors import PACKAGE_DIR, SECTIONS
    from zhengfen.conformance.wire import raw_line

    class InProcess(Implementation):
        """The checker's view of an implementation, answered by a server in this process."""

        def __init__(self) -> None:
            super().__init__("in-process", 0.0)
            self.server = Server(implementation, "mutant")

        def ask(self, request: dict[str, Any]) -> dict[str, Any]:
            return dict(json.loads(json.dumps(self.server.answer(request))))  # as on the wire

        def ask_line(self, text: str) -> dict[str, Any]:
            reply = reply_to(self.server, raw_line(text, 1)[0])
            return {} if reply is None else dict(json.loads(json.dumps(reply)))

        def stop(self) -> None:
            self.server = Server(implementation, "mutant")

    impl = InProcess()
    cases = 0
    for section in SECTIONS:
        path = (vectors or PACKAGE_DIR) / f"{section}.json"
        document = json.loads(path.read_text(encoding="utf-8"))
        for case in document["cases"]:
            cases += 1
            try:
                failure = run_case(impl, case, section)
            except Exception as error:  # a crash of the implementation fails the case
                return {"status": "killed", "by": f"{section}: {case['name']}: {error!r}"[:300]}
            if failure is not None:
                return {"status": "killed", "by": f"{section}: {case['name']}"}
            impl.stop()
    return {"status": "survived", "cases": cases}


def verdict(module: str, index: int, vectors: Path | None = None) -> dict[str, Any]:
    """The verdict on one mutant, checked in this process (which it leaves altered)."""
    try:
        implementation = load_mutated_reference(module, index)
    except Exception as error:
        return {"status": "killed", "by": f"loading: {error!r}"[:300]}
    return check_module(implementation, vectors)


# --- Running many mutants ------------------------------------------------------------------


def _limit_memory() -> None:
    try:
        import resource

        limit = 3 << 30
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not on every platform
        pass


def _in_child(mutant: Mutant, vectors: Path | None, sender: Connection) -> None:
    """The body of a forked process: check one mutant, send the verdict."""
    _limit_memory()
    try:
        sender.send(verdict(mutant.module, mutant.index, vectors))
    except BaseException as error:  # MemoryError, RecursionError...: the mutant crashed
        sender.send({"status": "killed", "by": f"crashed: {error!r}"[:300]})


@dataclass
class _Running:
    mutant: Mutant
    process: BaseProcess
    receiver: Connection
    started: float


def _finish(job: _Running, timeout: float) -> dict[str, Any] | None:
    """The result of a running mutant if it is done (or past its time), else None."""
    elapsed = time.monotonic() - job.started
    if job.receiver.poll():
        try:
            result: dict[str, Any] = job.receiver.recv()
        except EOFError:
            result = {"status": "killed", "by": "crashed"}
    elif not job.process.is_alive():
        result = {"status": "killed", "by": f"crashed: exit {job.process.exitcode}"}
    elif elapsed > timeout:
        result = {"status": "timeout"}
    else:
        return None
    job.process.kill()
    job.process.join()
    job.receiver.close()
    return {**asdict(job.mutant), "id": job.mutant.ident, **result, "seconds": round(elapsed, 2)}


def run(
    chosen: list[Mutant],
    jobs: int,
    timeout: float,
    progress: Callable[[dict[str, Any]], None] | None = None,
    vectors: Path | None = None,
) -> list[dict[str, Any]]:
    """Checks each mutant in a process forked from this one (the shared modules are imported
    once, the reference afresh in each), ``jobs`` at a time; past ``timeout`` s is killed."""
    import zhengfen.conformance.checker  # noqa: F401  (imported once, before forking)

    context = multiprocessing.get_context("fork")
    waiting, running = list(chosen), list[_Running]()
    results: list[dict[str, Any]] = []
    while waiting or running:
        while waiting and len(running) < jobs:
            mutant = waiting.pop(0)
            receiver, sender = context.Pipe(duplex=False)
            process = context.Process(target=_in_child, args=(mutant, vectors, sender), daemon=True)
            process.start()
            sender.close()
            running.append(_Running(mutant, process, receiver, time.monotonic()))
        wait([job.receiver for job in running] + [job.process.sentinel for job in running], 0.5)
        for job in list(running):
            result = _finish(job, timeout)
            if result is not None:
                running.remove(job)
                results.append(result)
                if progress is not None:
                    progress(result)
    return sorted(results, key=lambda r: (MODULES.index(r["module"]), r["index"]))


def select(
    modules: Sequence[str], sample: int | None, seed: int, only: Sequence[str] = ()
) -> list[Mutant]:
    chosen = all_mutants(modules)
    if only:
        chosen = [m for m in chosen if m.ident in only]
    if sample is not None and sample < len(chosen):
        chosen = sorted(random.Random(seed).sample(chosen, sample), key=lambda m: m.index)
    return chosen


def score(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Killed (timeouts included) over all mutants, and over those not judged unkillable."""
    killed = sum(r["status"] in ("killed", "timeout") for r in results)
    survivors = [r for r in results if r["status"] == "survived"]
    judged = [r for r in survivors if r["id"] in JUDGED]
    open_survivors = [r for r in survivors if r["id"] not in JUDGED]
    counted = len(results) - len(judged)
    return {
        "mutants": len(results),
        "killed": killed,
        "timeouts": sum(r["status"] == "timeout" for r in results),
        "survived": len(survivors),
        "judged_unkillable": len(judged),
        "raw_score": round(killed / len(results), 4) if results else None,
        "score": round(killed / counted, 4) if counted else None,
        "open_survivors": [r["id"] for r in open_survivors],
    }


def _print_survivor(result: dict[str, Any]) -> None:
    if result["status"] == "survived":
        print(f"survived {result['id']}: {result['before']} -> {result['after']}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run_parser = commands.add_parser("run", help="check mutants against the vectors")
    run_parser.add_argument("--module", action="append", choices=MODULES)
    run_parser.add_argument("--sample", type=int, help="check a seeded sample of N mutants")
    run_parser.add_argument("--seed", type=int, default=0)
    run_parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    run_parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT)
    run_parser.add_argument("--only", action="append", default=[], help="a mutant id")
    run_parser.add_argument("--report", type=Path, help="write the results as JSON here")
    run_parser.add_argument("--vectors", type=Path, help="a folder of vectors (default: shipped)")
    list_parser = commands.add_parser("list", help="list the mutants")
    list_parser.add_argument("--module", action="append", choices=MODULES)
    show_parser = commands.add_parser("show", help="show one mutant")
    show_parser.add_argument("ident")
    child_parser = commands.add_parser("check", help="check one mutant in this process")
    child_parser.add_argument("module", choices=MODULES)
    child_parser.add_argument("index", type=int)
    args = parser.parse_args(argv)

    if args.command == "check":
        print(json.dumps(verdict(args.module, args.index)))
        return 0
    if args.command in ("list", "show"):
        chosen = all_mutants(getattr(args, "module", None) or MODULES)
        for m in chosen:
            if args.command == "list" or m.ident == args.ident:
                print(f"{m.ident}: {m.before} -> {m.after}")
        return 0
    if args.report is not None and not args.report.parent.is_dir():
        parser.error(f"--report: no folder {args.report.parent}")
    if args.vectors is not None and not (args.vectors / "games.json").is_file():
        parser.error(f"--vectors: no vectors in {args.vectors}")
    chosen = select(args.module or MODULES, args.sample, args.seed, args.only)
    started = time.monotonic()
    results = run(chosen, max(1, args.jobs), args.timeout, _print_survivor, args.vectors)
    summary = score(results)
    summary["seconds"] = round(time.monotonic() - started, 1)
    summary["command"] = "python tests/mutation.py " + " ".join(argv or sys.argv[1:])
    print(json.dumps({k: v for k, v in summary.items() if k != "open_survivors"}))
    if args.report is not None:
        judged = {r["id"]: JUDGED[r["id"]] for r in results if r["id"] in JUDGED}
        report = {"summary": summary, "judged": judged, "results": results}
        args.report.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
