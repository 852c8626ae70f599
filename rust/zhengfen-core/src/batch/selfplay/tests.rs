//! Invariants of self-play: the samples do not depend on threads or games in flight, epsilon 0
//! plays the learned agent's games, each row is what the episode's game shows, and bad
//! configs are refused.

use std::sync::Arc;

use super::*;
use crate::agents::Learned;
use crate::agents::Searched;
use crate::batch::{rollouts, RolloutConfig};
use crate::encode::{observation_size, MOVE_ROW};
use crate::learned::testing::random_model;
use crate::seed::SplitMix64;

fn config(rules: Rules, episodes: u64) -> SelfplayConfig {
    let model = Arc::new(random_model(&rules, 3, &[12, 8], 5));
    SelfplayConfig {
        seed: 17,
        first_episode: 40,
        ..SelfplayConfig::new(rules, model, episodes)
    }
}

fn both_games() -> [Rules; 2] {
    [Rules::zheng_fen(4).unwrap(), Rules::zen_cheng_you()]
}

#[test]
fn the_samples_do_not_depend_on_threads_or_games_in_flight() {
    for rules in both_games() {
        let mut base = config(rules, 9);
        base.agents[1] = Some(Agent::Random);
        base.epsilon = 0.3;
        let one = same_on_any_threads(&base, &[(1, 4), (2, 1), (2, 3), (3, 64)]);
        assert!(one.len() > 50);
    }
}

/// The samples of `base` with one game in flight on one thread, checked equal to those of
/// every `(threads, games_per_thread)` of `layouts`.
fn same_on_any_threads(base: &SelfplayConfig, layouts: &[(usize, usize)]) -> Samples {
    let one = selfplay(&SelfplayConfig {
        games_per_thread: 1,
        ..base.clone()
    })
    .unwrap();
    for &(threads, games_per_thread) in layouts {
        let other = selfplay(&SelfplayConfig {
            threads,
            games_per_thread,
            ..base.clone()
        })
        .unwrap();
        assert_eq!(
            other, one,
            "{threads} threads, {games_per_thread} in flight"
        );
    }
    one
}

#[test]
fn episodes_split_across_calls_give_the_same_samples() {
    let rules = Rules::zheng_fen(5).unwrap();
    let whole = selfplay(&config(rules, 6)).unwrap();
    let first = selfplay(&config(rules, 2)).unwrap();
    let rest = selfplay(&SelfplayConfig {
        first_episode: 42,
        ..config(rules, 4)
    })
    .unwrap();
    let mut joined = first.episode.clone();
    joined.extend(&rest.episode);
    assert_eq!(whole.episode, joined);
    let mut targets = first.target.clone();
    targets.extend(&rest.target);
    assert_eq!(whole.target, targets);
}

#[test]
fn rows_are_in_episode_order_and_agree_with_the_episode_results() {
    for rules in both_games() {
        let mut c = config(rules, 7);
        c.agents[0] = Some(Agent::Greedy);
        let s = selfplay(&c).unwrap();
        let players = usize::from(rules.players);
        assert_eq!(s.observation.len(), s.len() * observation_size(false));
        assert_eq!(s.scores.len(), s.len() * 7);
        assert_eq!(s.history.len(), s.len() * 3 * 94);
        assert_eq!(s.moves.len(), s.len() * MOVE_ROW);
        assert_eq!(s.results.len(), 7 * players);
        assert!(s.episode.windows(2).all(|w| w[0] <= w[1]));
        assert!(s.seat.iter().all(|&seat| seat != 0)); // the greedy seat gives no samples
        for (e, episode) in (40..47).enumerate() {
            let rows: Vec<usize> = (0..s.len()).filter(|&i| s.episode[i] == episode).collect();
            assert_eq!(rows.len() as i64, s.decisions[e] - s.forced[e]);
            for &i in &rows {
                let seat = s.seat[i] as usize;
                assert_eq!(s.target[i], s.results[e * players + seat]);
                assert!(s.num_legal[i] >= 2);
            }
        }
        if rules.players == 4 && rules.team_of(0).is_none() {
            for e in 0..7 {
                let total: f32 = s.results[e * players..(e + 1) * players].iter().sum();
                assert_eq!(
                    total, 100.0,
                    "a 4-player match deals out the whole deck's points"
                );
            }
        }
    }
}

