"""Replaying saved games and arena logs in the browser: a log opened from an upload or from the
folder ``zhengfen serve --replays DIR`` names (file names only: no paths), its games listed, and
each game as *frames*, one per decision, with every hand visible (the engine's record of an
observer, ``Game.visible(None)``), served a match at a time so
that no answer grows with the game (API.md, "Replay").

A log is read by :mod:`zhengfen.arena.log` (a saved game or ``zhengfen arena --log``
lines), which checks every game with ``Game.from_json``; a game's frames are made by playing
its decisions again from its first deal.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import zhengfen
from zhengfen import text
from zhengfen.arena import log as arena_log
from zhengfen.types import Visible
from zhengfen.web import views
from zhengfen.web.inputs import InputError
from zhengfen.web.problems import NotFound, TooLarge

__all__ = ["KEPT_OUTLINES", "Folder", "Opened", "Outline", "index", "match_frames", "summary"]

Json = dict[str, Any]

SUFFIXES = (".json", ".jsonl", ".log", ".txt")
"""The files of the replays folder that are listed."""


@dataclass(frozen=True)
class Folder:
    """The replays folder: its files are listed and opened by name only."""

    path: Path | None

    def files(self) -> list[Json]:
        """The log files in the folder, by name (symbolic links skipped: only the folder's own
        files are served)."""
        if self.path is None:
            return []
        found = [
            p
            for p in self.path.iterdir()
            if p.is_file() and not p.is_symlink() and p.suffix.lower() in SUFFIXES
        ]
        return [{"name": p.name, "size": p.stat().st_size} for p in sorted(found)]

    def read(self, name: str, limit: int) -> str:
        """The text of the file ``name`` (a bare name listed by :meth:`files`)."""
        if "/" in name or "\\" in name or name in ("", ".", "..") or "\x00" in name:
            raise InputError(f"'name' must be a file name of the replays folder, not {name!r}")
        listed = {entry["name"]: entry["size"] for entry in self.files()}
        if self.path is None or name not in listed:
            raise NotFound(f"no log {name!r} in the replays folder")
        if listed[name] > limit:
            raise TooLarge(f"{name} is larger than {limit} bytes")
        try:
            return (self.path / name).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise InputError(f"cannot read {name}: {error}") from error


KEPT_OUTLINES = 4
"""The outlines an opened log keeps (the games last asked for): a replay's requests, a match at
a time, read and cut their game once, not once a match."""


@dataclass
class Opened:
    """An opened log: its games, read when asked for, and the outlines of the last
    :data:`KEPT_OUTLINES` games asked for. Safe to share between threads."""

    log: arena_log.Log
    _outlines: OrderedDict[int, Outline] = field(
        default_factory=OrderedDict, init=False, repr=False
    )
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def outline(self, k: int) -> Outline:
        """The outline of game ``k`` (:class:`NotFound` past the last), read and cut once while
        it is among the games last asked for."""
        if not 0 <= k < len(self.log):
            raise NotFound(f"no game {k}: the log holds {len(self.log)}")
        with self._lock:
            kept = self._outlines.get(k)
            if kept is not None:
                self._outlines.move_to_end(k)
                return kept
        outline = Outline.of(self.log[k])  # outside the lock: other games need not wait
        with self._lock:
            self._outlines[k] = outline
            self._outlines.move_to_end(k)
            while len(self._outlines) > KEPT_OUTLINES:
                self._outlines.popitem(last=False)
        return outline


def moves(game: zhengfen.Game) -> int:
    """The moves of ``game``: its decisions less the calls of the next match (the list of games,
    the index and every frame count them alike)."""
    return sum(1 for d in game.decisions if d != "next_match")


def summary(k: int, saved: arena_log.Saved) -> Json:
    """One game of a log, for the list of games."""
    game = saved.game
    return {
        "k": k,
        "title": saved.title,
        "game": game.rules.game,
        "players": game.rules.players,
        "agents": saved.agents,
        "matches": game.match_number + 1,
        "moves": moves(game),
        "scores": game.scores,
        "winners": game.winners,
        "game_over": game.game_over,
    }


def _frame(
    i: int,
    moved: int,
    record: Visible,
    rules: zhengfen.Rules,
    decision: Json | None,
    events: list[Json],
) -> Json:
    """Frame ``i``, after ``moved`` moves: what an observer sees (``record``, the engine's
    ``Game.visible(None)``: every hand), drawn as the table's felt is
    (:func:`zhengfen.web.views.felt_json`)."""
    return {
        "i": i,
        "move": moved,
        "match": record["match"] + 1,
        "phase": record["phase"],
        "current_player": record["current_player"],
        "felt": views.felt_json(record, rules),
        "declarations": views.declarations_json(record),
        "decision": decision,
        "events": events,
    }


PROMPTED = ("deal", "declaration", "play", "pass")
"""The events a decision writes first (RULES.md §12.6): ``next_match`` a deal, a declaration,
a play or a pass; the events that follow it up to the next such one are its consequences."""


def _slices(history: Sequence[Mapping[str, Any]], decisions: int) -> list[range]:
    """The history's event indices of the first deal, then of each of ``decisions``, split
    where each decision's own event starts (the game's history is read once: reading it after
    every decision copied it whole each time, a minute for a long game)."""
    starts = [n for n, event in enumerate(history) if event["type"] in PROMPTED]
    if len(starts) != decisions + 1 or starts[0] != 0:
        raise InputError("the saved game's history does not follow its decisions")
    ends = [*starts[1:], len(history)]
    return [range(start, end) for start, end in zip(starts, ends)]


def _starts(
    history: Sequence[Mapping[str, Any]], slices: Sequence[range]
) -> tuple[list[int], list[int]]:
    """The frame indices where each match starts, and where each trick (or match) starts: read
    from the events each decision made, without playing the game."""
    matches, tricks = [0], [0]
    for i in range(1, len(slices)):
        kinds = {history[n]["type"] for n in slices[i]}
        if "deal" in kinds:
            matches.append(i)
        if kinds & {"deal", "trick"}:
            tricks.append(i)
    return matches, tricks


@dataclass(frozen=True)
class Outline:
    """What a replay is cut along: the saved game and its final state, who played, its events,
    the events of each frame, and the frames where its matches and tricks start."""

    saved: arena_log.Saved
    final: zhengfen.Game
    who: text.Who
    history: Sequence[Mapping[str, Any]]
    slices: list[range]
    matches: list[int]
    tricks: list[int]

    @staticmethod
    def of(saved: arena_log.Saved) -> Outline:
        """The outline of a saved game."""
        final = saved.game
        history: Sequence[Mapping[str, Any]] = final.history
        slices = _slices(history, len(final.decisions))
        matches, tricks = _starts(history, slices)
        return Outline(saved, final, text.namer(saved.agents), history, slices, matches, tricks)


def index(k: int, outline: Outline) -> Json:
    """Game ``k`` of a log (``outline``: its :class:`Outline`), without its frames: who played,
    the number of frames, and the frame indices where its matches start (API.md); a match's
    frames are asked for one match at a time (:func:`match_frames`), so that no answer grows
    with the length of the game."""
    saved, final, who, matches = outline.saved, outline.final, outline.who, outline.matches
    rules = final.rules
    return {
        "k": k,
        "title": saved.title,
        "game": rules.game,
        "players": rules.players,
        "names": [who(s) for s in range(rules.players)],
        "agents": saved.agents,
        "teams": views.teams(final),
        "rules": rules.to_dict(),
        "length": len(outline.slices),
        "moves": moves(final),
        "matches": matches,
    }


def match_frames(k: int, outline: Outline, match: int) -> Json:
    """Match ``match`` (from 1) of game ``k`` (``outline``: its :class:`Outline`) as frames,
    with every hand visible, and the frame indices where its tricks start (API.md); the game is
    played again from its first deal up to the match's end, frames made for that match only."""
    final, rules, who, history = outline.final, outline.final.rules, outline.who, outline.history
    slices, matches, tricks = outline.slices, outline.matches, outline.tricks
    if not 1 <= match <= len(matches):
        raise NotFound(f"no match {match}: game {k} has matches 1 to {len(matches)}")
    first = matches[match - 1]
    end = matches[match] if match < len(matches) else len(slices)
    decisions = final.decisions  # read once: each read copies the whole list
    before = max(first - 1, 0)
    game = final.rewound(before)  # the decisions before the match, replayed in the core
    moved = sum(decision != "next_match" for decision in decisions[:before])
    shown = []
    for i in range(first, end):
        made = None if i == 0 else _decide(game, decisions[i - 1])
        moved += i > 0 and decisions[i - 1] != "next_match"
        record = game.visible(None)
        events = [
            views.event_json(n, history, rules, who, None, record, felt=False) for n in slices[i]
        ]
        shown.append(_frame(i, moved, record, rules, made, events))
    return {
        "k": k,
        "match": match,
        "first": first,
        "frames": shown,
        "tricks": [t for t in tricks if first <= t < end],
    }


def _decide(game: zhengfen.Game, decision: str) -> Json:
    """Makes ``decision`` (a move's notation or ``next_match``) in ``game``; the decision as
    a frame shows it."""
    seat = game.current_player
    if decision == "next_match":
        game.next_match()
        return {"seat": None, "move": _next_match()}
    move = views.notation_move(decision, game.rules)
    game.play(move)
    return {"seat": seat, "move": views.move_json(move)}


def _next_match() -> Json:
    return {"text": "next match", "name": "next match", "cards": [], "kind": "next_match"}
