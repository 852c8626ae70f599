use std::time::Instant;
use zhengfen_core::batch::{Episode, SlotOut, VecConfig, VecGame};
use zhengfen_core::deal::SplitMix64;
use zhengfen_core::encode::{observation_size, HISTORY_ROW};
use zhengfen_core::rules::Rules;

fn main() {
    let history: usize = std::env::args().nth(1).map_or(16, |a| a.parse().unwrap());
    let n: usize = std::env::args().nth(2).map_or(1024, |a| a.parse().unwrap());
    let config = VecConfig {
        rules: Rules::zheng_fen(4).unwrap(),
        num_games: n,
        episode: Episode::Match,
        max_actions: 4096,
        history,
        perfect: false,
        agents: vec![None; 4],
        threads: 1,
    };
    let mut vg = VecGame::new(config.clone(), 1).unwrap();
    let od = observation_size(false);
    let mut obs = vec![0.0f32; n * od];
    let mut hist = vec![0.0f32; n * history * HISTORY_ROW];
    let mut mask = vec![false; n * 4096];
    let mut rew = vec![0.0f32; n * 4];
    let mut done = vec![false; n];
    let mut pl = vec![0i64; n];
    let mut lg = vec![0i64; n];
    let mut rng = SplitMix64::new(3);
    let mut decisions = 0u64;
    let mut games = 0u64;
    let t = Instant::now();
    let mut actions = vec![0i64; n];
    for step in 0..2000 {
        let mut slots: Vec<SlotOut> = obs
            .chunks_exact_mut(od)
            .zip(hist.chunks_exact_mut(history * HISTORY_ROW))
            .zip(mask.chunks_exact_mut(4096))
            .zip(rew.chunks_exact_mut(4))
            .zip(done.iter_mut())
            .zip(pl.iter_mut().zip(lg.iter_mut()))
            .map(
                |(((((observation, history), mask), rewards), done), (player, legal))| SlotOut {
                    observation,
                    history,
                    mask,
                    rewards,
                    done,
                    player,
                    legal,
                },
            )
            .collect();
        if step == 0 {
            vg.observe(&mut slots);
        } else {
            vg.step(&actions, &mut slots).unwrap();
        }
        drop(slots);
        for j in 0..n {
            actions[j] = rng.uniform(lg[j].min(4096) as u64) as i64;
        }
        decisions += n as u64;
        games += done.iter().filter(|d| **d).count() as u64;
    }
    let dt = t.elapsed().as_secs_f64();
    println!(
        "history {history}: {:.3} us/decision, {:.0} games/s",
        dt / decisions as f64 * 1e6,
        games as f64 / dt
    );
}
