//! Dealing vectors (RULES.md §2): the first five SplitMix64 outputs for seeds 0 and 1, and the
//! 4-player Zheng Fen deal for seed 42. The same numbers are checked by pytest.

use zhengfen_core::deal::{deal, shuffled_deck};
use zhengfen_core::rules::Rules;
use zhengfen_core::seed::SplitMix64;

#[test]
fn splitmix64_outputs() {
    let expected: [(u64, [u64; 5]); 2] = [
        (
            0,
            [
                0xe220a8397b1dcdaf,
                0x6e789e6aa1b965f4,
                0x06c45d188009454f,
                0xf88bb8a8724c81ec,
                0x1b39896a51a8749b,
            ],
        ),
        (
            1,
            [
                0x910a2dec89025cc1,
                0xbeeb8da1658eec67,
                0xf893a2eefb32555e,
                0x71c18690ee42c90b,
                0x71bb54d8d101b5b9,
            ],
        ),
    ];
    for (seed, outputs) in expected {
        let mut rng = SplitMix64::new(seed);
        let got: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        assert_eq!(got, outputs, "seed {seed}");
    }
}

#[test]
fn four_player_deal_for_seed_42() {
    let hands = deal(&Rules::zheng_fen(4).unwrap(), &mut SplitMix64::new(42), 0);
    let text: Vec<String> = hands.iter().map(|h| h.to_string()).collect();
    assert_eq!(
        text,
        [
            "4s 5d 6s 7c 8c 8s 9d 10c 10d Kc Ks Ac Ad 2s",
            "3c 3h 3s 4h 5c 5s 7h 7s 9c 10h 10s Qh Kh BJ",
            "4c 6c 7d 8h 9h 9s Jc Jd Qs As 2c 2h RJ",
            "3d 4d 5h 6d 6h 8d Jh Js Qc Qd Kd Ah 2d",
        ]
    );
}

#[test]
fn deals_conserve_the_deck() {
    for rules in [Rules::zheng_fen(5).unwrap(), Rules::zen_cheng_you()] {
        let hands = deal(&rules, &mut SplitMix64::new(7), 3);
        let total = hands
            .iter()
            .fold(zhengfen_core::cardset::CardSet::EMPTY, |a, h| {
                a.plus(*h).unwrap()
            });
        let deck: zhengfen_core::cardset::CardSet =
            shuffled_deck(rules.decks(), &mut SplitMix64::new(0))
                .into_iter()
                .collect();
        assert_eq!(total, deck);
    }
}

#[test]
fn uniform_rejects_the_biased_tail() {
    // With n = 3 * 2^62 the accepted range is [0, 3 * 2^62): outputs at or above are redrawn.
    let mut rng = SplitMix64::new(0);
    for _ in 0..1000 {
        assert!(rng.uniform(3 << 62) < 3 << 62);
    }
    assert_eq!(SplitMix64::new(0).uniform(1), 0);
}
