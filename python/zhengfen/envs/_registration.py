"""The Gymnasium ids of the environments, registered when :mod:`zhengfen.envs` is imported
with Gymnasium installed (Gymnasium 1.x has no plugin entry points).

``gymnasium.make("zhengfen/ZhengFen-v0", players=3)`` builds a :class:`ZhengfenEnv` with the
rule and environment options given (defaults as :func:`zhengfen.envs.gymnasium_env`), wrapped
as ``gymnasium.make`` wraps every environment (``OrderEnforcing``, ``PassiveEnvChecker``).
``gymnasium.make("zhengfen.envs:zhengfen/ZhengFen-v0")`` imports this package first.
"""

from __future__ import annotations

__all__ = ["ENV_IDS", "register_envs"]

ENV_IDS: dict[str, dict[str, str]] = {
    "zhengfen/ZhengFen-v0": {"game": "zheng_fen"},
    "zhengfen/ZenChengYou-v0": {"game": "zen_cheng_you"},
}
"""Each registered id and the options it sets (``game``; a ``game`` passed to ``make`` wins)."""
_ENTRY_POINT = "zhengfen.envs._gymnasium:ZhengfenEnv"


def register_envs() -> None:
    """Registers :data:`ENV_IDS` with Gymnasium (once); raises ``ImportError`` without it."""
    import gymnasium

    for env_id, kwargs in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point=_ENTRY_POINT, kwargs=dict(kwargs))
