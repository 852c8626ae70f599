"""``zhengfen train --pool`` and ``--snapshot-every`` (issue 47 §4; AI.md §8): each seat the
learner does not hold draws its opponent from the pool, from the seed and the round alone; the
learner's model is frozen into the pool after every N rounds; a resumed run finds the same pool
and trains as the run never stopped; the options' refusals. Needs the ``train`` extra."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import zhengfen
from zhengfen import cli

pytest.importorskip("jax")
pytest.importorskip("optax")
pytest.importorskip("matplotlib")

from test_train import model_tensors, refused, rounds_saved, same_run, tiny
from zhengfen.train.actors import LocalActors, Round, learner_seats, seat_agents
from zhengfen.train.loop import train
from zhengfen.train.pool import POOL_TAG, Pool, snapshot_path, snapshot_rounds

ROOT = Path(__file__).resolve().parent.parent
GREEDY = zhengfen.AgentSpec.greedy()
RANDOM = zhengfen.AgentSpec.random()
ALL_RULES = [zhengfen.Rules.zheng_fen(players=p) for p in (3, 4, 5, 6)] + [
    zhengfen.Rules.zen_cheng_you()
]
ROUNDS = 300


def pool_of(tmp_path: Path, seed: int = 11) -> Pool:
    return Pool([GREEDY, RANDOM, "self"], tmp_path / "pool", seed)


@pytest.mark.parametrize("rules", ALL_RULES, ids=lambda r: f"{r.game}-{r.players}")
def test_the_draw_depends_on_the_seed_and_round_alone(
    tmp_path: Path, rules: zhengfen.Rules
) -> None:
    """The same seed and round give the same seats whatever was drawn before (rounds drawn
    backwards by another pool); rounds and seeds differ somewhere; the learner's seats are the
    learner's; over the rounds every member is drawn in every other seat, about equally often."""
    pool = pool_of(tmp_path)
    seats = [pool.seats(rules, r) for r in range(ROUNDS)]
    again = pool_of(tmp_path)
    assert [again.seats(rules, r) for r in reversed(range(ROUNDS))] == seats[::-1]
    assert len({tuple(map(str, s)) for s in seats}) > 5
    other_seed = pool_of(tmp_path, seed=12)
    assert [other_seed.seats(rules, r) for r in range(ROUNDS)] != seats
    drawn: Counter[str] = Counter()
    for r, agents in enumerate(seats):
        learner = learner_seats(rules, r)
        assert len(agents) == rules.players
        assert all(agents[s] is None for s in learner)
        for seat in set(range(rules.players)) - learner:
            assert agents[seat] in (GREEDY, RANDOM, None)
            drawn[f"{seat}:{agents[seat]}"] += 1
    others = sum(rules.players - len(learner_seats(rules, r)) for r in range(ROUNDS))
    assert len(drawn) == 3 * rules.players  # every member in every seat
    assert max(drawn.values()) < 1.5 * min(drawn.values()), drawn
    assert sum(drawn.values()) == others


def test_the_fixed_order_is_kept_without_the_pool(tmp_path: Path) -> None:
    """Drawn seats are not the fixed order's (``--opponents greedy,random`` without ``--pool``
    seats greedy then random in every round)."""
    from zhengfen.train.actors import seat_agents

    rules = zhengfen.Rules.zheng_fen(players=4)
    pool = Pool([GREEDY, RANDOM], tmp_path / "pool", 13)
    fixed = [seat_agents(rules, [GREEDY, RANDOM], r) for r in range(40)]
    drawn = [pool.seats(rules, r) for r in range(40)]
    assert all([a for a in agents or () if a] == [GREEDY, RANDOM, GREEDY] for agents in fixed)
    assert drawn != fixed


@pytest.mark.parametrize(("every", "keep"), [(1, 0), (2, 0), (3, 2), (5, 1)])
def test_the_snapshots_in_a_rounds_pool(every: int, keep: int) -> None:
    """Round r's pool holds the snapshots of the multiples of N below r, the latest K: each
    written (after its round) before the first round that seats it."""
    for r in range(60):
        rounds = snapshot_rounds(r, every, keep)
        below = [s for s in range(1, r) if s % every == 0]
        assert rounds == (below[-keep:] if keep else below)
    assert snapshot_rounds(100, 0) == []


