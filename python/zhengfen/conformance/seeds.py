"""Seeds that meet a rare draw of the deal (RULES.md §2.1, §2.2), found by inverting
SplitMix64's output mix rather than by search: :func:`seed_for` is the seed whose ``k``-th draw is a
given output, :data:`REJECTED` the draws that uniform must redraw."""

from __future__ import annotations

from typing import Any

from zhengfen.conformance.cases import ZCY, ZF

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MULTIPLIERS = (0xBF58476D1CE4E5B9, 0x94D049BB133111EB)


def mix(z: int) -> int:
    """SplitMix64's output function (RULES.md §2.1): ``next()`` returns ``mix(state)``.

    >>> hex(mix(0x9E3779B97F4A7C15))
    '0xe220a8397b1dcdaf'
    """
    z = ((z ^ (z >> 30)) * _MULTIPLIERS[0]) & _MASK
    z = ((z ^ (z >> 27)) * _MULTIPLIERS[1]) & _MASK
    return z ^ (z >> 31)


def _unshift(z: int, shift: int) -> int:
    """The ``x`` with ``x ^ (x >> shift) == z``: each pass fixes ``shift`` more top bits."""
    x = z
    for _ in range(64 // shift):
        x = z ^ (x >> shift)
    return x


def unmix(z: int) -> int:
    """The inverse of :func:`mix` (each of its steps is a bijection of 64-bit words).

    >>> unmix(mix(12345)) == 12345
    True
    """
    z = _unshift(z, 31)
    z = (z * pow(_MULTIPLIERS[1], -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(_MULTIPLIERS[0], -1, 1 << 64)) & _MASK
    return _unshift(z, 30)


def seed_for(draw: int, output: int) -> int:
    """The seed whose ``draw``-th output (1-based) is ``output``: the state after ``draw`` steps
    is ``seed + draw * 0x9E3779B97F4A7C15`` and ``next()`` returns ``mix`` of it (§2.1)."""
    return (unmix(output) - draw * _GAMMA) & _MASK


def lowest_rejected(n: int) -> int:
    """The lowest output that uniform(n) redraws: 2^64 - (2^64 mod n) (RULES.md §2.2)."""
    return (1 << 64) - (1 << 64) % n


#: Seeds whose shuffle draws an output that uniform must redraw (RULES.md §2.2), found by
#: inverting the output mix, not by search (no ordinary seed meets one: at most 107 of 2^64
#: outputs are redrawn). Each is (rules, draw k, output): draw k of the shuffle is for
#: i = deck size - k, so uniform(deck size - k + 1).
REJECTED: list[tuple[dict[str, Any], int, int]] = [
    (ZF, 1, lowest_rejected(54)),  # uniform(54) at i = 53 meets its lowest redrawn output
    (ZCY, 50, _MASK),  # uniform(59) at i = 58 meets the highest output, 2^64 - 1
    ({"game": "zheng_fen", "players": 5, "target": 150}, 30, lowest_rejected(25)),  # the game
]


def rejected_name(rules: dict[str, Any], draw: int, output: int) -> str:
    n = (108 if rules["game"] == "zen_cheng_you" else 54) - draw + 1
    return f"draw {draw} is {output:#x}, redrawn by uniform({n})"