#[test]
fn epsilon_zero_plays_the_learned_agents_games() {
    for rules in both_games() {
        let c = SelfplayConfig {
            epsilon: 0.0,
            ..config(rules, 5)
        };
        let s = selfplay(&c).unwrap();
        let agent = Agent::Learned(Learned::from_model(c.model.clone(), None));
        let played = rollouts(&RolloutConfig {
            rules,
            agents: vec![agent; usize::from(rules.players)],
            first_deal: c.first_episode,
            deals: c.episodes,
            seed: c.seed,
            duplicate: false,
            matches: Some(1),
            threads: 1,
            keep_games: true,
        })
        .unwrap();
        for (e, r) in played.iter().enumerate() {
            let game = r.game.as_ref().unwrap();
            let players = usize::from(rules.players);
            let results: Vec<f32> = (0..rules.players)
                .map(|p| game.match_result(p) as f32)
                .collect();
            assert_eq!(&s.results[e * players..(e + 1) * players], &results[..]);
            assert_eq!(s.decisions[e] as u64, r.decisions);
        }
    }
}

#[test]
fn epsilon_one_plays_uniform_moves_without_the_model() {
    let rules = Rules::zheng_fen(4).unwrap();
    let c = config(rules, 4);
    let a = selfplay(&SelfplayConfig {
        epsilon: 1.0,
        ..c.clone()
    })
    .unwrap();
    let other = Arc::new(random_model(&rules, 3, &[12, 8], 6));
    let b = selfplay(&SelfplayConfig {
        epsilon: 1.0,
        model: other,
        ..c
    })
    .unwrap();
    assert_eq!(a, b);
}

#[test]
#[allow(clippy::too_many_lines)] // a test read top to bottom; the 60-line rule is for product code
fn configs_that_cannot_be_played_are_refused() {
    let rules = Rules::zheng_fen(4).unwrap();
    let c = config(rules, 2);
    let refused = |c: SelfplayConfig, part: &str| {
        let error = selfplay(&c).unwrap_err();
        assert!(error.to_string().contains(part), "{error} lacks {part:?}");
        error
    };
    for epsilon in [-0.1, 1.5, f64::NAN] {
        refused(
            SelfplayConfig {
                epsilon,
                ..c.clone()
            },
            "epsilon must be from 0 to 1",
        );
    }
    refused(
        SelfplayConfig {
            agents: vec![None; 3],
            ..c.clone()
        },
        "3 agents given for 4 seats",
    );
    refused(
        SelfplayConfig {
            agents: vec![Some(Agent::Greedy); 4],
            ..c.clone()
        },
        "no learner seat",
    );
    for games_per_thread in [0, MAX_GAMES_PER_THREAD + 1] {
        refused(
            SelfplayConfig {
                games_per_thread,
                ..c.clone()
            },
            "games_per_thread must be 1 to 4096",
        );
    }
    refused(
        SelfplayConfig {
            episodes: MAX_GAMES + 1,
            ..c.clone()
        },
        "at most 1000000",
    );
    refused(
        SelfplayConfig {
            first_episode: u64::MAX,
            ..c.clone()
        },
        "2**64 - 1",
    );
    let error = refused(
        SelfplayConfig {
            rules: Rules::zheng_fen(5).unwrap(),
            agents: vec![None; 5],
            ..c.clone()
        },
        "players",
    );
    assert!(matches!(error, Error::Model { .. }));
    let wrong = Agent::Learned(Learned::from_model(
        Arc::new(random_model(&Rules::zen_cheng_you(), 0, &[4], 1)),
        None,
    ));
    let mut agents = c.agents.clone();
    agents[2] = Some(wrong);
    assert!(matches!(
        selfplay(&SelfplayConfig {
            agents,
            ..c.clone()
        }),
        Err(Error::Model { .. })
    ));
}

#[test]
fn a_cancelled_call_stops() {
    let c = config(Rules::zen_cheng_you(), 50);
    let cancel = Cancel::never();
    cancel.cancel();
    assert_eq!(selfplay_until(&c, &cancel), Err(Error::Cancelled));
}

#[test]
fn no_episodes_give_no_samples() {
    let s = selfplay(&config(Rules::zheng_fen(3).unwrap(), 0)).unwrap();
    assert!(s.is_empty() && s.episodes() == 0 && s.results.is_empty());
}

/// `config` with its learner decisions labelled by a search of `iterations`.
fn searched(rules: Rules, episodes: u64, iterations: u32) -> SelfplayConfig {
    let c = config(rules, episodes);
    let policy = crate::agents::Policy::Learned(Learned::from_model(c.model.clone(), None));
    SelfplayConfig {
        search: Some(crate::agents::Ismcts {
            iterations,
            ..crate::agents::Ismcts::with_policy(policy)
        }),
        ..c
    }
}

