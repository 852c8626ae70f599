"""``zhengfen train --ray ADDRESS``: the actors as Ray actors (one CPU each) on a cluster
(``local`` starts one on this machine), joined by
:func:`zhengfen.arena.ray_connect.connect_ray` (the cluster's token as the arena finds it).
Each round's episodes are cut into contiguous slices, one per actor; the model's bytes are put in
the object store once per round; the slices' samples are joined back in episode order, which makes
them the samples one machine plays (:mod:`zhengfen.train.actors`).
"""

from __future__ import annotations

from typing import Any

from zhengfen.train.actors import Played, Recipe, Round, concatenate, play_episodes, slices

__all__ = ["RayActors"]


class Worker:
    """One Ray actor: plays slices of rounds."""

    def __init__(self, recipe: Recipe) -> None:
        self.recipe = recipe

    def play_episodes(self, work: Round, first: int, count: int) -> Played:
        return play_episodes(self.recipe, work, first, count)


class RayActors:
    """Rounds played by ``count`` Ray actors (see the module's docstring)."""

    def __init__(self, recipe: Recipe, address: str, count: int) -> None:
        import ray

        from zhengfen.arena.ray_connect import connect_ray

        self.ray = ray
        self.started = connect_ray(address)
        remote: Any = ray.remote(num_cpus=1)(Worker)
        self.workers = [remote.remote(recipe) for _ in range(count)]
        self.pending: list[Any] = []

    @property
    def cores(self) -> int:
        """The cluster's CPUs (this machine's included when it is the cluster)."""
        resources: dict[str, float] = self.ray.cluster_resources()  # type: ignore[no-untyped-call]
        return max(1, int(resources.get("CPU", 1)))

    def submit(self, work: Round) -> None:
        shared = self.ray.put(work)
        cuts = slices(work.first_episode, work.episodes, len(self.workers))
        self.pending = [
            worker.play_episodes.remote(shared, first, count)
            for worker, (first, count) in zip(self.workers, cuts)
        ]

    def result(self) -> Played:
        parts: list[Played] = self.ray.get(self.pending)
        self.pending = []
        joined = concatenate([part.samples for part in parts])
        return Played(joined, sum(part.seconds for part in parts))

    def close(self) -> None:
        for worker in self.workers:
            self.ray.kill(worker)
        self.workers = []
        if self.started:
            self.ray.shutdown()
