//! The IS-MCTS agent: legal and deterministic in every rule set, its spec round-trips and bad
//! specs are refused, a cancelled search returns at once, and it beats the random agent.

mod common;

use std::thread;
use std::time::{Duration, Instant};

use common::{all_rules, greedy_positions as positions};
use zhengfen_core::agents::{Agent, Choose, Ismcts, Playout};
use zhengfen_core::batch::{rollouts, Rollout, RolloutConfig};
use zhengfen_core::cancel::Cancel;
use zhengfen_core::error::Error;
use zhengfen_core::rules::Rules;
use zhengfen_core::seed::SplitMix64;

/// A small search, quick enough for many positions.
const SMALL: &str = "ismcts(iterations=24,candidates=4)";
/// The small search with fewer iterations at a declaration.
const DECLARING: &str = "ismcts(iterations=24,candidates=4,declare=6)";

#[test]
fn every_choice_is_a_legal_move_and_repeats_with_its_seed() {
    let agents = [
        Agent::parse(SMALL).unwrap(),
        Agent::parse("ismcts(iterations=24,playout=random,candidates=10000)").unwrap(),
        Agent::parse(DECLARING).unwrap(),
    ];
    for rules in all_rules() {
        for game in positions(rules, 11, 5) {
            let moves = game.legal_moves();
            for (i, agent) in agents.iter().enumerate() {
                let seed = game.decisions().len() as u64 + i as u64;
                let mut rng = SplitMix64::new(seed);
                let pick = agent.choose(&game, &moves, &mut rng);
                assert!(pick < moves.len(), "{rules}: {pick} of {}", moves.len());
                game.clone().play(moves[pick]).unwrap();
                let mut again = SplitMix64::new(seed);
                assert_eq!(agent.choose(&game, &moves, &mut again), pick, "{rules}");
                assert_eq!(again, rng, "{rules}: the same draws");
            }
        }
    }
}

fn rollout_config(rules: Rules, threads: usize) -> RolloutConfig {
    let small = || Agent::parse(SMALL).unwrap(); // (no copy: `Agent` may hold a model)
    RolloutConfig {
        rules,
        agents: vec![
            small(),
            Agent::Greedy,
            Agent::parse(DECLARING).unwrap(),
            Agent::Random,
        ],
        first_deal: 0,
        deals: 3,
        seed: 5,
        duplicate: true,
        matches: Some(1),
        threads,
        keep_games: true,
    }
}

#[test]
fn rollouts_with_ismcts_do_not_depend_on_threads() {
    let key = |r: &Rollout| {
        let decisions = r.game.as_ref().map(|g| g.decisions().to_vec());
        (r.deal, r.rotation, r.points.clone(), decisions)
    };
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let one = rollouts(&rollout_config(rules, 1)).unwrap();
        let two = rollouts(&rollout_config(rules, 2)).unwrap();
        assert_eq!(one.len(), 3 * 4);
        assert_eq!(
            one.iter().map(key).collect::<Vec<_>>(),
            two.iter().map(key).collect::<Vec<_>>()
        );
    }
}