def test_snapshots_are_written_at_their_rounds_and_seated_after(tmp_path: Path) -> None:
    """``--snapshot-every 2`` over 5 rounds writes the snapshots after rounds 2 and 4, each the
    model a run of that many rounds ends with; the rounds after a snapshot draw it (as a
    ``learned`` opponent of that file), the rounds before never; the recipe stores the pool."""
    out = tmp_path / "run"
    config = tiny(out, rounds=5, opponents=(GREEDY, "self"), pool=True, snapshot_every=2)
    train(config, resume=False)
    folder = out / "pool"
    assert sorted(p.name for p in folder.iterdir()) == [
        "round-00000002.safetensors",
        "round-00000004.safetensors",
    ]
    train(tiny(tmp_path / "two", rounds=2, opponents=(GREEDY, "self"), pool=True), resume=False)
    snapshot, two = (
        model_tensors(snapshot_path(folder, 2)),
        model_tensors(tmp_path / "two" / "model.safetensors"),
    )
    assert snapshot.keys() == two.keys()
    assert all(np.array_equal(snapshot[k], two[k]) for k in snapshot)
    pool = Pool(config.opponents, folder, config.seed, every=2)
    two_file, four_file = (str(snapshot_path(folder, s)) for s in (2, 4))
    files = [{member_file(m) for m in pool.members(r)} for r in range(7)]
    assert [two_file in f for f in files] == [False] * 3 + [True] * 4
    assert [four_file in f for f in files] == [False] * 5 + [True] * 2
    drawn = [{member_file(a) for a in pool.seats(config.rules, r)} for r in range(5)]
    assert any(two_file in drawn[r] for r in (3, 4)), "the run itself seated a snapshot"
    recipe = json.loads((out / "state.json").read_text())["recipe"]
    assert (recipe["pool"], recipe["snapshot_every"], recipe["snapshot_keep"]) == (True, 2, 0)


def test_a_pool_of_many_snapshots_reads_only_the_drawn(tmp_path: Path) -> None:
    """With 40 snapshots in the pool, the seats are the pool's members drawn by the round's
    stream (as ``members`` orders them), and at most the last two rounds' drawn snapshots are
    held read, not all 40, ``members`` holding none (issue 47's review: every snapshot stayed
    in memory)."""
    rules, folder = zhengfen.Rules.zheng_fen(players=4), tmp_path / "pool"
    folder.mkdir()
    shipped = ROOT / "rust/zhengfen-core/models/zheng_fen_4.safetensors"
    for s in range(1, 41):
        snapshot_path(folder, s).symlink_to(shipped)
    pool = Pool([GREEDY, "self"], folder, seed=5, every=1)
    others = rules.players - len(learner_seats(rules, 41))
    picks = np.random.default_rng([5, 41, POOL_TAG]).integers(42, size=others)
    seats = pool.seats(rules, 41)
    drawn = [a for a in seats if a is not None]
    expected = [m for m in (pool.members(41)[p] for p in picks) if m != "self"]
    assert [member_file(a) for a in drawn] == [member_file(m) for m in expected]
    for r in range(30, 41):
        pool.seats(rules, r)
    assert 0 < len(pool.read) <= 2 * others
    held = dict(pool.read)
    assert len(pool.members(41)) == 42 and pool.read == held, "members reads, never holds"


def test_a_snapshot_carries_the_times_of_its_round(tmp_path: Path) -> None:
    """The snapshot after the last round and the run's checkpoint of that round name the same
    training times (the review's find: the snapshot's lagged one round)."""
    out = tmp_path / "run"
    train(
        tiny(out, rounds=2, opponents=(GREEDY, "self"), pool=True, snapshot_every=2), resume=False
    )
    meta = zhengfen.LearnedModel.load(snapshot_path(out / "pool", 2)).metadata
    snapshot = json.loads(meta["training"])
    state = json.loads((out / "state.json").read_text())["training"]
    keys = ("rounds", "decisions", "seconds", "core_hours", "cpu_hours")
    assert {k: snapshot[k] for k in keys} == {k: state[k] for k in keys}


def member_file(member: object) -> str | None:
    """The model file of a ``learned`` member, else ``None``."""
    return member.model_file if isinstance(member, zhengfen.AgentSpec) else None


def train_words(out: Path, *more: str) -> list[str]:
    """``zhengfen train`` of a tiny pool run with snapshots every 2 rounds."""
    return [
        *("train", "--out", str(out), "--players", "4", "--layers", "64,32"),
        *("--history", "2", "--episodes", "16", "--batch", "256", "--lr", "0.001"),
        *("--opponents", "greedy,self", "--pool", "--snapshot-every", "2", "--seed", "14"),
        *("--eval-deals", "0", "--yardstick-deals", "0", "--no-progress"),
        *more,
    ]


def test_a_resumed_pool_run_is_the_uninterrupted_run(tmp_path: Path) -> None:
    """Six rounds in one go, and three then three more with ``--resume`` (whose first rounds
    seat the snapshot the first part wrote): the same parameters, Adam state and snapshots."""
    whole, split = tmp_path / "whole", tmp_path / "split"
    assert cli.main(train_words(whole, "--rounds", "6")) == 0
    assert cli.main(train_words(split, "--rounds", "3")) == 0
    assert sorted(p.name for p in (split / "pool").iterdir()) == ["round-00000002.safetensors"]
    resume = ["train", "--out", str(split), "--resume", "--rounds", "6", "--no-progress"]
    assert cli.main([*resume, "--eval-deals", "0", "--yardstick-deals", "0"]) == 0
    assert rounds_saved(split) == 6
    pool = Pool([GREEDY, "self"], split / "pool", 14, every=2)
    seated = {member_file(a) for r in (3, 4) for a in pool.seats(zhengfen.Rules.zheng_fen(), r)}
    assert str(snapshot_path(split / "pool", 2)) in seated
    same_run(whole, split)
    for s in (2, 4, 6):
        a, b = (
            model_tensors(snapshot_path(whole / "pool", s)),
            model_tensors(snapshot_path(split / "pool", s)),
        )
        assert all(np.array_equal(a[k], b[k]) for k in a), s


