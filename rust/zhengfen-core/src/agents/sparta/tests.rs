//! The SPARTA agent's own tests: its choice, its paired worlds, its budget and its settings.

use std::sync::Arc;

use super::*;
use crate::agents::{Agent, Choose, Ismcts, Learned, Policy, Turn};
use crate::cancel::Cancel;
use crate::game::{Game, Move};
use crate::learned::{testing, Model};
use crate::rules::Rules;
use crate::seed::SplitMix64;

fn model(rules: &Rules) -> Arc<Model> {
    Arc::new(testing::random_model(rules, 2, &[16, 8], 3))
}

fn guided(model: &Arc<Model>, budget: u32) -> Sparta {
    Sparta {
        budget,
        policy: Policy::Learned(Learned::from_model(model.clone(), None)),
        ..Sparta::default()
    }
}

/// Decisions with more than one legal move of a game played by `agent` in every seat.
fn decisions(rules: Rules, seed: u64, agent: &Agent) -> Vec<(Game, Vec<Move>)> {
    let (mut game, mut rng, mut out) = (Game::new(rules, seed), SplitMix64::new(seed), Vec::new());
    while game.current_player().is_some() && !game.match_over() {
        let moves = game.legal_moves();
        if moves.len() > 1 {
            out.push((game.clone(), moves.clone()));
        }
        let pick = agent.choose(&game, &moves, &mut rng);
        game.play(moves[pick]).unwrap();
    }
    out
}

#[test]
fn its_choice_is_a_legal_move_among_the_blueprints_candidates() {
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let model = model(&rules);
        for policy in [Policy::Greedy, guided(&model, 1).policy] {
            let sparta = Sparta {
                budget: 300,
                z: 0.0,
                policy,
                ..Sparta::default()
            };
            let agent = Agent::Sparta(sparta.clone());
            for (game, moves) in decisions(rules, 3, &agent).iter().step_by(3) {
                let pick = sparta.choose(game, moves, &mut SplitMix64::new(9));
                assert!(pick < moves.len());
                assert!(sparta.candidates(game, moves).contains(&pick), "{rules}");
            }
        }
    }
}

#[test]
fn with_a_huge_threshold_it_plays_the_blueprints_move() {
    let rules = Rules::zheng_fen(4).unwrap();
    let model = model(&rules);
    let learned = Agent::Learned(Learned::from_model(model.clone(), None));
    let sparta = Sparta {
        threshold: MOST_THRESHOLD,
        z: 0.0,
        ..guided(&model, 200)
    };
    let (mut deviations, mut rng) = (0, SplitMix64::new(4));
    for (game, moves) in decisions(rules, 5, &learned) {
        let blueprint = learned.choose(&game, &moves, &mut rng);
        assert_eq!(sparta.choose(&game, &moves, &mut rng), blueprint);
        // The same search without the threshold does deviate somewhere.
        let free = Sparta {
            threshold: 0.0,
            ..sparta.clone()
        };
        deviations += usize::from(free.choose(&game, &moves, &mut rng) != blueprint);
    }
    assert!(
        deviations > 0,
        "the search never deviates: the test proves nothing"
    );
}

#[test]
fn every_candidate_meets_the_same_worlds() {
    let rules = Rules::zheng_fen(4).unwrap();
    let sparta = guided(&model(&rules), 500);
    let game = Game::new(rules, 8);
    let moves = game.legal_moves();
    let tried = sparta.candidates(&game, &moves);
    // The blueprint's move twice: in paired worlds its gain over itself is 0 in each one.
    let twice = [tried[0], tried[1], tried[0]];
    let cancel = Cancel::never();
    let gains = sparta
        .gains_until(&game, &moves, &twice, &mut SplitMix64::new(1), &cancel)
        .unwrap();
    assert!(gains.worlds >= 2, "{gains:?}");
    assert_eq!(
        (gains.mean[0], gains.mean[2], gains.error[2]),
        (0.0, 0.0, 0.0)
    );
    assert!(
        gains.error[1] > 0.0,
        "different moves differ in some world: {gains:?}"
    );
    // The same stream gives the same worlds, so the same gains.
    let again = sparta.gains_until(&game, &moves, &twice, &mut SplitMix64::new(1), &cancel);
    assert_eq!(again.as_ref(), Some(&gains));
    let other = sparta.gains_until(&game, &moves, &twice, &mut SplitMix64::new(2), &cancel);
    assert_ne!(other.map(|g| g.mean), Some(gains.mean));
}