#[test]
fn the_spec_round_trips_and_bad_specs_are_refused() {
    let default = Agent::parse("ismcts").unwrap();
    assert_eq!(default, Agent::Ismcts(Ismcts::default()));
    assert_eq!(
        default.to_string(),
        "ismcts(iterations=1000,playout=greedy,exploration=0.7,candidates=8)"
    );
    let set =
        Agent::parse(" ismcts( exploration = 1.25 , playout=random,iterations=7, candidates=3 ) ")
            .unwrap();
    let expected = Ismcts {
        iterations: 7,
        playout: Playout::Random,
        exploration: 1.25,
        candidates: 3,
        ..Ismcts::default()
    };
    assert_eq!(set, Agent::Ismcts(expected));
    let declaring = Agent::parse("ismcts(declare=50,iterations=450)").unwrap();
    assert_eq!(
        declaring.to_string(),
        "ismcts(iterations=450,playout=greedy,exploration=0.7,candidates=8,declare=50)"
    );
    // declare=0 is the default, not written: a spec means what it meant before the setting.
    assert_eq!(Agent::parse("ismcts(declare=0)").unwrap(), default);
    for agent in [
        default,
        set,
        declaring,
        Agent::parse("ismcts(exploration=0)").unwrap(),
    ] {
        assert_eq!(Agent::parse(&agent.to_string()).unwrap(), agent);
        assert_eq!(agent.name(), "ismcts");
    }
    for (bad, why) in [
        ("ismcts(iterations=0)", "iterations must be 1 to 1000000"),
        (
            "ismcts(iterations=1000001)",
            "iterations must be 1 to 1000000",
        ),
        ("ismcts(candidates=0)", "candidates must be 1 to 10000"),
        ("ismcts(declare=-1)", "declare must be 0 to 1000000"),
        ("ismcts(declare=1000001)", "declare must be 0 to 1000000"),
        ("ismcts(exploration=-0.5)", "exploration must be 0 to 100"),
        ("ismcts(exploration=NaN)", "exploration must be 0 to 100"),
        ("ismcts(exploration=inf)", "exploration must be 0 to 100"),
        (
            "ismcts(playout=search)",
            "playout must be random, greedy, learned or value",
        ),
        ("ismcts(depth=3)", "unknown setting 'depth'"),
        ("ismcts(iterations)", "'iterations' is not name=value"),
        ("ismcts(iterations=3", "without its ')'"),
    ] {
        match Agent::parse(bad) {
            Err(Error::Argument { message, .. }) => {
                assert!(message.contains(why), "{bad}: {message}")
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
}

#[test]
fn a_cancelled_search_returns_a_legal_move_promptly() {
    let rules = Rules::zen_cheng_you();
    let game = &positions(rules, 3, 7)[3];
    let moves = game.legal_moves();
    assert!(moves.len() > 1);
    let agent = Agent::parse("ismcts(iterations=1000000)").unwrap();
    // Cancelled before it starts: the greedy choice, no draw.
    let cancel = Cancel::never();
    cancel.cancel();
    let mut rng = SplitMix64::new(1);
    let pick = agent.choose_until(game, &moves, &mut rng, &cancel);
    assert_eq!(pick, Agent::Greedy.choose(game, &moves, &mut rng));
    assert_eq!(rng, SplitMix64::new(1));
    // Cancelled during the search (which would take minutes): soon after.
    let cancel = Cancel::never();
    let start = Instant::now();
    let pick = thread::scope(|s| {
        s.spawn(|| {
            thread::sleep(Duration::from_millis(100));
            cancel.cancel();
        });
        agent.choose_until(game, &moves, &mut SplitMix64::new(1), &cancel)
    });
    assert!(pick < moves.len());
    let took = start.elapsed();
    assert!(took < Duration::from_secs(2), "took {took:?}");
}

#[test]
fn ismcts_beats_random_in_zheng_fen() {
    let small = || Agent::parse("ismcts(iterations=16)").unwrap();
    let config = RolloutConfig {
        rules: Rules::zheng_fen(4).unwrap(),
        agents: vec![small(), Agent::Random, small(), Agent::Random],
        first_deal: 0,
        deals: 16,
        seed: 3,
        duplicate: true,
        matches: Some(1),
        threads: 1,
        keep_games: false,
    };
    let games = rollouts(&config).unwrap();
    // Per deal, the points of the searching seats minus the random seats, both rotations.
    let mut margins = vec![0i64; 16];
    for r in &games {
        for (seat, &agent) in r.seating.iter().enumerate() {
            let sign = if agent.is_multiple_of(2) { 1 } else { -1 };
            margins[r.deal as usize] += sign * r.points[seat];
        }
    }
    let won = margins.iter().filter(|&&m| m > 0).count();
    let mean = margins.iter().sum::<i64>() as f64 / (2.0 * 2.0 * 16.0); // per seat and match
    assert!(won >= 13, "ismcts ahead on {won} of 16 deals: {margins:?}");
    assert!(mean > 15.0, "{mean:+.1} points per match: {margins:?}");
}
