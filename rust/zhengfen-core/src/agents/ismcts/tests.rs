//! The tree's and the search's own tests (the agent's behaviour is tested in tests/ismcts.rs).

use super::spec::*;
use super::tree::*;
use crate::agents::{policy, Choose, Policy};
use crate::cancel::Cancel;
use crate::game::{Game, Move};
use crate::seed::SplitMix64;

#[test]
fn ucb_prefers_the_mean_without_exploration_and_the_rare_with_it() {
    let mut often = Node::new(Move::Pass, 0);
    (often.visits, often.avail, often.total) = (100, 200, 60.0);
    let mut rare = Node::new(Move::Blind, 0);
    (rare.visits, rare.avail, rare.total) = (2, 200, 1.0);
    assert!(often.ucb(0.0) > rare.ucb(0.0));
    assert!(often.ucb(0.7) < rare.ucb(0.7));
}

#[test]
fn the_tree_holds_at_most_one_node_per_iteration() {
    let game = Game::new(crate::rules::Rules::zheng_fen(4).unwrap(), 2);
    let moves = game.legal_moves();
    let ismcts = Ismcts {
        iterations: 50,
        ..Ismcts::default()
    };
    ismcts.choose_until(&game, &moves, &mut SplitMix64::new(1), &Cancel::never());
    let nodes = ARENA.take();
    assert!((10..=51).contains(&nodes.len()), "{} nodes", nodes.len());
    let root = &nodes[ROOT as usize];
    assert_eq!(root.visits, 50);
    let mut tree = Tree { nodes };
    let children: Vec<u32> = tree.children(ROOT).collect();
    let visits: u32 = children
        .iter()
        .map(|&c| tree.nodes[c as usize].visits)
        .sum();
    assert_eq!(visits, 50, "every iteration passes one root child");
    assert!(children.len() <= 8, "at most the candidates at the root");
    for &c in &children {
        let child = &tree.nodes[c as usize];
        assert!(child.avail >= child.visits && child.avail <= 50);
        assert!((0.0..=f64::from(child.visits)).contains(&child.total));
    }
    tree.nodes.clear();
    tree.give_back();
}

#[test]
fn a_learned_policy_tries_the_models_top_k_at_the_root_and_below() {
    use crate::agents::Learned;
    use std::sync::Arc;
    let rules = crate::rules::Rules::zheng_fen(4).unwrap();
    let model = Arc::new(crate::learned::testing::random_model(
        &rules,
        2,
        &[16, 8],
        3,
    ));
    let game = Game::new(rules, 5);
    let moves = game.legal_moves();
    assert!(moves.len() > 4, "{} moves", moves.len());
    let k = 3;
    let ismcts = Ismcts {
        iterations: 60,
        candidates: k,
        playout: Playout::Value,
        policy: Policy::Learned(Learned::from_model(model.clone(), None)),
        ..Ismcts::default()
    };
    let pick = ismcts.choose_until(&game, &moves, &mut SplitMix64::new(1), &Cancel::never());
    let tree = Tree {
        nodes: ARENA.take(),
    };
    let q = model.q_values(&game, &moves);
    let mut best: Vec<usize> = (0..moves.len()).collect();
    best.sort_by(|&a, &b| q[b].total_cmp(&q[a]));
    let top: Vec<Move> = best[..k as usize].iter().map(|&i| moves[i]).collect();
    let mut root: Vec<Move> = tree
        .children(ROOT)
        .map(|c| tree.nodes[c as usize].mv)
        .collect();
    assert_eq!(root.len(), k as usize, "every candidate tried at the root");
    for mv in &top {
        assert!(root.contains(mv), "{mv:?} of the top {k} untried: {root:?}");
    }
    root.retain(|mv| !top.contains(mv));
    assert!(
        root.is_empty(),
        "tried beyond the model's top {k}: {root:?}"
    );
    assert!(top.contains(&moves[pick]));
    // Below the root, a node's moves are ranked the same way in each world it meets.
    let seat = usize::from(game.current_player().unwrap());
    let mut world = game.resample(seat, &mut SplitMix64::new(2)).unwrap();
    world.play(moves[pick]).unwrap();
    let below = world.legal_moves();
    let (mut order, mut decisions) = (Vec::new(), crate::learned::Decisions::new(&model));
    policy::rank_into(Some(&model), &world, &below, 2, &mut decisions, &mut order);
    let q = model.q_values(&world, &below);
    let mut best: Vec<usize> = (0..below.len()).collect();
    best.sort_by(|&a, &b| q[b].total_cmp(&q[a]));
    assert_eq!(order, best[..2.min(below.len())]);
    tree.give_back();
}

