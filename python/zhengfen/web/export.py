"""``zhengfen export``: the games ``zhengfen serve`` kept in its database (:mod:`~zhengfen.web.
database`) as a data set: (a) an arena log, one game a line as the ``--replays`` folder keeps
them (:func:`zhengfen.web.archive.record`), which ``zhengfen replay`` and the page's Replay
read; (b) per-decision arrays in one ``.npz`` file a learner reads with
numpy alone (:data:`ARRAYS`, AI.md §9). Filters: ``--people-only`` (the decisions people made,
from the games they played in), ``--since``/``--until`` (the day a game was opened, UTC),
``--game ID`` (repeatable).

Each decision is replayed from the game's record, from its first deal, and its arrays are the
engine's own (``Game.observation_tensor``, ``score_tensor``, ``history_tensor``,
``legal_move_features``) for the seat that made it, as a learner playing there would have been
given them.
"""

from __future__ import annotations

import argparse
import datetime
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import zhengfen
from zhengfen.errors import ArgumentError
from zhengfen.web.database import Row

__all__ = ["ARRAYS", "HELP", "Decisions", "add_arguments", "arrays", "log_lines", "run"]

HELP = "export the games zhengfen serve kept: an arena log, per-decision arrays (numpy)"

HISTORY_ROWS = 16
"""The rows of each decision's history tensor."""

ARRAYS = {
    "observation": "uint8 (N, 591): the mover's observation tensor (AI.md §1.1)",
    "scores": "int32 (N, 7): the mover's score tensor",
    "history": f"uint8 (N, {HISTORY_ROWS}, 94): the mover's history tensor (AI.md §1.2)",
    "moves": "uint8 (M, 90): the legal moves' features of every decision, one after another",
    "moves_start": "int64 (N + 1): decision i's legal moves are moves[moves_start[i]:"
    "moves_start[i + 1]]",
    "chosen": "int32 (N): the index of the move made among the decision's legal moves",
    "chooser": "int16 (N): who chose, an index into choosers",
    "choosers": "str (C): 'person', then each agent's spec ('loaded': a saved game's moves)",
    "hint": "int16 (N): the agent whose hint the person asked for before deciding (an index "
    "into choosers), -1 for none",
    "result": "int32 (N): the mover's match points in the decision's match (its team's in Zen "
    "Cheng You)",
    "result_known": "bool (N): whether that match was over (else result is 0)",
    "seat": "int8 (N): the mover's seat",
    "match": "int16 (N): the match, from 0",
    "decision": "int32 (N): the decision's index in its game's record",
    "game": "int32 (N): the game, an index into game_ids",
    "game_ids": "str (G): the games' ids",
}
"""The arrays of ``--arrays FILE.npz``: name, dtype and shape, meaning."""

Json = dict[str, Any]


def log_lines(rows: Iterable[Row]) -> Iterator[str]:
    """Each game as a line of an arena log (the ``--replays`` folder's format)."""
    from zhengfen.web.archive import record
    from zhengfen.web.models import Models
    from zhengfen.web.tables import restored

    for row in rows:
        game = restored(row, Models(), 0.0)
        yield record(game, row.updated, "over" if row.finished else "unfinished")


@dataclass
class Decisions:
    """The arrays being gathered, decision after decision."""

    columns: dict[str, list[Any]] = field(default_factory=dict)
    moves: list[npt.NDArray[np.uint8]] = field(default_factory=list)
    choosers: dict[str, int] = field(default_factory=lambda: {"person": 0})
    game_ids: list[str] = field(default_factory=list)

    def add(self, **values: Any) -> None:
        for name, value in values.items():
            self.columns.setdefault(name, []).append(value)

    def chooser(self, name: str) -> int:
        return self.choosers.setdefault(name, len(self.choosers))

    def arrays(self) -> dict[str, npt.NDArray[Any]]:
        """The arrays of :data:`ARRAYS`."""
        count = [len(m) for m in self.moves]
        column = self.columns.get

        def stacked(name: str, dtype: Any, shape: tuple[int, ...]) -> npt.NDArray[Any]:
            found = column(name)
            return np.stack(found).astype(dtype) if found else np.zeros((0, *shape), dtype)

        return {
            "observation": stacked("observation", np.uint8, (zhengfen.OBSERVATION_SIZE,)),
            "scores": stacked("scores", np.int32, (zhengfen.SCORES_SIZE,)),
            "history": stacked("history", np.uint8, (HISTORY_ROWS, zhengfen.HISTORY_ROW)),
            "moves": np.concatenate(self.moves)
            if self.moves
            else np.zeros((0, zhengfen.MOVE_ROW), np.uint8),
            "moves_start": np.concatenate([[0], np.cumsum(count)]).astype(np.int64),
            **{
                name: np.array(column(name) or [], dtype)
                for name, dtype in [
                    ("chosen", np.int32),
                    ("chooser", np.int16),
                    ("hint", np.int16),
                    ("result", np.int32),
                    ("result_known", np.bool_),
                    ("seat", np.int8),
                    ("match", np.int16),
                    ("decision", np.int32),
                    ("game", np.int32),
                ]
            },
            "choosers": np.array(list(self.choosers), dtype=str),
            "game_ids": np.array(self.game_ids, dtype=str),
        }


