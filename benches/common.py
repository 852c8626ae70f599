"""What the Python benchmarks share: the rule sets they time and how each implementation builds
them."""

from __future__ import annotations

from types import ModuleType
from typing import Any

RULE_SETS: dict[str, dict[str, Any]] = {
    "zheng_fen 3": {"players": 3},
    "zheng_fen 4": {"players": 4},
    "zheng_fen 6": {"players": 6},
    "zen_cheng_you": {},
}


def rules_for(module: ModuleType, name: str) -> Any:
    """The rule set ``name`` built with ``module`` (``zhengfen`` or ``zhengfen.reference``)."""
    preset = module.Rules.zheng_fen if name.startswith("zheng_fen") else module.Rules.zen_cheng_you
    return preset(**RULE_SETS[name])
