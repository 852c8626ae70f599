"""Shared fixtures: each API test runs against the Rust core and against the reference."""

from __future__ import annotations

import atexit
import os
import random
import shutil
import tempfile
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

import zhengfen
from ray_cluster import RayCluster, start_cluster
from zhengfen import reference

collect_ignore = ["bots"]
"""``tests/bots/`` holds bots (BOTS.md) the tests start as processes: each reads its standard
input when run, so ``--doctest-modules`` must not import them."""

# ``zhengfen serve`` started by a test keeps its games in a folder of the test session's, never
# in the home folder's default (a test that means a folder gives ``--data``).
if "ZHENGFEN_DATA" not in os.environ:
    os.environ["ZHENGFEN_DATA"] = tempfile.mkdtemp(prefix="zhengfen-data-")
    atexit.register(shutil.rmtree, os.environ["ZHENGFEN_DATA"], True)

# The ``impl`` fixture is a module, the same for every example: no state to reset.
_STATELESS = [HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
settings.register_profile("ci", max_examples=150, deadline=None, suppress_health_check=_STATELESS)
settings.register_profile(
    "long", max_examples=3000, deadline=None, suppress_health_check=_STATELESS
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

IMPLEMENTATIONS = {"rust": zhengfen, "reference": reference}

# Every rule set the sweeps cover: Zheng Fen 3 to 6 with jokers wild and tame, Zen Cheng You.
RULE_SPECS: list[dict[str, Any]] = [
    *(
        {"game": "zheng_fen", "players": p, "jokers_wild": w}
        for p in (3, 4, 5, 6)
        for w in (True, False)
    ),
    {"game": "zen_cheng_you"},
]


@pytest.fixture(params=sorted(IMPLEMENTATIONS), ids=sorted(IMPLEMENTATIONS))
def impl(request: pytest.FixtureRequest) -> ModuleType:
    """The implementation under test: ``zhengfen`` (Rust) or ``zhengfen.reference``."""
    return IMPLEMENTATIONS[request.param]


@pytest.fixture(scope="session")
def ray_cluster() -> Iterator[RayCluster]:
    """A Ray cluster of one node started with ``ray start --head``, token authentication on,
    on 127.0.0.1 (tests/ray_cluster.py): one a test session, stopped at its end however the
    tests went. Skipped where Ray is not installed, or older than its token authentication."""
    ray = pytest.importorskip("ray")
    if tuple(int(part) for part in ray.__version__.split(".")[:2]) < (2, 52):
        pytest.skip(f"Ray {ray.__version__} has no token authentication (2.52 on)")
    with start_cluster() as cluster:
        yield cluster


def make_rules(module: ModuleType, spec: dict[str, Any]) -> Any:
    """The rule set ``spec`` (``game`` plus options) built with ``module``'s presets."""
    options = {k: v for k, v in spec.items() if k != "game"}
    if spec["game"] == "zheng_fen":
        return module.Rules.zheng_fen(**options)
    return module.Rules.zen_cheng_you(**options)


def random_cards(rng: random.Random, size: int, decks: int) -> str:
    """``size`` distinct cards of a ``decks``-deck pack, in notation."""
    tokens = [str(c) for c in zhengfen.shuffle_deck(decks, rng.getrandbits(64))]
    return " ".join(tokens[:size])