/// The move `ismcts` plays at `game`'s decision and the root's visits: the iterations it ran
/// (`None` where there is one move, which is played without a search).
fn iterations_run(ismcts: &Ismcts, game: &Game, seed: u64) -> Option<(usize, u32)> {
    let moves = game.legal_moves();
    if moves.len() < 2 {
        return None;
    }
    let pick = ismcts.choose_until(game, &moves, &mut SplitMix64::new(seed), &Cancel::never());
    let tree = Tree {
        nodes: ARENA.take(),
    };
    let visits = tree.nodes[ROOT as usize].visits;
    tree.give_back();
    Some((pick, visits))
}

/// Plays `decisions` decisions of `game`, checking at each searched one that `declaring` runs
/// `plain`'s iterations (40) and plays `plain`'s move.
fn same_search(declaring: &Ismcts, plain: &Ismcts, game: &mut Game, decisions: usize) {
    let mut searched = 0;
    for _ in 0..decisions {
        let pick = match iterations_run(declaring, game, 2) {
            Some((pick, visits)) => {
                assert_eq!(Some((pick, visits)), iterations_run(plain, game, 2));
                assert_eq!(visits, 40);
                searched += 1;
                pick
            }
            None => 0,
        };
        game.play(game.legal_moves()[pick]).unwrap();
    }
    assert!(searched > 0, "no decision with a choice");
}

#[test]
fn declare_sets_the_iterations_of_a_declaration_and_of_nothing_else() {
    use crate::game::{Move, Phase};
    use crate::rules::Rules;
    let plain = Ismcts {
        iterations: 40,
        ..Ismcts::default()
    };
    let declaring = Ismcts {
        declare: 7,
        ..plain.clone()
    };
    // Zen Cheng You: the blind declarations, then the open ones, then the play.
    let mut team = Game::new(Rules::zen_cheng_you(), 3);
    let mut seen = Vec::new();
    while team.phase() != Phase::Play {
        seen.push(team.phase());
        assert_eq!(iterations_run(&declaring, &team, 1).unwrap().1, 7);
        assert_eq!(iterations_run(&plain, &team, 1).unwrap().1, 40);
        team.play(Move::Pass).unwrap();
    }
    assert!(seen.contains(&Phase::BlindDeclare) && seen.contains(&Phase::Declare));
    same_search(&declaring, &plain, &mut team, 5);
    // Zheng Fen has no declarations: the same search, move for move.
    let mut game = Game::new(Rules::zheng_fen(4).unwrap(), 4);
    same_search(&declaring, &plain, &mut game, 8);
}

#[test]
fn children_are_found_by_value_and_counted_once() {
    let mut tree = Tree::take();
    let moves = [Move::Pass, Move::Blind, Move::Declare];
    let first = tree.step(ROOT, 1, &moves, &[2, 0], 0.7);
    assert!(first.expanded);
    assert_eq!(tree.nodes[first.child as usize].mv, Move::Declare);
    let second = tree.step(ROOT, 1, &moves, &[2, 0], 0.7);
    assert!(second.expanded && tree.nodes[second.child as usize].mv == Move::Pass);
    assert_eq!(tree.nodes[first.child as usize].avail, 2);
    // Both tried: a selection, no new node.
    tree.nodes[first.child as usize].visits = 1;
    tree.nodes[second.child as usize].visits = 1;
    let third = tree.step(ROOT, 1, &moves, &[0, 2], 0.7);
    assert!(!third.expanded);
    assert_eq!(tree.nodes.len(), 3);
    assert_eq!(tree.child(ROOT, Move::Blind), None);
    assert_eq!(tree.most_visited(&moves), Some(0));
    tree.give_back();
}