/// The rows of each decision, as `(first, end)` ranges: consecutive rows of one episode and
/// seat with the same observation and number of legal moves.
fn decisions_of(s: &Samples) -> Vec<(usize, usize)> {
    let obs = observation_size(false);
    let same = |a: usize, b: usize| {
        s.episode[a] == s.episode[b]
            && s.seat[a] == s.seat[b]
            && s.observation[a * obs..(a + 1) * obs] == s.observation[b * obs..(b + 1) * obs]
            && s.num_legal[a] == s.num_legal[b]
    };
    let mut ranges = Vec::new();
    let mut first = 0;
    for i in 1..=s.len() {
        if i == s.len() || !same(first, i) {
            ranges.push((first, i));
            first = i;
        }
    }
    ranges
}

#[test]
fn a_searched_decision_gives_a_row_per_move_tried_and_one_played() {
    for rules in both_games() {
        let iterations = 24;
        let mut c = searched(rules, 3, iterations);
        c.epsilon = 0.2;
        let s = selfplay(&c).unwrap();
        let played: usize = s.played.iter().filter(|&&p| p).count();
        let decisions: i64 = s.decisions.iter().zip(&s.forced).map(|(d, f)| d - f).sum();
        assert_eq!(
            played as i64, decisions,
            "one played row a non-forced decision"
        );
        assert!(
            s.len() > 2 * played,
            "{} rows for {played} decisions",
            s.len()
        );
        let mut explored_outside = 0;
        for (first, end) in decisions_of(&s) {
            let rows = first..end;
            assert_eq!(rows.clone().filter(|&i| s.played[i]).count(), 1, "{rows:?}");
            let visits: i64 = rows.clone().map(|i| s.visits[i]).sum();
            let unsearched = rows.clone().filter(|&i| s.visits[i] == 0).count();
            assert_eq!(
                visits,
                i64::from(iterations),
                "every iteration passes one root move"
            );
            assert!(unsearched <= 1);
            explored_outside += unsearched;
            assert!(end - first - unsearched <= 8, "at most the candidates");
            for i in rows {
                assert!(s.value[i].is_finite(), "value {}", s.value[i]);
                if s.visits[i] == 0 {
                    assert!(s.played[i] && s.value[i] == 0.0);
                }
                let e = (s.episode[i] - c.first_episode) as usize;
                let seat = s.seat[i] as usize;
                assert_eq!(s.target[i], s.results[e * s.players + seat]);
            }
        }
        assert!(
            explored_outside > 0,
            "epsilon 0.2 explores outside the candidates"
        );
    }
}

#[test]
fn searched_samples_do_not_depend_on_threads_or_games_in_flight() {
    for rules in both_games() {
        let mut base = searched(rules, 4, 12);
        base.agents[1] = Some(Agent::Random);
        base.epsilon = 0.1;
        assert!(!same_on_any_threads(&base, &[(2, 1), (3, 8)]).is_empty());
    }
}

/// Episode `c.first_episode` of `c` (epsilon 0) replayed move by move with the search's own
/// choices: `each(game, moves, found, stream)` at every searched decision, `stream` the
/// mover's stream as the search began.
fn replay_searched(
    c: &SelfplayConfig,
    mut each: impl FnMut(&crate::game::Game, &[crate::game::Move], &Searched, SplitMix64),
) {
    use crate::agents::Turn;
    use crate::seed::{agent_streams, deal_seed};
    let search = checked(c).unwrap().search.unwrap();
    let seed = deal_seed(c.seed, c.first_episode);
    let mut game = crate::game::Game::new(c.rules, seed);
    let mut rngs = agent_streams(seed, 0, usize::from(c.rules.players));
    while let Some(seat) = game.current_player() {
        let moves = game.legal_moves();
        let seat = usize::from(seat);
        if moves.len() == 1 {
            game.play(moves[0]).unwrap();
            continue;
        }
        let cancel = crate::cancel::Cancel::never();
        let turn = Turn {
            game: &game,
            moves: &moves,
            cancel: &cancel,
        };
        let before = rngs[seat]; // a copy: the search draws from its own
        let found = search.search(&turn, &mut rngs[seat]);
        rngs[seat].next_u64(); // the epsilon draw
        each(&game, &moves, &found, before);
        game.play(moves[found.pick]).unwrap();
    }
}

