//! What the searching agents may look at: only the mover's view. Two games that differ only in
//! cards the mover cannot see give the same resampled worlds for the same draws, and so the same
//! choices of the search and IS-MCTS agents.

mod common;

use common::all_rules;
use zhengfen_core::agents::{Agent, Choose};
use zhengfen_core::game::Game;
use zhengfen_core::seed::SplitMix64;

/// Pairs of games the mover cannot tell apart: two resamples of one game from its view (games
/// dealt from hands, so the leader says nothing about the cards in either), with the mover's
/// seat. Most pairs hold some hidden card in different hands.
fn twins() -> Vec<(Game, Game, usize)> {
    let mut found = Vec::new();
    for (r, rules) in all_rules().into_iter().enumerate() {
        for steps in [0, 3, 11, 25] {
            let game = common::advanced(rules, 40 + r as u64, steps);
            let Some(seat) = game.current_player().map(usize::from) else {
                continue;
            };
            let one = game.resample(seat, &mut SplitMix64::new(1)).unwrap();
            let two = game.resample(seat, &mut SplitMix64::new(2)).unwrap();
            found.push((one, two, seat));
        }
    }
    let differ = found
        .iter()
        .filter(|(a, b, _)| (0..6).any(|s| a.hand(s) != b.hand(s)))
        .count();
    assert!(
        differ * 10 >= found.len() * 9,
        "{differ} of {}",
        found.len()
    );
    found
}

#[test]
fn resample_depends_only_on_the_view() {
    for (one, two, seat) in twins() {
        for draw in 0..3 {
            let a = one.resample(seat, &mut SplitMix64::new(draw)).unwrap();
            let b = two.resample(seat, &mut SplitMix64::new(draw)).unwrap();
            for s in 0..usize::from(one.rules().players) {
                assert_eq!(a.hand(s), b.hand(s), "{}: seat {s}", one.rules());
            }
            assert_eq!(a.decisions(), b.decisions());
        }
    }
}

#[test]
fn search_agents_choose_the_same_on_games_seen_the_same() {
    let agents = [
        Agent::parse("search(determinizations=3,candidates=4)").unwrap(),
        Agent::parse("ismcts(iterations=30,candidates=4)").unwrap(),
        Agent::parse("ismcts(iterations=30,playout=random)").unwrap(),
    ];
    for (one, two, _) in twins() {
        let moves = one.legal_moves();
        assert_eq!(moves, two.legal_moves());
        for agent in &agents {
            let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
            let pick = agent.choose(&one, &moves, &mut a);
            assert_eq!(pick, agent.choose(&two, &moves, &mut b), "{agent}");
            assert_eq!(a, b, "{agent}: the same draws");
        }
    }
}

#[test]
fn learned_searches_choose_the_same_on_games_seen_the_same() {
    use std::sync::Arc;
    use zhengfen_core::agents::{Ismcts, Learned, Playout, Policy};
    use zhengfen_core::learned::testing::random_model;
    for (one, two, _) in twins() {
        let model = Arc::new(random_model(one.rules(), 2, &[8], 4));
        let moves = one.legal_moves();
        for playout in [Playout::Greedy, Playout::Learned, Playout::Value] {
            let agent = Agent::Ismcts(Ismcts {
                iterations: 12,
                candidates: 4,
                playout,
                policy: Policy::Learned(Learned::from_model(model.clone(), None)),
                ..Ismcts::default()
            });
            let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
            let pick = agent.choose(&one, &moves, &mut a);
            assert_eq!(pick, agent.choose(&two, &moves, &mut b), "{agent}");
            assert_eq!(a, b, "{agent}: the same draws");
        }
    }
}
