"""Dealing vectors (RULES.md §2): the same numbers as
``rust/zhengfen-core/tests/deal_vectors.rs``."""

from __future__ import annotations

from types import ModuleType

SPLITMIX = {
    0: [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
        0x1B39896A51A8749B,
    ],
    1: [
        0x910A2DEC89025CC1,
        0xBEEB8DA1658EEC67,
        0xF893A2EEFB32555E,
        0x71C18690EE42C90B,
        0x71BB54D8D101B5B9,
    ],
}

DEAL_42 = [
    "4s 5d 6s 7c 8c 8s 9d 10c 10d Kc Ks Ac Ad 2s",
    "3c 3h 3s 4h 5c 5s 7h 7s 9c 10h 10s Qh Kh BJ",
    "4c 6c 7d 8h 9h 9s Jc Jd Qs As 2c 2h RJ",
    "3d 4d 5h 6d 6h 8d Jh Js Qc Qd Kd Ah 2d",
]


def test_splitmix64(impl: ModuleType) -> None:
    for seed, outputs in SPLITMIX.items():
        rng = impl.SplitMix64(seed)
        assert [rng.next() for _ in range(5)] == outputs


def test_deal_seed_42(impl: ModuleType) -> None:
    hands = impl.deal(impl.Rules.zheng_fen(players=4), 42)
    assert [str(h) for h in hands] == DEAL_42


def test_deals_draw_on_from_one_stream(impl: ModuleType) -> None:
    rules = impl.Rules.zen_cheng_you()
    rng = impl.SplitMix64(9)
    first = impl.deal(rules, rng)
    second = impl.deal(rules, rng, 2)
    assert first != second
    assert sum(len(h) for h in first) == 108
    assert [len(h) for h in second] == [27, 27, 27, 27]


def test_first_drawer_gets_the_extra_cards(impl: ModuleType) -> None:
    hands = impl.deal(impl.Rules.zheng_fen(players=5), 3, 3)
    assert [len(h) for h in hands] == [11, 11, 10, 11, 11]


def test_rust_and_reference_deal_alike() -> None:
    import zhengfen
    from zhengfen import reference

    for players in (3, 4, 5, 6):
        for seed in (0, 1, 2**64 - 1, 123456789):
            ours = zhengfen.deal(zhengfen.Rules.zheng_fen(players=players), seed, seed % players)
            theirs = reference.deal(
                reference.Rules.zheng_fen(players=players), seed, seed % players
            )
            assert [str(h) for h in ours] == [str(h) for h in theirs]
    for seed in (0, 77):
        ours = zhengfen.deal(zhengfen.Rules.zen_cheng_you(), seed)
        theirs = reference.deal(reference.Rules.zen_cheng_you(), seed)
        assert [str(h) for h in ours] == [str(h) for h in theirs]