#[test]
fn a_searched_decisions_labels_are_the_searchs_own() {
    use crate::agents::Choose;
    let rules = Rules::zheng_fen(4).unwrap();
    let mut c = searched(rules, 1, 16);
    c.epsilon = 0.0;
    let s = selfplay(&c).unwrap();
    let search = checked(&c).unwrap().search.unwrap();
    let mut row = 0;
    replay_searched(&c, |game, moves, found, mut before| {
        assert_eq!(found.pick, search.choose(game, moves, &mut before));
        for root in &found.roots {
            let mut features = [0u8; MOVE_ROW];
            crate::encode::move_features(&moves[root.index], &mut features);
            assert_eq!(
                s.moves[row * MOVE_ROW..(row + 1) * MOVE_ROW],
                features,
                "row {row}"
            );
            assert_eq!(s.value[row], root.value as f32);
            assert_eq!(s.visits[row], i64::from(root.visits));
            assert_eq!(s.played[row], root.index == found.pick);
            row += 1;
        }
    });
    assert_eq!(row, s.len());
}

#[test]
fn a_greedy_labelling_search_does_not_depend_on_the_model() {
    for rules in both_games() {
        let labels = |model_seed: u64, policy: crate::agents::Policy| {
            let model = Arc::new(random_model(&rules, 3, &[12, 8], model_seed));
            let c = SelfplayConfig {
                model,
                epsilon: 0.0,
                search: Some(crate::agents::Ismcts {
                    iterations: 12,
                    ..crate::agents::Ismcts::with_policy(policy)
                }),
                ..config(rules, 2)
            };
            let s = selfplay(&c).unwrap();
            (s.moves, s.value, s.visits, s.played)
        };
        let greedy = crate::agents::Policy::Greedy;
        let a = labels(5, greedy.clone());
        assert!(!a.1.is_empty());
        assert_eq!(a, labels(6, greedy), "greedy: the model plays no part");
        // A learned policy is guided by the model trained, whichever model it named.
        let named = Arc::new(random_model(&rules, 3, &[12, 8], 99));
        let learned = |seed| {
            labels(
                seed,
                crate::agents::Policy::Learned(Learned::from_model(named.clone(), None)),
            )
        };
        assert_ne!(learned(5), learned(6), "learned: the trained model guides");
    }
}

#[test]
fn a_search_that_only_labels_leaves_the_models_games() {
    for rules in both_games() {
        let mut plain = config(rules, 3);
        plain.epsilon = 0.0;
        plain.agents[1] = Some(Agent::Greedy);
        let labelled = SelfplayConfig {
            played_by: PlayedBy::Model,
            ..searched(rules, 3, 12)
        };
        let labelled = SelfplayConfig {
            epsilon: 0.0,
            agents: plain.agents.clone(),
            ..labelled
        };
        let (a, b) = (selfplay(&plain).unwrap(), selfplay(&labelled).unwrap());
        let played = |s: &Samples| -> Vec<u8> {
            (0..s.len())
                .filter(|&i| s.played[i])
                .flat_map(|i| s.moves[i * MOVE_ROW..(i + 1) * MOVE_ROW].to_vec())
                .collect()
        };
        assert_eq!(played(&a), played(&b), "the model's moves, searched or not");
        assert_eq!(a.results, b.results);
        assert!(b.len() > a.len() && b.visits.iter().any(|&v| v > 0));
        // Played by the search instead, the games are the search's.
        let by_search = selfplay(&SelfplayConfig {
            played_by: PlayedBy::Search,
            ..labelled
        })
        .unwrap();
        assert_ne!(played(&by_search), played(&a));
    }
}

