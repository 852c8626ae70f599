//! Properties of the AI layer: `Game::resample` hides exactly what a seat cannot see and keeps
//! everything it can; observations do not leak hidden cards; agents only pick listed moves;
//! batches are deterministic whatever the thread count and reset with the documented seeds.

mod common;

use common::all_rules;
use proptest::prelude::*;
use zhengfen_core::agents::{Agent, Choose};
use zhengfen_core::batch::{
    rollouts, Dtype, Episode, MaskKind, OwnedMask, OwnedValues, RolloutConfig, VecConfig, VecGame,
};
use zhengfen_core::card::{Card, Suit};
use zhengfen_core::cardset::CardSet;
use zhengfen_core::encode::{history, observation, observation_size, HISTORY_ROW};
use zhengfen_core::game::{Event, Game, Phase};
use zhengfen_core::rules::{Rules, Variant};
use zhengfen_core::seed::derive_seed;
use zhengfen_core::seed::SplitMix64;

fn dealt_hands(game: &Game) -> Vec<CardSet> {
    game.history()
        .iter()
        .rev()
        .find_map(|e| match e {
            Event::Deal { hands, .. } => Some(hands.clone()),
            _ => None,
        })
        .unwrap()
}

fn union(sets: impl IntoIterator<Item = CardSet>) -> CardSet {
    sets.into_iter()
        .fold(CardSet::EMPTY, |a, s| a.plus(s).unwrap())
}

fn observe(game: &Game, seat: usize) -> Vec<u8> {
    let mut out = vec![0; observation_size(false) + 8 * HISTORY_ROW];
    let (obs, hist) = out.split_at_mut(observation_size(false));
    observation(game, seat, false, obs);
    history(game, seat, hist);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    /// Resampling keeps what the seat sees and re-deals only hidden cards.
    #[test]
    fn resample_keeps_the_view(rule in 0..9usize, seed in any::<u64>(), steps in 0..120usize, seat in 0..6usize, draw in any::<u64>()) {
        let rules = all_rules()[rule];
        let players = usize::from(rules.players);
        let seat = seat % players;
        let game = common::advanced(rules, seed, steps);
        prop_assume!(game.current_player().is_some());
        let other = game.resample(seat, &mut SplitMix64::new(draw)).unwrap();
        // Same position for the seat: observation and history tensors are identical.
        prop_assert_eq!(observe(&other, seat), observe(&game, seat));
        prop_assert_eq!(other.phase(), game.phase());
        prop_assert_eq!(other.current_player(), game.current_player());
        prop_assert_eq!(other.legal_moves().is_empty(), game.legal_moves().is_empty());
        // Every hand keeps its count and its played cards; hidden cards stay hidden cards.
        let hidden = |g: &Game| union((0..players).filter(|&s| s != seat || !g.hands_seen()).map(|s| g.hand(s)));
        prop_assert_eq!(hidden(&other), hidden(&game));
        for s in 0..players {
            prop_assert_eq!(other.hand(s).len(), game.hand(s).len());
            prop_assert_eq!(other.played(s), game.played(s));
            prop_assert_eq!(other.pile(s), game.pile(s));
        }
        if game.hands_seen() {
            prop_assert_eq!(other.hand(seat), game.hand(seat));
        }
        // The leader is still the one the cards choose (§7.1, §11.1).
        let dealt = dealt_hands(&other);
        match rules.variant {
            Variant::ZhengFen => prop_assert!(dealt[usize::from(game.leader())].contains(Card::new(0, Suit::Hearts))),
            Variant::ZenChengYou => prop_assert!(dealt[usize::from(game.leader())].contains(Card::new(12, Suit::Clubs))),
        }
        // The resampled game plays on to a legal end.
        let mut line = other.clone();
        let mut rng = SplitMix64::new(draw);
        while line.current_player().is_some() {
            let moves = line.legal_moves();
            line.play(moves[rng.uniform(moves.len() as u64) as usize]).unwrap();
        }
    }

    /// Every agent picks a listed move, and the same seed gives the same pick.
    #[test]
    fn agents_pick_listed_moves(rule in 0..9usize, seed in any::<u64>(), steps in 0..100usize) {
        let game = common::advanced(all_rules()[rule], seed, steps);
        let moves = game.legal_moves();
        prop_assume!(!moves.is_empty());
        for spec in ["random", "greedy", "search(determinizations=2,candidates=3)"] {
            let agent = Agent::parse(spec).unwrap();
            let pick = agent.choose(&game, &moves, &mut SplitMix64::new(seed));
            prop_assert!(pick < moves.len());
            prop_assert_eq!(pick, agent.choose(&game, &moves, &mut SplitMix64::new(seed)));
        }
    }
}

