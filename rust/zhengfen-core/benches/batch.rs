//! One `VecGame` step in Rust, without Python (results: `benches/RESULTS.md`): the cost per
//! decision of playing a move, listing the next player's moves and writing the observation,
//! history (8 rows) and mask, for a batch of 256 games on one thread and on two.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use zhengfen_core::batch::{Episode, OutBuffers, SlotOut, VecConfig, VecGame};
use zhengfen_core::deal::SplitMix64;
use zhengfen_core::encode::{observation_size, HISTORY_ROW};
use zhengfen_core::rules::Rules;

const GAMES: usize = 256;
const HISTORY: usize = 8;

/// The output buffers of a batch.
struct Buffers {
    obs: Vec<f32>,
    hist: Vec<f32>,
    mask: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    players: Vec<i64>,
    legal: Vec<i64>,
}

impl Buffers {
    fn new(config: &VecConfig) -> Buffers {
        let n = config.num_games;
        Buffers {
            obs: vec![0.0; n * observation_size(false)],
            hist: vec![0.0; n * HISTORY * HISTORY_ROW],
            mask: vec![false; n * config.max_actions],
            rewards: vec![0.0; n * usize::from(config.rules.players)],
            dones: vec![false; n],
            players: vec![0; n],
            legal: vec![0; n],
        }
    }

    fn slots(&mut self, config: &VecConfig) -> Vec<SlotOut<'_>> {
        config.slots(OutBuffers {
            observation: &mut self.obs,
            history: &mut self.hist,
            mask: &mut self.mask,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            players: &mut self.players,
            legal: &mut self.legal,
        })
    }
}

fn bench(c: &mut Criterion) {
    let sets = [
        ("zheng_fen_3", Rules::zheng_fen(3).unwrap()),
        ("zheng_fen_4", Rules::zheng_fen(4).unwrap()),
        ("zen_cheng_you", Rules::zen_cheng_you()),
    ];
    let mut group = c.benchmark_group("vec_game step");
    group.throughput(Throughput::Elements(GAMES as u64));
    for (name, rules) in sets {
        for threads in [1, 2] {
            let config = VecConfig {
                rules,
                num_games: GAMES,
                episode: Episode::Match,
                max_actions: if name == "zen_cheng_you" { 16384 } else { 4096 },
                history: HISTORY,
                perfect: false,
                agents: vec![None; usize::from(rules.players)],
                threads,
            };
            let mut batch = VecGame::new(config.clone(), 1).unwrap();
            let mut buffers = Buffers::new(&config);
            batch.observe(&mut buffers.slots(&config));
            let mut rng = SplitMix64::new(2);
            let mut actions = vec![0i64; GAMES];
            group.bench_function(format!("{name}/threads={threads}"), |b| {
                b.iter(|| {
                    for (a, &n) in actions.iter_mut().zip(&buffers.legal) {
                        *a = rng.uniform(n.min(config.max_actions as i64) as u64) as i64;
                    }
                    batch.step(&actions, &mut buffers.slots(&config)).unwrap();
                })
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(3)).warm_up_time(std::time::Duration::from_millis(500));
    targets = bench
}
criterion_main!(benches);
