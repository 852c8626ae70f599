//! Random full matches in Rust on one thread (results: `benches/RESULTS.md`).
//!
//! Each iteration deals a match from a new seed and plays it to the end, every decision a
//! uniformly random legal move (the pass included) drawn from a SplitMix64 stream.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use zhengfen_core::combo::Combo;
use zhengfen_core::game::{Game, Move};
use zhengfen_core::rules::Rules;
use zhengfen_core::seed::SplitMix64;

/// Plays one random match; returns the number of decisions.
fn random_match(rules: Rules, seed: u64, combos: &mut Vec<Combo>, moves: &mut Vec<Move>) -> usize {
    let mut game = Game::new(rules, seed);
    let mut rng = SplitMix64::new(seed);
    let mut decisions = 0;
    while game.current_player().is_some() {
        game.legal_moves_into(combos, moves);
        let pick = rng.uniform(moves.len() as u64) as usize;
        game.play_unchecked(moves[pick]);
        decisions += 1;
    }
    decisions
}

fn bench(c: &mut Criterion) {
    let sets = [
        ("zheng_fen_3", Rules::zheng_fen(3).unwrap()),
        ("zheng_fen_4", Rules::zheng_fen(4).unwrap()),
        ("zheng_fen_6", Rules::zheng_fen(6).unwrap()),
        ("zen_cheng_you", Rules::zen_cheng_you()),
    ];
    let (mut combos, mut moves) = (Vec::new(), Vec::new());
    for (name, rules) in sets {
        let total: usize = (0..1000)
            .map(|s| random_match(rules, s, &mut combos, &mut moves))
            .sum();
        println!(
            "{name}: {:.1} decisions per random match",
            total as f64 / 1000.0
        );
        let mut seed = 0u64;
        c.bench_function(&format!("{name}/random match"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_match(rules, seed, &mut combos, &mut moves))
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(3)).warm_up_time(std::time::Duration::from_millis(500));
    targets = bench
}
criterion_main!(benches);