/// The blind declarations are made before seeing one's cards: resampling re-deals one's own hand.
#[test]
fn blind_resample_hides_own_hand() {
    let game = Game::new(Rules::zen_cheng_you(), 5);
    assert_eq!(game.phase(), Phase::BlindDeclare);
    let seat = usize::from(game.current_player().unwrap());
    let changed = (0..20).any(|d| {
        game.resample(seat, &mut SplitMix64::new(d))
            .unwrap()
            .hand(seat)
            != game.hand(seat)
    });
    assert!(changed);
}

#[test]
fn resample_refuses_without_a_match() {
    let mut game = common::advanced(Rules::zheng_fen(4).unwrap(), 1, 10_000);
    assert!(game.current_player().is_none());
    assert!(game.resample(0, &mut SplitMix64::new(0)).is_err());
    game = Game::new(Rules::zheng_fen(4).unwrap(), 1);
    assert!(game.resample(4, &mut SplitMix64::new(0)).is_err());
}

fn rollout_config(rules: Rules, threads: usize) -> RolloutConfig {
    let agents = match rules.variant {
        Variant::ZhengFen => vec![Agent::Greedy; usize::from(rules.players)],
        Variant::ZenChengYou => vec![Agent::Greedy, Agent::Random, Agent::Greedy, Agent::Random],
    };
    RolloutConfig {
        rules,
        agents,
        first_deal: 0,
        deals: 6,
        seed: 9,
        duplicate: true,
        matches: Some(2),
        threads,
        keep_games: true,
    }
}

#[test]
fn rollouts_do_not_depend_on_threads() {
    for rules in [Rules::zheng_fen(3).unwrap(), Rules::zen_cheng_you()] {
        let one = rollouts(&rollout_config(rules, 1)).unwrap();
        let two = rollouts(&rollout_config(rules, 2)).unwrap();
        let key =
            |r: &zhengfen_core::batch::Rollout| (r.deal, r.rotation, r.points.clone(), r.decisions);
        assert_eq!(
            one.iter().map(key).collect::<Vec<_>>(),
            two.iter().map(key).collect::<Vec<_>>()
        );
        // Greedy everywhere in Zheng Fen: one rotation; greedy/random teams: two.
        let rotations = if rules.variant == Variant::ZhengFen {
            1
        } else {
            2
        };
        assert_eq!(one.len(), 6 * rotations);
        for r in &one {
            assert_eq!(r.seed, derive_seed(9, r.deal));
            assert_eq!(
                r.game.as_ref().unwrap().history().first(),
                Game::new(rules, r.seed).history().first()
            );
            if rules.variant == Variant::ZhengFen {
                assert_eq!(r.points.iter().sum::<i64>(), 100 * i64::from(r.matches));
            }
        }
    }
}

/// Every output of a batch's steps, concatenated.
#[derive(Debug, PartialEq)]
struct Outputs {
    observation: Vec<f32>,
    scores: Vec<i32>,
    history: Vec<f32>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    players: Vec<i64>,
    forced: Vec<i64>,
}

/// The float32 values of owned values, whatever their storage.
fn floats(values: &OwnedValues) -> Vec<f32> {
    match values {
        OwnedValues::Bytes(v) => v.iter().map(|&b| f32::from(b)).collect(),
        OwnedValues::Floats(v) => v.clone(),
    }
}

