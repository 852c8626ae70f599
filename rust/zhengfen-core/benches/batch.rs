//! One `VecGame` step in Rust, without Python (results: `benches/RESULTS.md` §4.3, §7): the
//! cost per game-step of playing a move, listing the next player's moves and writing the
//! outputs, for the default configuration (bytes, no mask) and the float32 + dense-mask one,
//! on one thread and on two; then the default one for growing batches on two threads.
//!
//! Two baselines on one thread split that cost: `bare` steps the same 512 games in turn with no
//! outputs at all (what taking turns across a batch costs, beside playing one game to its end
//! as `rollouts` does: the `game` bench), and `default` adds the outputs.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use zhengfen_core::batch::{Dtype, MaskKind, VecConfig, VecGame};
use zhengfen_core::game::Game;
use zhengfen_core::rules::Rules;
use zhengfen_core::seed::derive_seed;
use zhengfen_core::seed::SplitMix64;

/// Steps `config`'s batch with uniformly random legal actions while criterion times it.
fn bench_steps(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: BenchmarkId,
    config: VecConfig,
) {
    let mut batch = VecGame::new(config.clone(), 1).unwrap();
    let mut arrays = config.arrays();
    batch.observe(arrays.buffers());
    let mut rng = SplitMix64::new(2);
    let mut actions = vec![0i64; config.num_games];
    group.bench_function(id, |b| {
        b.iter(|| {
            for (a, &n) in actions.iter_mut().zip(&arrays.legal) {
                *a = rng.uniform(n.min(config.max_actions as i64) as u64) as i64;
            }
            batch.step(&actions, arrays.buffers()).unwrap();
        })
    });
}

fn configurations(c: &mut Criterion) {
    let sets = [
        ("zheng_fen_3", Rules::zheng_fen(3).unwrap()),
        ("zheng_fen_4", Rules::zheng_fen(4).unwrap()),
        ("zen_cheng_you", Rules::zen_cheng_you()),
    ];
    let mut group = c.benchmark_group("vec_game step x512");
    group.throughput(Throughput::Elements(512));
    for (name, rules) in sets {
        for (form, dtype, mask) in [
            ("default", Dtype::Uint8, MaskKind::None),
            ("float32+dense", Dtype::Float32, MaskKind::Dense),
        ] {
            for threads in [1, 2] {
                let config = VecConfig {
                    threads,
                    dtype,
                    mask,
                    ..VecConfig::new(rules, 512)
                };
                let id = BenchmarkId::new(format!("{name}/{form}"), format!("threads={threads}"));
                bench_steps(&mut group, id, config);
            }
        }
    }
    group.finish();
}

/// 512 games stepped in turn, one random legal move each, no outputs; a game that ends is
/// dealt again.
fn bare(c: &mut Criterion) {
    let mut group = c.benchmark_group("bare batch step x512");
    group.throughput(Throughput::Elements(512));
    for (name, rules) in [
        ("zheng_fen_4", Rules::zheng_fen(4).unwrap()),
        ("zen_cheng_you", Rules::zen_cheng_you()),
    ] {
        let mut games: Vec<Game> = (0..512)
            .map(|j| Game::new(rules, derive_seed(1, j)))
            .collect();
        let (mut combos, mut moves) = (Vec::new(), Vec::new());
        let mut rng = SplitMix64::new(2);
        let mut dealt = 512;
        group.bench_function(name, |b| {
            b.iter(|| {
                for game in games.iter_mut() {
                    if game.current_player().is_none() {
                        dealt += 1;
                        *game = Game::new(rules, derive_seed(1, dealt));
                    }
                    game.legal_moves_into(&mut combos, &mut moves);
                    let pick = rng.uniform(moves.len() as u64) as usize;
                    game.play_unchecked(moves[pick]);
                }
            })
        });
    }
    group.finish();
}

fn scaling(c: &mut Criterion) {
    let rules = Rules::zheng_fen(4).unwrap();
    let mut group = c.benchmark_group("vec_game step, zheng_fen_4 default, 2 threads");
    for games in [64, 256, 1024, 4096, 16384] {
        group.throughput(Throughput::Elements(games as u64));
        let config = VecConfig {
            threads: 2,
            ..VecConfig::new(rules, games)
        };
        bench_steps(&mut group, BenchmarkId::from_parameter(games), config);
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2)).warm_up_time(std::time::Duration::from_millis(500));
    targets = configurations, bare, scaling
}
criterion_main!(benches);
