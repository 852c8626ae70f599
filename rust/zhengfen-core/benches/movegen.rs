//! Criterion benchmarks of the classifier and the legal-move enumerator on seeded random deals
//! (results and the command: `benches/RESULTS.md`).
//!
//! Inputs: the hands of 64 seeded deals per rule set; for follows, each hand against a table
//! drawn from another seat's legal leads. Each benchmark iterates over all inputs, so the time
//! it reports is per *batch*; the per-call and per-move figures are printed beside it.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use zhengfen_core::cardset::CardSet;
use zhengfen_core::classify::classify_into;
use zhengfen_core::combo::Combo;
use zhengfen_core::deal::deal;
use zhengfen_core::movegen::legal_moves_unchecked;
use zhengfen_core::rules::Rules;
use zhengfen_core::seed::SplitMix64;

const DEALS: u64 = 64;

struct Inputs {
    name: &'static str,
    rules: Rules,
    hands: Vec<CardSet>,
    tables: Vec<Combo>,
    plays: Vec<CardSet>,
}

fn inputs(name: &'static str, rules: Rules) -> Inputs {
    let mut hands = Vec::new();
    let mut tables = Vec::new();
    let mut plays = Vec::new();
    let mut moves = Vec::new();
    for seed in 0..DEALS {
        let dealt = deal(&rules, &mut SplitMix64::new(seed), 0);
        legal_moves_unchecked(dealt[1], None, &rules, &mut moves);
        let pick = (seed as usize * 7919) % moves.len();
        hands.push(dealt[0]);
        tables.push(moves[pick]);
        plays.extend(moves.iter().step_by(moves.len() / 16 + 1).map(|m| m.cards));
    }
    Inputs {
        name,
        rules,
        hands,
        tables,
        plays,
    }
}

fn mean_moves(input: &Inputs, follow: bool) -> f64 {
    let mut out = Vec::new();
    let total: usize = input
        .hands
        .iter()
        .zip(&input.tables)
        .map(|(hand, table)| {
            legal_moves_unchecked(*hand, follow.then_some(table), &input.rules, &mut out);
            out.len()
        })
        .sum();
    total as f64 / input.hands.len() as f64
}

fn bench(c: &mut Criterion) {
    let sets = [
        inputs("zf3", Rules::zheng_fen(3).unwrap()),
        inputs("zf4", Rules::zheng_fen(4).unwrap()),
        inputs("zf6", Rules::zheng_fen(6).unwrap()),
        inputs("zcy", Rules::zen_cheng_you()),
    ];
    let mut out = Vec::with_capacity(1 << 16);
    for input in &sets {
        let n = input.hands.len();
        println!(
            "{}: {} hands; mean moves per lead {:.1}, per follow {:.2}; {} classify inputs",
            input.name,
            n,
            mean_moves(input, false),
            mean_moves(input, true),
            input.plays.len()
        );
        c.bench_function(&format!("{}/lead x{n}", input.name), |b| {
            b.iter(|| {
                for hand in &input.hands {
                    legal_moves_unchecked(black_box(*hand), None, &input.rules, &mut out);
                }
            })
        });
        c.bench_function(&format!("{}/follow x{n}", input.name), |b| {
            b.iter(|| {
                for (hand, table) in input.hands.iter().zip(&input.tables) {
                    legal_moves_unchecked(black_box(*hand), Some(table), &input.rules, &mut out);
                }
            })
        });
        let plays = input.plays.len();
        c.bench_function(&format!("{}/classify x{plays}", input.name), |b| {
            b.iter(|| {
                for play in &input.plays {
                    classify_into(black_box(*play), &input.rules, &mut out);
                }
            })
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = bench
}
criterion_main!(benches);