/// Whether game `j`'s mask (if any) offers exactly the first `offered` actions.
fn mask_offers(mask: &OwnedMask, max_actions: usize, j: usize, offered: usize) -> bool {
    match mask {
        OwnedMask::None => true,
        OwnedMask::Dense(m) => m[j * max_actions..][..max_actions]
            .iter()
            .enumerate()
            .all(|(i, &b)| b == (i < offered)),
        OwnedMask::Packed(m) => {
            let len = max_actions.div_ceil(8);
            let row = &m[j * len..][..len];
            (0..len * 8).all(|i| (row[i / 8] >> (i % 8) & 1 == 1) == (i < offered))
        }
    }
}

/// Steps a batch with a fixed policy, returning every output; checks each step's mask and
/// legal counts on the way.
fn run_batch(config: &VecConfig, steps: usize) -> Outputs {
    let n = config.num_games;
    let players = usize::from(config.rules.players);
    let mut arrays = config.arrays();
    let mut batch = VecGame::new(config.clone(), 77).unwrap();
    let mut all = Outputs {
        observation: vec![],
        scores: vec![],
        history: vec![],
        rewards: vec![],
        dones: vec![],
        players: vec![],
        forced: vec![],
    };
    for step in 0..steps {
        if step == 0 {
            batch.observe(arrays.buffers());
        } else {
            // A finished slot (no legal move) takes any action.
            let actions: Vec<i64> = (0..n)
                .map(|j| {
                    let offered = batch.legal_moves(j).unwrap().len().min(config.max_actions);
                    (step as i64 * 7 + j as i64) % offered.max(1) as i64 - i64::from(offered == 0)
                })
                .collect();
            batch.step(&actions, arrays.buffers()).unwrap();
        }
        for j in 0..n {
            let offered = batch.legal_moves(j).unwrap().len().min(config.max_actions);
            assert!(mask_offers(&arrays.mask, config.max_actions, j, offered));
            assert_eq!(
                arrays.legal[j] as usize,
                batch.legal_moves(j).unwrap().len()
            );
            if arrays.dones[j]
                && config.rules.variant == Variant::ZhengFen
                && config.episode == Episode::Match
            {
                assert_eq!(
                    arrays.rewards[j * players..][..players].iter().sum::<f32>(),
                    100.0
                );
            }
            if let Some(seat) = batch.games().nth(j).unwrap().current_player() {
                assert!(
                    config.agents[usize::from(seat)].is_none(),
                    "an agent's seat was left to the learner"
                );
            }
        }
        all.observation.extend(floats(&arrays.observation));
        all.scores.extend_from_slice(&arrays.scores);
        all.history.extend(floats(&arrays.history));
        all.rewards.extend_from_slice(&arrays.rewards);
        all.dones.extend_from_slice(&arrays.dones);
        all.players.extend_from_slice(&arrays.players);
        all.forced.extend_from_slice(&arrays.forced);
    }
    all
}