#[test]
fn the_budget_buys_more_worlds_where_the_match_is_short() {
    let rules = Rules::zheng_fen(4).unwrap();
    let model = model(&rules);
    let sparta = guided(&model, 400);
    let learned = Agent::Learned(Learned::from_model(model, None));
    let positions = decisions(rules, 2, &learned);
    let worlds = |(game, moves): &(Game, Vec<Move>)| {
        let tried = sparta.candidates(game, moves);
        let cancel = Cancel::never();
        let gains = sparta.gains_until(game, moves, &tried, &mut SplitMix64::new(3), &cancel);
        let gains = gains.unwrap();
        // Spent at least the budget, and no more than one world past it.
        let per_world = gains.spent / u64::from(gains.worlds);
        assert!(
            gains.spent >= 400 && gains.spent < 400 + 2 * per_world + 8,
            "{gains:?}"
        );
        gains.worlds
    };
    let (first, last) = (worlds(&positions[0]), worlds(positions.last().unwrap()));
    assert!(
        first < last,
        "{first} worlds at the start, {last} near the end"
    );
}

#[test]
fn a_cancelled_search_plays_the_blueprints_move() {
    let rules = Rules::zen_cheng_you();
    // The tree and the rollouts both at their largest: each must stop on the cancel.
    for tree in [0, MOST_TREE] {
        let sparta = Sparta {
            tree,
            ..guided(&model(&rules), MOST_BUDGET)
        };
        let game = Game::new(rules, 1);
        let moves = game.legal_moves();
        let cancel = Cancel::never();
        cancel.cancel();
        let pick = sparta.choose_until(&game, &moves, &mut SplitMix64::new(1), &cancel);
        assert_eq!(pick, sparta.candidates(&game, &moves)[0]);
    }
}

/// The tree search `sparta` runs with `tree=N`, written out: `ismcts(policy=P,iterations=N)`.
fn the_tree(sparta: &Sparta) -> Ismcts {
    Ismcts {
        iterations: sparta.tree,
        ..Ismcts::with_policy(sparta.policy.clone())
    }
}

#[test]
fn with_a_tree_its_choice_is_legal_and_the_trees_move_is_tried_first_once() {
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let model = model(&rules);
        for policy in [Policy::Greedy, guided(&model, 1).policy] {
            let sparta = Sparta {
                budget: 200,
                z: 0.0,
                tree: 12,
                policy,
                ..Sparta::default()
            };
            assert_eq!(sparta.tree_search(), Some(the_tree(&sparta)));
            let agent = Agent::Sparta(sparta.clone());
            for (game, moves) in decisions(rules, 3, &agent).iter().step_by(3) {
                let cancel = Cancel::never();
                let turn = Turn {
                    game,
                    moves,
                    cancel: &cancel,
                };
                let tried = sparta.tried(&turn, &mut SplitMix64::new(9));
                let tree = the_tree(&sparta).choose(game, moves, &mut SplitMix64::new(9));
                assert_eq!(tried[0], tree, "{rules}");
                let mut once = tried.clone();
                once.sort_unstable();
                once.dedup();
                assert_eq!(once.len(), tried.len(), "{tried:?}");
                let blueprint = sparta.candidates(game, moves);
                assert!(blueprint.iter().all(|i| tried.contains(i)), "{tried:?}");
                let pick = sparta.choose(game, moves, &mut SplitMix64::new(9));
                assert!(pick < moves.len() && tried.contains(&pick), "{rules}");
            }
        }
    }
}

#[test]
fn with_the_guard_impossible_it_plays_the_trees_move() {
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let model = model(&rules);
        let learned = Agent::Learned(Learned::from_model(model.clone(), None));
        let sparta = Sparta {
            threshold: MOST_THRESHOLD,
            z: MOST_Z,
            tree: 30,
            ..guided(&model, 100)
        };
        let tree = the_tree(&sparta);
        let (mut off_blueprint, mut rng) = (0, SplitMix64::new(6));
        for (game, moves) in decisions(rules, 5, &learned) {
            let seed = rng.next_u64();
            let pick = sparta.choose(&game, &moves, &mut SplitMix64::new(seed));
            assert_eq!(pick, tree.choose(&game, &moves, &mut SplitMix64::new(seed)));
            off_blueprint += usize::from(pick != sparta.candidates(&game, &moves)[0]);
        }
        assert!(
            off_blueprint > 0,
            "the tree always plays the blueprint's move: the test proves nothing ({rules})"
        );
    }
}