def arrays(rows: Iterable[Row], people_only: bool = False) -> dict[str, npt.NDArray[Any]]:
    """The per-decision arrays of the games of ``rows`` (:data:`ARRAYS`); with
    ``people_only``, the decisions people made only."""
    gathered = Decisions()
    for row in rows:
        _game_decisions(row, gathered, people_only)
    return gathered.arrays()


def _hints(kept: Json) -> dict[int, str]:
    """The agent whose hint was asked for last before each decision."""
    return {hint["decision"]: hint["agent"] for hint in kept["hints"]}


def _game_decisions(row: Row, gathered: Decisions, people_only: bool) -> None:
    """Replays ``row``'s game from its first deal, gathering each decision's arrays."""
    record = zhengfen.Game.from_json(row.record)
    game, choosers, hints = record.rewound(0), row.table["choosers"], _hints(row.table)
    number = len(gathered.game_ids)
    gathered.game_ids.append(row.id)
    results: dict[int, list[int]] = {}
    made: list[tuple[int, int]] = []  # (match, seat) of each decision gathered
    for k, decision in enumerate(record.decisions):
        if decision == "next_match":
            results[game.match_number] = list(game.match_points)
            game.next_match()
            continue
        legal = [str(move) for move in game.legal_moves()]
        chosen = legal.index(decision)
        if not people_only or choosers[k] == "person":
            seat = game.current_player
            assert seat is not None
            _gather(gathered, game, seat, k, number)
            hint = hints.get(k)
            gathered.add(
                chosen=chosen,
                chooser=gathered.chooser(choosers[k]),
                hint=-1 if hint is None else gathered.chooser(hint),
            )
            made.append((game.match_number, _side(game, seat)))
        game.play_index(chosen)
    if game.match_over:
        results[game.match_number] = list(game.match_points)
    for match, side in made:
        known = match in results
        gathered.add(result=results[match][side] if known else 0, result_known=known)


def _side(game: zhengfen.Game, seat: int) -> int:
    """The index of ``seat``'s points in ``match_points``: the seat in Zheng Fen, its team in Zen
    Cheng You (RULES.md §12.5)."""
    return seat if game.rules.game == "zheng_fen" else game.side(seat)


def _gather(gathered: Decisions, game: zhengfen.Game, seat: int, k: int, number: int) -> None:
    """The engine's tensors of ``seat`` about to make decision ``k`` of game ``number``."""
    gathered.add(
        observation=game.observation_tensor(seat),
        scores=game.score_tensor(seat),
        history=game.history_tensor(seat, HISTORY_ROWS),
        seat=seat,
        match=game.match_number,
        decision=k,
        game=number,
    )
    gathered.moves.append(game.legal_move_features())


# --- the command ---------------------------------------------------------------------------


def _day(text: str) -> float:
    """A day ``YYYY-MM-DD`` (UTC) as seconds since the epoch."""
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"not a day YYYY-MM-DD: {text!r}") from error
    return datetime.datetime(day.year, day.month, day.day, tzinfo=datetime.timezone.utc).timestamp()


def add_arguments(command: argparse.ArgumentParser) -> None:
    """The arguments of ``zhengfen export``."""
    command.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="the data folder of zhengfen serve (default: as zhengfen serve's)",
    )
    command.add_argument("--log", type=Path, help="write the games as an arena log (JSON lines)")
    command.add_argument("--arrays", type=Path, help="write the decisions as numpy arrays (.npz)")
    command.add_argument(
        "--people-only",
        action="store_true",
        help="only the decisions people made, of the games a person played in",
    )
    command.add_argument(
        "--since", type=_day, help="games opened on this day (YYYY-MM-DD, UTC) or later"
    )
    command.add_argument("--until", type=_day, help="games opened before this day (UTC)")
    command.add_argument(
        "--game", action="append", default=[], metavar="ID", help="only this game (repeatable)"
    )
    command.set_defaults(run=run)


def _rows(args: argparse.Namespace) -> list[Row]:
    from zhengfen.web.database import FILE, Database
    from zhengfen.web.folder import data_folder

    path = data_folder(args.data) / FILE
    if not path.is_file():
        raise ArgumentError(f"no database at {path}: give the data folder of zhengfen serve")
    database = Database.open(path)
    try:
        end = float("inf") if args.until is None else args.until
        rows = list(database.rows(args.since or 0.0, end))
    finally:
        database.close()
    wanted = set(args.game)
    return [
        row
        for row in rows
        if (not wanted or row.id in wanted) and (not args.people_only or row.people_moved)
    ]


def run(args: argparse.Namespace) -> int:
    """Writes the export; refusals raise ``ValueError`` (one line, exit status 2)."""
    if args.log is None and args.arrays is None:
        raise ArgumentError("say what to write: --log FILE, --arrays FILE.npz, or both")
    rows = _rows(args)
    written = []
    try:
        if args.log is not None:
            lines = list(log_lines(rows))
            args.log.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            written.append(f"{len(lines)} games to {args.log}")
        if args.arrays is not None:
            found = arrays(rows, args.people_only)
            with open(args.arrays, "wb") as out:
                save: Any = np.savez_compressed  # its keywords are the arrays' names
                save(out, **found)
            written.append(f"{len(found['chosen'])} decisions to {args.arrays}")
    except OSError as error:
        raise ArgumentError(f"cannot write {error.filename}: {error.strerror}") from error
    print(f"zhengfen export: {', '.join(written)}")
    return 0
