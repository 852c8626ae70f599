//! The training samples of self-play (AI.md §7.6): one row per non-forced learner decision,
//! gathered per episode while it is played ([`EpisodeSamples`]) and joined in episode order
//! at the end ([`Samples`]). A sample of a searched decision carries the search's label
//! ([`Label`]); one of Monte Carlo self-play is [`Label::PLAYED`]. A searched decision may
//! add capped samples: moves the search did not try, whose Q is held at most at the value of
//! the search's choice.

use crate::encode::{
    history, observation, observation_size, scores, HISTORY_ROW, MOVE_ROW, SCORES_SIZE,
};
use crate::error::{with_capacity, Result};
use crate::game::Game;

/// The samples and per-episode results of a [`super::selfplay`] call, rows in episode order,
/// then decision order. `N` samples, `E` episodes, `H` the model's history rows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Samples {
    /// Seats at the table.
    pub players: usize,
    /// `H`, the history rows of each sample.
    pub history_rows: usize,
    /// The mover's observation (not perfect), `N × 591`.
    pub observation: Vec<u8>,
    /// The mover's scores, `N × 7`.
    pub scores: Vec<i32>,
    /// The mover's history rows, most recent first, `N × H × 94`.
    pub history: Vec<u8>,
    /// The features of the move played, `N × 90`.
    pub moves: Vec<u8>,
    /// The mover's `Game::match_result` at the end of the match, `N`.
    pub target: Vec<f32>,
    /// The mover's seat, `N`.
    pub seat: Vec<i64>,
    /// The episode number, `N`.
    pub episode: Vec<u64>,
    /// The decision the sample belongs to, numbered from 0 within its episode (a searched
    /// decision's rows share it; `episode` and `decision` name a decision in any call), `N`.
    pub decision: Vec<u64>,
    /// The number of legal moves offered, `N` (at least 2).
    pub num_legal: Vec<i64>,
    /// The search's value of the sample's move, in match-result units, where `visits > 0`;
    /// 0 where no search valued it, `N`.
    pub value: Vec<f32>,
    /// How often the search passed the sample's move, 0 without a search, `N`.
    pub visits: Vec<i64>,
    /// Whether the sample's move was played (one sample of each decision), `N`.
    pub played: Vec<bool>,
    /// Whether the sample's move is an untried one capped at `value`, the value of the
    /// search's choice (`SelfplayConfig::cap_untried`): its Q is held at most there, `N`.
    pub capped: Vec<bool>,
    /// Per episode, every seat's `Game::match_result` at its end, `E × players`.
    pub results: Vec<f32>,
    /// Per episode, the learner seats' decisions, forced ones included, `E`.
    pub decisions: Vec<i64>,
    /// Per episode, the learner seats' forced decisions (one legal move: no sample), `E`.
    pub forced: Vec<i64>,
}

impl Samples {
    /// The number of samples, `N`.
    pub fn len(&self) -> usize {
        self.target.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.target.is_empty()
    }

    /// The number of episodes, `E`.
    pub fn episodes(&self) -> usize {
        self.decisions.len()
    }
}

/// What a sample's move is labelled with besides the match's return.
#[derive(Copy, Clone, Debug, PartialEq)]
pub(super) struct Label {
    /// The search's value of the move (0 when `visits` is 0), or the cap of a capped move.
    pub value: f32,
    /// The search's visits of the move (0: none).
    pub visits: u32,
    /// Whether the move was played.
    pub played: bool,
    /// Whether the move is an untried one whose Q is held at most at `value`.
    pub capped: bool,
}

impl Label {
    /// The move played, with no search behind it (Monte Carlo self-play).
    pub const PLAYED: Label = Label {
        value: 0.0,
        visits: 0,
        played: true,
        capped: false,
    };
}

/// The samples of one episode while (and after) it is played.
#[derive(Clone, Debug, Default)]
pub(super) struct EpisodeSamples {
    /// The episode number.
    pub episode: u64,
    observation: Vec<u8>,
    scores: Vec<i32>,
    history: Vec<u8>,
    moves: Vec<u8>,
    seats: Vec<u8>,
    /// Per sample, its decision's number within the episode.
    decision: Vec<u32>,
    /// The decisions started.
    states: u32,
    num_legal: Vec<u32>,
    labels: Vec<Label>,
    /// Every seat's match result, once the match is over.
    results: Vec<f32>,
    /// Learner decisions, forced ones included.
    pub decisions: u64,
    /// Forced learner decisions.
    pub forced: u64,
}

impl EpisodeSamples {
    /// No samples yet of episode `episode`.
    pub fn new(episode: u64) -> EpisodeSamples {
        EpisodeSamples {
            episode,
            ..EpisodeSamples::default()
        }
    }