/// The gains of `believing` over `tried` from the stream of `seed`, and those of the same search
/// without a belief over the same worlds: the least budget that draws as many (both draw the
/// same worlds from the stream; the belief's passes take units, so its own budget may draw more).
fn with_and_without_the_belief(
    believing: &Sparta,
    game: &Game,
    moves: &[Move],
    tried: &[usize],
    seed: u64,
) -> (Gains, Gains) {
    let cancel = Cancel::never();
    let run = |sparta: &Sparta| {
        let gains = sparta.gains_until(game, moves, tried, &mut SplitMix64::new(seed), &cancel);
        gains.unwrap()
    };
    let with = run(believing);
    let plain = |budget: u64| Sparta {
        belief: 0.0,
        budget: u32::try_from(budget).unwrap(),
        ..believing.clone()
    };
    // The worlds drawn grow with the budget; the belief's budget spent draws at least as many.
    let (mut low, mut high) = (1, with.spent);
    while low < high {
        let middle = (low + high) / 2;
        match run(&plain(middle)).worlds >= with.worlds {
            true => high = middle,
            false => low = middle + 1,
        }
    }
    let without = run(&plain(low));
    assert_eq!(
        without.worlds, with.worlds,
        "no budget draws as many worlds"
    );
    (with, without)
}

#[test]
fn a_belief_spends_its_forward_passes_from_the_budget_and_keeps_the_worlds_paired() {
    let rules = Rules::zen_cheng_you();
    let model = model(&rules);
    let learned = Agent::Learned(Learned::from_model(model.clone(), None));
    let plain = guided(&model, 600);
    let believing = Sparta {
        belief: 20.0,
        ..plain.clone()
    };
    let positions = decisions(rules, 4, &learned);
    let (game, moves) = &positions[positions.len() * 2 / 3];
    let tried = plain.candidates(game, moves);
    let twice = [tried[0], tried[1], tried[0]];
    let (with, same_worlds) = with_and_without_the_belief(&believing, game, moves, &twice, 7);
    // The belief's passes buy fewer worlds from the same budget ...
    let cancel = Cancel::never();
    let without = plain.gains_until(game, moves, &twice, &mut SplitMix64::new(7), &cancel);
    assert!(with.worlds < without.unwrap().worlds, "{with:?}");
    // ... and are counted: the same worlds' rollouts cost the same, the passes come on top.
    assert!(with.spent > same_worlds.spent, "{with:?} {same_worlds:?}");
    // Paired and weighted: the kept move's gain over itself is 0, and the weighted mean of
    // another move's gains differs from the plain mean over the same worlds.
    assert_eq!((with.mean[2], with.error[2]), (0.0, 0.0));
    assert_ne!(
        with.mean[1], same_worlds.mean[1],
        "{with:?} {same_worlds:?}"
    );
    let again = with_and_without_the_belief(&believing, game, moves, &twice, 7);
    assert_eq!(again.0, with, "the same stream gives the same gains");
}

#[test]
fn with_a_huge_temperature_the_belief_weighs_every_world_the_same() {
    let rules = Rules::zheng_fen(4).unwrap();
    let model = model(&rules);
    let learned = Agent::Learned(Learned::from_model(model.clone(), None));
    let believing = Sparta {
        belief: MOST_BELIEF,
        ..guided(&model, 300)
    };
    let positions = decisions(rules, 6, &learned);
    let (game, moves) = &positions[positions.len() / 2];
    let tried = believing.candidates(game, moves);
    let (with, without) = with_and_without_the_belief(&believing, game, moves, &tried, 5);
    for (a, b) in with.mean.iter().zip(&without.mean) {
        assert!(
            (a - b).abs() < 0.05 * (1.0 + b.abs()),
            "{with:?} {without:?}"
        );
    }
}

#[test]
fn with_a_belief_the_gains_depend_only_on_what_the_seat_sees() {
    // Two games the seat cannot tell apart (resampled from its view, the others' hands
    // differing) give the same gains, float for float, though the weights matter there.
    for rules in [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()] {
        let model = model(&rules);
        let learned = Agent::Learned(Learned::from_model(model.clone(), None));
        let believing = Sparta {
            belief: 2.0,
            ..guided(&model, 200)
        };
        let (mut differ, mut weighed) = (0, 0);
        for (game, moves) in decisions(rules, 8, &learned).iter().skip(6).step_by(6) {
            let seat = usize::from(game.current_player().unwrap());
            let one = game.resample(seat, &mut SplitMix64::new(1)).unwrap();
            let two = game.resample(seat, &mut SplitMix64::new(2)).unwrap();
            differ += usize::from((0..4).any(|s| one.hand(s) != two.hand(s)));
            let tried = believing.candidates(&one, moves);
            let (with, without) = with_and_without_the_belief(&believing, &one, moves, &tried, 3);
            let (other, _) = with_and_without_the_belief(&believing, &two, moves, &tried, 3);
            assert_eq!(with, other, "{rules}");
            weighed += usize::from(with.mean != without.mean);
        }
        assert!(
            differ > 2 && weighed > 2,
            "{rules}: {differ} {weighed}: proves nothing"
        );
    }
}