#[test]
#[allow(clippy::too_many_lines)] // a test read top to bottom; the 60-line rule is for product code
fn vec_game_is_deterministic_and_resets_with_its_seeds() {
    for rules in all_rules()
        .into_iter()
        .take(3)
        .chain([Rules::zen_cheng_you()])
    {
        let players = usize::from(rules.players);
        let mut agents = vec![None; players];
        agents[1] = Some(Agent::Greedy);
        let config = VecConfig {
            rules,
            // Enough games for a step to use two threads (128 or more each).
            num_games: 270,
            episode: Episode::Match,
            max_actions: 64,
            history: 4,
            perfect: false,
            agents,
            threads: 1,
            dtype: Dtype::Uint8,
            mask: MaskKind::None,
            play_forced: false,
            auto_reset: true,
        };
        let one = run_batch(&config, 150);
        // Other threads, storage and masks: the same values.
        for (threads, dtype, mask) in [
            (3, Dtype::Uint8, MaskKind::Dense),
            (2, Dtype::Float32, MaskKind::Packed),
        ] {
            let other = VecConfig {
                threads,
                dtype,
                mask,
                ..config.clone()
            };
            assert_eq!(other.ranges().len(), 2);
            assert_eq!(run_batch(&other, 150), one);
        }
        assert!(
            one.dones.iter().any(|&d| d),
            "no episode ended in 150 steps"
        );
        // Forced moves played by the batch, finished slots: the same whatever the threads.
        let forced = VecConfig {
            play_forced: true,
            auto_reset: false,
            ..config.clone()
        };
        let one = run_batch(&forced, 150);
        let other = VecConfig {
            threads: 2,
            mask: MaskKind::Dense,
            ..forced
        };
        assert_eq!(run_batch(&other, 150), one);
        assert!(one.forced.iter().sum::<i64>() > 0 && one.players.contains(&-1));
    }
    let config = VecConfig {
        rules: Rules::zheng_fen(4).unwrap(),
        num_games: 3,
        episode: Episode::Match,
        max_actions: 8,
        history: 2,
        perfect: true,
        agents: vec![None; 4],
        threads: 1,
        dtype: Dtype::Uint8,
        mask: MaskKind::Dense,
        play_forced: false,
        auto_reset: true,
    };
    let mut batch = VecGame::new(config.clone(), 5).unwrap();
    for (j, game) in batch.games().enumerate() {
        assert_eq!(
            game.history().first(),
            Game::new(game.rules().to_owned(), derive_seed(5, j as u64))
                .history()
                .first()
        );
    }
    // Episode 0 of game j is deal j, as in `rollouts`.
    assert_eq!(batch.episode_seeds()[2], derive_seed(5, 2));
    // A bad action changes nothing.
    let before: Vec<_> = batch.games().map(|g| g.decisions().len()).collect();
    let mut arrays = config.arrays();
    assert!(batch.step(&[0, 0], arrays.buffers()).is_err());
    assert!(batch.step(&[0, 0, 10_000], arrays.buffers()).is_err());
    let after: Vec<_> = batch.games().map(|g| g.decisions().len()).collect();
    assert_eq!(before, after);
    batch.reset(5).unwrap();
}

/// A later range of deals plays the same games as the whole run's tail.
#[test]
fn rollouts_from_a_later_deal() {
    let rules = Rules::zheng_fen(4).unwrap();
    let whole = rollouts(&rollout_config(rules, 1)).unwrap();
    let tail = rollouts(&RolloutConfig {
        first_deal: 4,
        deals: 2,
        ..rollout_config(rules, 2)
    })
    .unwrap();
    let key = |r: &zhengfen_core::batch::Rollout| (r.deal, r.seed, r.points.clone());
    assert_eq!(
        whole[whole.len() - tail.len()..]
            .iter()
            .map(key)
            .collect::<Vec<_>>(),
        tail.iter().map(key).collect::<Vec<_>>()
    );
}

#[test]
fn batch_settings_are_checked() {
    let rules = Rules::zheng_fen(4).unwrap();
    let config = VecConfig {
        rules,
        num_games: 1,
        episode: Episode::Game,
        max_actions: 16,
        history: 1,
        perfect: false,
        agents: vec![Some(Agent::Random); 4],
        threads: 1,
        dtype: Dtype::Uint8,
        mask: MaskKind::None,
        play_forced: false,
        auto_reset: true,
    };
    assert!(VecGame::new(config.clone(), 0).is_err());
    assert!(VecGame::new(
        VecConfig {
            agents: vec![None; 3],
            ..config.clone()
        },
        0
    )
    .is_err());
    assert!(VecGame::new(
        VecConfig {
            num_games: 0,
            agents: vec![None; 4],
            ..config
        },
        0
    )
    .is_err());
    let mut bad = rollout_config(rules, 1);
    bad.agents.pop();
    assert!(rollouts(&bad).is_err());
}
