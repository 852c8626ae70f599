//! IS-MCTS guided by a learned model (`ismcts(policy=learned...)`): legal and repeatable in
//! every rule set with each learned playout, the same on 1 and 2 threads, only the mover's view
//! read, cancelled promptly, its model bound to the rules before any game, its spec read,
//! shown and refused as documented.

mod common;

use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use common::{all_rules, greedy_positions as positions};
use zhengfen_core::agents::{Agent, Choose, Ismcts, Learned, Playout, Policy};
use zhengfen_core::batch::{rollouts, Rollout, RolloutConfig};
use zhengfen_core::cancel::Cancel;
use zhengfen_core::error::Error;
use zhengfen_core::learned::{testing, Model};
use zhengfen_core::rules::Rules;
use zhengfen_core::seed::SplitMix64;

/// A small random model for `rules`.
fn model(rules: &Rules) -> Arc<Model> {
    Arc::new(testing::random_model(rules, 2, &[16, 8], 7))
}

/// A small learned-policy search with `playout` over `model`.
fn guided(model: &Arc<Model>, playout: Playout, iterations: u32) -> Agent {
    Agent::Ismcts(Ismcts {
        iterations,
        playout,
        candidates: 4,
        policy: Policy::Learned(Learned::from_model(model.clone(), None)),
        ..Ismcts::default()
    })
}

/// The three learned variants, small.
fn variants(model: &Arc<Model>) -> Vec<Agent> {
    [Playout::Greedy, Playout::Learned, Playout::Value]
        .into_iter()
        .map(|p| guided(model, p, 12))
        .collect()
}

#[test]
fn every_choice_is_legal_and_repeats_with_its_seed_in_every_rule_set() {
    for rules in all_rules() {
        let model = model(&rules);
        let agents = variants(&model);
        for game in positions(rules, 13, 9) {
            let moves = game.legal_moves();
            for (i, agent) in agents.iter().enumerate() {
                let seed = game.decisions().len() as u64 + i as u64;
                let mut rng = SplitMix64::new(seed);
                let pick = agent.choose(&game, &moves, &mut rng);
                assert!(pick < moves.len(), "{rules}: {pick} of {}", moves.len());
                game.clone().play(moves[pick]).unwrap();
                let mut again = SplitMix64::new(seed);
                assert_eq!(
                    agent.choose(&game, &moves, &mut again),
                    pick,
                    "{rules} {agent}"
                );
                assert_eq!(again, rng, "{rules} {agent}: the same draws");
            }
        }
    }
}

fn rollout_config(rules: Rules, agent: &Agent, threads: usize) -> RolloutConfig {
    RolloutConfig {
        rules,
        agents: vec![agent.clone(), Agent::Greedy, agent.clone(), Agent::Random],
        first_deal: 0,
        deals: 2,
        seed: 5,
        duplicate: true,
        matches: Some(1),
        threads,
        keep_games: true,
    }
}

#[test]
fn rollouts_do_not_depend_on_threads() {
    let key = |r: &Rollout| {
        let decisions = r.game.as_ref().map(|g| g.decisions().to_vec());
        (r.deal, r.rotation, r.points.clone(), decisions)
    };
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let model = model(&rules);
        for agent in [
            guided(&model, Playout::Value, 6),
            guided(&model, Playout::Greedy, 6),
        ] {
            let one = rollouts(&rollout_config(rules, &agent, 1)).unwrap();
            let two = rollouts(&rollout_config(rules, &agent, 2)).unwrap();
            assert_eq!(one.len(), 2 * 4);
            assert_eq!(
                one.iter().map(key).collect::<Vec<_>>(),
                two.iter().map(key).collect::<Vec<_>>(),
                "{agent}"
            );
        }
    }
}

#[test]
fn a_model_for_other_rules_is_refused_before_any_game() {
    let zf4 = Rules::zheng_fen(4).unwrap();
    let other = model(&Rules::zen_cheng_you());
    let agent = guided(&other, Playout::Value, 4);
    match agent.bind(&zf4) {
        Err(Error::Model { message: m, .. }) => assert!(m.contains("zen_cheng_you"), "{m}"),
        other => panic!("bound: {other:?}"),
    }
    match rollouts(&rollout_config(zf4, &agent, 1)) {
        Err(Error::Model { .. }) => {}
        other => panic!("played: {other:?}"),
    }
    let five = model(&Rules::zheng_fen(5).unwrap());
    assert!(guided(&five, Playout::Greedy, 4).bind(&zf4).is_err());
    let bound = guided(&model(&zf4), Playout::Greedy, 4).bind(&zf4).unwrap();
    assert!(
        matches!(bound, Agent::Ismcts(Ismcts { policy: Policy::Learned(ref l), .. }) if l.model.is_some())
    );
    // `policy=learned` with no model shipped for the rules is refused when bound, too.
    let shipped = Agent::parse("ismcts(policy=learned)").unwrap();
    for rules in all_rules() {
        if zhengfen_core::learned::shipped(&rules).is_err() {
            assert!(shipped.bind(&rules).is_err(), "{rules}");
        }
    }
}