def test_a_resumed_pool_run_without_its_snapshot_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A snapshot file gone from ``pool/``: the resumed run is refused before any round, in one
    line naming the file (exit status 2), and its checkpoint is unchanged."""
    out = tmp_path / "run"
    assert cli.main(train_words(out, "--rounds", "3")) == 0
    capsys.readouterr()
    state = (out / "state.json").read_bytes()
    gone = snapshot_path(out / "pool", 2)
    gone.unlink()
    resume = ["--out", str(out), "--resume", "--rounds", "5", "--eval-deals", "0"]
    refused(capsys, resume, str(gone))
    assert (out / "state.json").read_bytes() == state


def folder_state(out: Path) -> dict[str, tuple[bytes, int]]:
    """Every file under ``out``: its bytes and time of change."""
    return {
        str(p.relative_to(out)): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in sorted(out.rglob("*"))
        if p.is_file()
    }


def test_a_resumed_pool_run_with_a_damaged_snapshot_is_refused_up_front(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A snapshot truncated (a full disk, a killed copy), or replaced by a model of another
    game: the resumed run reads every snapshot it may seat before anything else and is refused
    in one line naming that file (exit status 2), the folder unchanged (issue 47's review: it
    was found only when a seat drew it, maybe hours into the run). The older snapshot is the
    one damaged: the coming rounds draw it with no more chance than the others."""
    out = tmp_path / "run"
    assert cli.main(train_words(out, "--rounds", "5")) == 0
    capsys.readouterr()
    damaged = snapshot_path(out / "pool", 2)
    good = damaged.read_bytes()
    other_game = ROOT / "rust/zhengfen-core/models"
    for damage in (good[: len(good) // 2], (other_game / "zheng_fen_5.safetensors").read_bytes()):
        damaged.write_bytes(damage)
        before = folder_state(out)
        resume = ["--out", str(out), "--resume", "--rounds", "9", "--eval-deals", "0"]
        refused(capsys, resume, f"{damaged}: the pool's snapshot of round 2 does not load")
        assert folder_state(out) == before
        damaged.write_bytes(good)
    resume = ["train", "--out", str(out), "--resume", "--rounds", "6", "--no-progress"]
    assert cli.main([*resume, "--eval-deals", "0", "--yardstick-deals", "0"]) == 0  # good again
    assert rounds_saved(out) == 6


def test_the_pool_options_are_refused_without_what_they_need(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--pool`` without ``--opponents``, ``--snapshot-every`` without ``--pool``,
    ``--snapshot-keep`` without ``--snapshot-every``, a negative N; ``--pool`` given to a
    resumed run without one: one line, exit status 2, nothing written."""
    run = str(tmp_path / "run")
    refused(capsys, ["--out", run, "--pool"], "--pool needs --opponents")
    refused(
        capsys,
        ["--out", run, "--opponents", "greedy", "--snapshot-every", "2"],
        "--snapshot-every needs --pool",
    )
    refused(
        capsys,
        ["--out", run, "--opponents", "greedy", "--pool", "--snapshot-keep", "2"],
        "--snapshot-keep needs --snapshot-every",
    )
    refused(
        capsys,
        ["--out", run, "--snapshot-every", "-1"],
        "--snapshot-every: must be an integer from 0",
        argparse=True,
    )
    assert not (tmp_path / "run").exists()
    train(tiny(tmp_path / "plain", rounds=1, opponents=(GREEDY,)), resume=False)
    refused(
        capsys,
        ["--out", str(tmp_path / "plain"), "--resume", "--pool"],
        "pool True differs from the run's False",
    )


def test_the_run_plays_the_pools_draw(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The seats each round is played with are the pool's draw for that round (not the fixed
    order), and a snapshot is seated once it is a member."""
    played: dict[int, list[object]] = {}
    submit = LocalActors.submit

    def recording(self: LocalActors, work: Round) -> None:
        played[work.number] = list(work.agents or [])
        submit(self, work)

    monkeypatch.setattr(LocalActors, "submit", recording)
    out = tmp_path / "run"
    assert cli.main(train_words(out, "--rounds", "8")) == 0
    pool = Pool([GREEDY, "self"], out / "pool", 14, every=2)
    rules = zhengfen.Rules.zheng_fen()
    assert set(range(8)) <= set(played)  # and the round begun ahead, when the run stopped
    assert all(played[r] == pool.seats(rules, r) for r in played)
    fixed = [seat_agents(rules, [GREEDY, "self"], r) for r in played]
    assert [played[r] for r in played] != fixed
    seated = {member_file(a) for r in played for a in played[r]}
    assert seated & {str(snapshot_path(out / "pool", s)) for s in (2, 4, 6)}