#[test]
fn the_lower_bound_decides() {
    let gains = Gains {
        worlds: 4,
        spent: 40,
        mean: vec![0.0, 3.0, 5.0],
        error: vec![0.0, 0.5, 2.0],
    };
    assert_eq!(gains.choice(0.0, 0.0), 2);
    assert_eq!(gains.choice(0.0, 2.0), 2); // 5 - 4 > 0
    assert_eq!(gains.choice(0.0, 3.0), 0); // the best's bound, 5 - 6, is below 0
    assert_eq!(gains.choice(5.0, 0.0), 0); // not above the threshold
    let one = Gains {
        worlds: 1,
        spent: 9,
        mean: vec![0.0, 3.0],
        error: vec![0.0, f64::INFINITY],
    };
    assert_eq!((one.choice(0.0, 0.0), one.choice(0.0, 1.0)), (1, 0));
}

#[test]
fn specs_read_back_and_bad_settings_are_refused() {
    let default = Agent::parse("sparta").unwrap();
    assert_eq!(default, Agent::Sparta(Sparta::default()));
    let text = "sparta(candidates=4,budget=2000,threshold=0,z=2,tree=0,belief=0,policy=learned)";
    assert_eq!(default.to_string(), text);
    let set = "sparta(candidates=3,budget=50,threshold=1.5,z=0,tree=80,belief=0,policy=greedy)";
    assert_eq!(Agent::parse(set).unwrap().to_string(), set);
    assert_eq!(
        Agent::parse(
            " sparta( z = 0 ,tree=80,candidates=3, budget=50,threshold=1.5,policy=greedy,belief=0)"
        )
        .unwrap()
        .to_string(),
        set
    );
    for (bad, why) in [
        ("sparta(worlds=3)", "unknown setting 'worlds'"),
        ("sparta(budget=0)", "budget must be 1 to 10000000"),
        ("sparta(candidates=0)", "candidates must be 1 to 10000"),
        ("sparta(threshold=-1)", "threshold must be 0 to 1000"),
        ("sparta(z=NaN)", "z must be 0 to 100"),
        ("sparta(tree=-1)", "tree must be 0 to 1000000"),
        ("sparta(tree=1000001)", "tree must be 0 to 1000000"),
        ("sparta(tree=2.5)", "tree must be 0 to 1000000"),
        ("sparta(policy=random)", "policy must be greedy, learned"),
        ("sparta(belief=-1)", "belief must be 0 to 1000"),
        ("sparta(belief=1000.5)", "belief must be 0 to 1000"),
        (
            "sparta(belief=5,policy=greedy)",
            "belief needs a learned policy",
        ),
        ("sparta(z=1,z=2)", "'z' is given twice"),
        (
            "sparta(policy=learned(model=no/such.safetensors))",
            "no/such.safetensors",
        ),
    ] {
        let error = Agent::parse(bad).unwrap_err().to_string();
        assert!(error.contains(why), "{bad}: {error}");
    }
}

#[test]
fn a_learned_blueprint_is_bound_to_the_rules() {
    let zf4 = Rules::zheng_fen(4).unwrap();
    let bound = Agent::parse("sparta").unwrap().bind(&zf4).unwrap();
    let Agent::Sparta(ref sparta) = bound else {
        unreachable!()
    };
    assert!(sparta.policy.model().is_some());
    let other = guided(&model(&Rules::zen_cheng_you()), 10);
    assert!(Agent::Sparta(other).bind(&zf4).is_err());
    let with = Agent::parse_unread("sparta(policy=learned(model=m.safetensors))").unwrap();
    let with = with.with_model(model(&zf4)).unwrap();
    assert_eq!(with.model_file(), Some("m.safetensors"));
    assert!(with.bind(&zf4).is_ok());
    assert!(Agent::parse("sparta(policy=greedy)")
        .unwrap()
        .with_model(model(&zf4))
        .is_err());
}