#[test]
fn capping_untried_moves_adds_rows_and_changes_no_game() {
    for rules in both_games() {
        let mut plain = searched(rules, 3, 12);
        plain.epsilon = 0.2;
        if let Some(search) = plain.search.as_mut() {
            search.candidates = 3;
        }
        let capped = SelfplayConfig {
            cap_untried: 2,
            ..plain.clone()
        };
        let (a, b) = (selfplay(&plain).unwrap(), selfplay(&capped).unwrap());
        assert!(a.capped.iter().all(|&c| !c));
        let kept: Vec<usize> = (0..b.len()).filter(|&i| !b.capped[i]).collect();
        let pick = |s: &Samples, rows: &[usize]| -> (Vec<u8>, Vec<f32>, Vec<i64>, Vec<bool>) {
            let moves = rows
                .iter()
                .flat_map(|&i| s.moves[i * MOVE_ROW..(i + 1) * MOVE_ROW].to_vec())
                .collect();
            let value = rows.iter().map(|&i| s.value[i]).collect();
            let visits = rows.iter().map(|&i| s.visits[i]).collect();
            let played = rows.iter().map(|&i| s.played[i]).collect();
            (moves, value, visits, played)
        };
        let all: Vec<usize> = (0..a.len()).collect();
        assert_eq!(
            pick(&a, &all),
            pick(&b, &kept),
            "the same rows besides the capped"
        );
        assert_eq!(a.results, b.results, "the same games");
        let n_capped = b.capped.iter().filter(|&&c| c).count();
        assert!(n_capped > 0);
        for (first, end) in decisions_of(&b) {
            let rows = first..end;
            let capped: Vec<usize> = rows.clone().filter(|&i| b.capped[i]).collect();
            let tried = rows.clone().filter(|&i| b.visits[i] > 0).count();
            let others = end - first - capped.len();
            let legal = b.num_legal[first] as usize;
            assert_eq!(capped.len(), 2.min(legal - others), "{rows:?}");
            let choice = rows
                .clone()
                .filter(|&i| b.visits[i] > 0)
                .max_by_key(|&i| (b.visits[i], std::cmp::Reverse(i)))
                .map(|i| b.value[i]);
            for &i in &capped {
                assert!(!b.played[i] && b.visits[i] == 0);
                assert_eq!(Some(b.value[i]), choice, "capped at the search's choice");
                assert!(capped.iter().all(|&j| j >= first + others));
            }
            assert!(tried <= 3);
        }
    }
}

#[test]
fn capped_moves_are_the_models_best_untried() {
    use crate::agents::policy::q_of;
    use crate::learned::Decisions;
    let rules = Rules::zheng_fen(4).unwrap();
    let mut c = searched(rules, 1, 10);
    c.epsilon = 0.0;
    c.cap_untried = 3;
    if let Some(search) = c.search.as_mut() {
        search.candidates = 2;
    }
    let s = selfplay(&c).unwrap();
    let mut row = 0;
    let mut checked_rows = 0;
    replay_searched(&c, |game, moves, found, _| {
        let q = q_of(&c.model, game, moves, &mut Decisions::new(&c.model));
        let tried: Vec<usize> = found.roots.iter().map(|r| r.index).collect();
        let mut untried: Vec<usize> = (0..moves.len()).filter(|i| !tried.contains(i)).collect();
        untried.sort_by(|&a, &b| q[b].total_cmp(&q[a]).then(a.cmp(&b)));
        untried.truncate(3);
        let ceiling = found.roots.iter().find(|r| r.index == found.pick).unwrap();
        row += found.roots.len();
        for &index in &untried {
            let mut features = [0u8; MOVE_ROW];
            crate::encode::move_features(&moves[index], &mut features);
            assert_eq!(s.moves[row * MOVE_ROW..(row + 1) * MOVE_ROW], features);
            assert!(s.capped[row]);
            assert_eq!(s.value[row], ceiling.value as f32);
            row += 1;
            checked_rows += 1;
        }
    });
    assert_eq!(row, s.len());
    assert!(checked_rows > 5);
}

#[test]
fn capping_needs_a_search_and_a_bounded_count() {
    let rules = Rules::zheng_fen(4).unwrap();
    let unsearched = SelfplayConfig {
        cap_untried: 1,
        ..config(rules, 1)
    };
    let why = selfplay(&unsearched).unwrap_err().to_string();
    assert!(why.contains("cap_untried needs a search"), "{why}");
    let too_many = SelfplayConfig {
        cap_untried: MOST_CAPPED + 1,
        ..searched(rules, 1, 4)
    };
    let why = selfplay(&too_many).unwrap_err().to_string();
    assert!(why.contains("cap_untried must be 0 to 1000"), "{why}");
}

#[test]
fn a_decisions_rows_share_its_number_and_numbers_run_on_within_each_episode() {
    for rules in both_games() {
        for c in [config(rules, 3), searched(rules, 3, 12)] {
            let s = selfplay(&SelfplayConfig {
                cap_untried: usize::from(c.search.is_some()) * 2,
                ..c
            })
            .unwrap();
            let ranges = decisions_of(&s);
            assert!(ranges.len() > 10);
            let mut next = (s.episode[0], 0);
            for &(first, end) in &ranges {
                if s.episode[first] != next.0 {
                    next = (s.episode[first], 0);
                }
                let d = next.1;
                assert!(s.decision[first..end].iter().all(|&x| x == d), "{d}");
                next.1 += 1;
            }
        }
    }
}
