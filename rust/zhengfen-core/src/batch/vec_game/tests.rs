//! The batch's own checks: memory bounds, the deals of `rollouts` without auto-reset, a
//! cancelled step.

use super::memory::match_log_bytes;
use super::slot::SCRATCH_KEEP;
use super::*;
use crate::batch::outputs::{Dtype, MaskKind};
use crate::batch::{rollouts, RolloutConfig};
use crate::rules::Rules;

fn config(rules: Rules, num_games: usize, episode: Episode) -> VecConfig {
    VecConfig {
        rules,
        num_games,
        episode,
        max_actions: 1 << 16,
        history: 0,
        perfect: false,
        agents: vec![None; usize::from(rules.players)],
        threads: 1,
        dtype: Dtype::Uint8,
        mask: MaskKind::Dense,
        play_forced: false,
        auto_reset: true,
    }
}

#[test]
fn a_batch_too_large_to_allocate_is_out_of_memory_not_an_abort() {
    let c = config(Rules::zen_cheng_you(), usize::MAX / 2, Episode::Match);
    assert!(matches!(VecGame::new(c, 0), Err(Error::OutOfMemory { .. })));
}

#[test]
fn scratch_lists_keep_bounded_capacity_and_logs_fit_the_estimate() {
    for rules in [Rules::zen_cheng_you(), Rules::zheng_fen(6).unwrap()] {
        let c = config(rules, 4, Episode::Game);
        let mut batch = VecGame::new(c.clone(), 9).unwrap();
        let mut arrays = c.arrays();
        batch.observe(arrays.buffers());
        for step in 0..3000 {
            let actions = batch.agent_actions(&Agent::Random, step).unwrap();
            batch.step(&actions, arrays.buffers()).unwrap();
            for slot in &batch.slots {
                // A longer list than the kept capacity has at most doubled past its length.
                assert!(slot.moves.capacity() <= SCRATCH_KEEP.max(2 * slot.moves.len()));
                let matches = slot.game.match_number() as usize + 1;
                let logged = std::mem::size_of_val(slot.game.history())
                    + std::mem::size_of_val(slot.game.decisions());
                assert!(logged <= matches * match_log_bytes(&rules));
            }
        }
    }
}

/// Steps `config`'s batch (without `auto_reset`) with greedy's actions until every slot
/// is finished; returns the games, each slot's summed rewards and forced moves, and
/// how many dones each slot saw. With `play_forced`, no slot reaches the learner with a
/// single legal move.
fn play_out(config: &VecConfig, seed: u64) -> (Vec<Game>, Vec<f32>, Vec<i64>, Vec<u32>) {
    let n = config.num_games;
    let players = usize::from(config.rules.players);
    let mut batch = VecGame::new(config.clone(), seed).unwrap();
    let mut out = config.arrays();
    let (mut rewards, mut forced, mut dones) = (vec![0.0; n * players], vec![0; n], vec![0; n]);
    batch.observe(out.buffers());
    loop {
        forced
            .iter_mut()
            .zip(&out.forced)
            .for_each(|(f, o)| *f += o);
        for (j, &finished) in batch.finished().iter().enumerate() {
            assert_eq!(out.legal[j] == 0, finished);
            assert!(!(config.play_forced && out.legal[j] == 1));
        }
        if batch.finished().iter().all(|&f| f) {
            break;
        }
        let actions = batch.agent_actions(&Agent::Greedy, 0).unwrap();
        batch.step(&actions, out.buffers()).unwrap();
        rewards
            .iter_mut()
            .zip(&out.rewards)
            .for_each(|(r, o)| *r += o);
        dones
            .iter_mut()
            .zip(&out.dones)
            .for_each(|(d, &o)| *d += u32::from(o));
    }
    (batch.games().cloned().collect(), rewards, forced, dones)
}

#[test]
fn without_auto_reset_a_batch_plays_the_deals_of_rollouts_forced_moves_or_not() {
    let (greedy, random) = (Some(Agent::Greedy), Some(Agent::Random));
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let expected = rollouts(&RolloutConfig {
            rules,
            agents: vec![Agent::Greedy, Agent::Random, Agent::Greedy, Agent::Random],
            first_deal: 0,
            deals: 5,
            seed: 3,
            duplicate: false,
            matches: Some(1),
            threads: 1,
            keep_games: true,
        })
        .unwrap();
        let config = VecConfig {
            agents: vec![None, random.clone(), greedy.clone(), random.clone()],
            auto_reset: false,
            ..config(rules, 5, Episode::Match)
        };
        let (games, rewards, none, dones) = play_out(&config, 3);
        let forced = VecConfig {
            play_forced: true,
            ..config.clone()
        };
        let (forced_games, forced_rewards, counted, forced_dones) = play_out(&forced, 3);
        for (j, r) in expected.iter().enumerate() {
            let game = r.game.as_ref().unwrap();
            assert_eq!(games[j].decisions(), game.decisions(), "deal {j}");
            assert_eq!(forced_games[j].decisions(), game.decisions(), "deal {j}");
            let seat = |s: u8| game.match_result(s) as f32;
            assert_eq!(rewards[j * 4..][..4], [seat(0), seat(1), seat(2), seat(3)]);
        }
        assert_eq!(rewards, forced_rewards);
        assert_eq!((dones, forced_dones), (vec![1; 5], vec![1; 5]));
        assert!(none == [0; 5] && counted.iter().sum::<i64>() > 0);
    }
}

#[test]
fn a_cancelled_step_is_refused_until_reset() {
    let c = config(Rules::zheng_fen(4).unwrap(), 3, Episode::Match);
    let mut batch = VecGame::new(c.clone(), 1).unwrap();
    let mut arrays = c.arrays();
    batch.observe(arrays.buffers());
    let cancel = Cancel::never();
    cancel.cancel();
    let actions = vec![0; 3];
    let stopped = batch.step_until(&actions, arrays.buffers(), &cancel);
    assert_eq!(stopped, Err(Error::Cancelled));
    let refused = batch.step(&actions, arrays.buffers());
    assert!(matches!(refused, Err(Error::InvalidState { message: m, .. }) if m.contains("reset")));
    batch.reset(1).unwrap();
    batch.observe(arrays.buffers());
    batch.step(&actions, arrays.buffers()).unwrap();
}