#[test]
fn a_cancelled_search_returns_promptly() {
    let rules = Rules::zen_cheng_you();
    let game = &positions(rules, 3, 7)[3];
    let moves = game.legal_moves();
    assert!(moves.len() > 1);
    let model = model(&rules);
    for playout in [Playout::Value, Playout::Learned] {
        let agent = guided(&model, playout, 1_000_000);
        // Cancelled before it starts: the model's choice, no draw.
        let cancel = Cancel::never();
        cancel.cancel();
        let mut rng = SplitMix64::new(1);
        let pick = agent.choose_until(game, &moves, &mut rng, &cancel);
        assert_eq!(pick, model.choose(game, &moves));
        assert_eq!(rng, SplitMix64::new(1));
        // Cancelled during a search that would take many minutes: soon after.
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
        assert!(took < Duration::from_secs(2), "{playout:?} took {took:?}");
    }
}

#[test]
#[allow(clippy::too_many_lines)] // a test read top to bottom; the 60-line rule is for product code
fn the_spec_round_trips_and_bad_settings_are_refused() {
    let shipped = Agent::parse("ismcts(policy=learned)").unwrap();
    assert_eq!(
        shipped.to_string(),
        format!(
            "ismcts(iterations={},playout={},exploration=0.7,candidates=8,policy=learned)",
            zhengfen_core::agents::LEARNED_ITERATIONS,
            zhengfen_core::agents::LEARNED_PLAYOUT.name()
        )
    );
    let path = std::env::temp_dir().join(format!(
        "zhengfen-ismcts-{}.safetensors",
        std::process::id()
    ));
    model(&Rules::zheng_fen(4).unwrap())
        .save(&path, false)
        .unwrap();
    let path = path.display().to_string();
    let spec =
        format!(" ismcts( iterations=9 , policy = learned( model={path} ), playout=greedy) ");
    let agent = Agent::parse(&spec).unwrap();
    let Agent::Ismcts(ref ismcts) = agent else {
        panic!("{agent:?}")
    };
    assert_eq!((ismcts.iterations, ismcts.playout), (9, Playout::Greedy));
    assert!(
        ismcts.policy.model().is_some(),
        "the file is read with the spec"
    );
    assert_eq!(
        agent.to_string(),
        format!("ismcts(iterations=9,playout=greedy,exploration=0.7,candidates=8,policy=learned(model={path}))")
    );
    for agent in [
        shipped,
        agent,
        Agent::parse("ismcts(policy=greedy)").unwrap(),
    ] {
        assert_eq!(Agent::parse(&agent.to_string()).unwrap(), agent, "{agent}");
    }
    assert_eq!(
        Agent::parse("ismcts(policy=greedy)").unwrap(),
        Agent::parse("ismcts").unwrap()
    );
    for (bad, why) in [
        (
            "ismcts(playout=value)",
            "playout=value plays the learned policy's model",
        ),
        (
            "ismcts(playout=learned,policy=greedy)",
            "playout=learned plays the learned",
        ),
        (
            "ismcts(policy=random)",
            "policy must be greedy, learned or learned(model=PATH)",
        ),
        ("ismcts(policy=learned(x=1))", "unknown setting 'x'"),
        ("ismcts(policy=learned(model=))", "model must name a file"),
        (
            "ismcts(policy=learned,policy=greedy)",
            "'policy' is given twice",
        ),
        (
            "ismcts(policy=learned,iterations=0)",
            "iterations must be 1 to 1000000",
        ),
        ("ismcts(policy=learned(model=a)", "without its ')'"),
    ] {
        match Agent::parse(bad) {
            Err(Error::Argument { message, .. }) => {
                assert!(message.contains(why), "{bad}: {message}")
            }
            other => panic!("{bad}: {other:?}"),
        }
    }
    let missing = "ismcts(policy=learned(model=/no/such/model.safetensors))";
    assert!(
        matches!(Agent::parse(missing), Err(Error::Model { .. })),
        "{missing}"
    );
    std::fs::remove_file(&path).unwrap();
}