    /// Starts a sample: the state of `seat`, the mover in `game`, with `rows` history rows;
    /// [`EpisodeSamples::push_move`] completes it.
    pub fn push_state(&mut self, game: &Game, seat: usize, rows: usize) {
        let start = self.observation.len();
        self.observation.resize(start + observation_size(false), 0);
        observation(game, seat, false, &mut self.observation[start..]);
        let mut score = [0; SCORES_SIZE];
        scores(game, seat, &mut score);
        self.scores.extend_from_slice(&score);
        let start = self.history.len();
        self.history.resize(start + rows * HISTORY_ROW, 0);
        history(game, seat, &mut self.history[start..]);
        self.seats.push(seat as u8);
        self.decision.push(self.states);
        self.states += 1;
    }

    /// Starts a sample of the same state as the last one started (another move of the same
    /// decision).
    pub fn repeat_state(&mut self, rows: usize) {
        repeat_last(&mut self.observation, observation_size(false));
        repeat_last(&mut self.scores, SCORES_SIZE);
        repeat_last(&mut self.history, rows * HISTORY_ROW);
        let seat = *self.seats.last().expect("a state was started");
        self.seats.push(seat);
        self.decision.push(self.states - 1);
    }

    /// The last state started, as the model reads it: observation, scores, history rows
    /// (written into `out`, of the state's size).
    pub fn last_state(&self, rows: usize, out: &mut [f32]) {
        let obs = observation_size(false);
        let hist = rows * HISTORY_ROW;
        let observation = &self.observation[self.observation.len() - obs..];
        let score = &self.scores[self.scores.len() - SCORES_SIZE..];
        let history = &self.history[self.history.len() - hist..];
        let (o, rest) = out.split_at_mut(obs);
        let (s, h) = rest.split_at_mut(SCORES_SIZE);
        crate::encode::widen(observation, o);
        for (to, &from) in s.iter_mut().zip(score) {
            *to = from as f32;
        }
        crate::encode::widen(history, h);
    }

    /// Completes the sample started last: the features `row` of the move played, among
    /// `legal` legal moves, and its label.
    pub fn push_move(&mut self, row: &[u8], legal: usize, label: Label) {
        self.moves.extend_from_slice(&row[..MOVE_ROW]);
        self.num_legal.push(legal as u32);
        self.labels.push(label);
    }

    /// Records the end of the match: every seat's result in `game`.
    pub fn finish(&mut self, game: &Game) {
        let players = game.rules().players;
        self.results = (0..players).map(|s| game.match_result(s) as f32).collect();
    }

    /// The number of samples.
    pub fn len(&self) -> usize {
        self.seats.len()
    }
}

/// Appends a copy of the last `size` values of `values`.
fn repeat_last<T: Copy>(values: &mut Vec<T>, size: usize) {
    let start = values.len() - size;
    values.extend_from_within(start..);
}

/// `episodes`, in episode order, joined into one [`Samples`]; each episode's memory is freed
/// once copied.
pub(super) fn join(
    episodes: Vec<EpisodeSamples>,
    players: usize,
    history_rows: usize,
) -> Result<Samples> {
    let n: usize = episodes.iter().map(EpisodeSamples::len).sum();
    let e = episodes.len();
    let what = "samples";
    let mut out = Samples {
        players,
        history_rows,
        observation: with_capacity(n.saturating_mul(observation_size(false)), what)?,
        scores: with_capacity(n.saturating_mul(SCORES_SIZE), what)?,
        history: with_capacity(n.saturating_mul(history_rows * HISTORY_ROW), what)?,
        moves: with_capacity(n.saturating_mul(MOVE_ROW), what)?,
        target: with_capacity(n, what)?,
        seat: with_capacity(n, what)?,
        episode: with_capacity(n, what)?,
        decision: with_capacity(n, what)?,
        num_legal: with_capacity(n, what)?,
        value: with_capacity(n, what)?,
        visits: with_capacity(n, what)?,
        played: with_capacity(n, what)?,
        capped: with_capacity(n, what)?,
        results: with_capacity(e.saturating_mul(players), "episode results")?,
        decisions: with_capacity(e, "episode results")?,
        forced: with_capacity(e, "episode results")?,
    };
    for episode in episodes {
        out.observation.extend_from_slice(&episode.observation);
        out.scores.extend_from_slice(&episode.scores);
        out.history.extend_from_slice(&episode.history);
        out.moves.extend_from_slice(&episode.moves);
        for &seat in &episode.seats {
            out.target.push(episode.results[usize::from(seat)]);
            out.seat.push(i64::from(seat));
            out.episode.push(episode.episode);
        }
        out.decision
            .extend(episode.decision.iter().map(|&d| u64::from(d)));
        out.num_legal
            .extend(episode.num_legal.iter().map(|&n| i64::from(n)));
        for label in &episode.labels {
            out.value.push(label.value);
            out.visits.push(i64::from(label.visits));
            out.played.push(label.played);
            out.capped.push(label.capped);
        }
        out.results.extend_from_slice(&episode.results);
        out.decisions.push(episode.decisions as i64);
        out.forced.push(episode.forced as i64);
    }
    Ok(out)
}
