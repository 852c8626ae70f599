//! What a [`super::VecGame`] step writes (`AI.md` §2): per game, the observation, scores and
//! history of the seat to move (encoding version 2, as bytes or as their float32 view), its
//! number of legal moves, optionally a dense or packed mask and the count of forced moves played
//! for the learner, and the rewards and done flag. A finished game's rows are zero
//! ([`SlotOut::write_finished`]).
//!
//! [`OutBuffers`] is the whole batch's arrays; [`OutBuffers::split_at`] cuts it into the
//! contiguous ranges the threads own, and [`OutBuffers::row`] gives one game's [`SlotOut`].

use crate::encode::{observation_size, packed_mask_len, write_packed_mask, HISTORY_ROW};
use crate::encode::{widen, SCORES_SIZE};

/// How the observation, history and move features are stored (`AI.md` §1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dtype {
    /// One byte a value (the encoding's own storage; the default).
    Uint8,
    /// The float32 view: the same values, converted.
    Float32,
}

/// Which action mask a batch writes (`AI.md` §1.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum MaskKind {
    /// None: the legal actions are the prefix `0 .. num_legal` (the default).
    None,
    /// One `bool` per action.
    Dense,
    /// One bit per action, least significant bit first.
    Packed,
}

impl MaskKind {
    /// The mask a setting names: none, `"dense"` or `"packed"` (AI.md §1.3).
    pub fn from_name(name: Option<&str>) -> crate::error::Result<MaskKind> {
        match name {
            None => Ok(MaskKind::None),
            Some("dense") => Ok(MaskKind::Dense),
            Some("packed") => Ok(MaskKind::Packed),
            Some(other) => Err(crate::error::Error::argument(format!(
                "mask must be None, \"dense\" or \"packed\", not '{other}'"
            ))
            .with_argument(
                "mask",
                Some(other.to_string()),
                Some("None, \"dense\" or \"packed\"".into()),
            )),
        }
    }
}

/// A block of encoded values, in the batch's [`Dtype`].
#[derive(Debug)]
pub enum Values<'a> {
    /// Bytes.
    Bytes(&'a mut [u8]),
    /// The float32 view.
    Floats(&'a mut [f32]),
}

impl<'a> Values<'a> {
    /// Cuts off the first `mid` values.
    pub(crate) fn split_at(self, mid: usize) -> (Values<'a>, Values<'a>) {
        match self {
            Values::Bytes(v) => {
                let (a, b) = v.split_at_mut(mid);
                (Values::Bytes(a), Values::Bytes(b))
            }
            Values::Floats(v) => {
                let (a, b) = v.split_at_mut(mid);
                (Values::Floats(a), Values::Floats(b))
            }
        }
    }

    /// Values `at .. at + len`.
    fn range(&mut self, at: usize, len: usize) -> Values<'_> {
        match self {
            Values::Bytes(v) => Values::Bytes(&mut v[at..at + len]),
            Values::Floats(v) => Values::Floats(&mut v[at..at + len]),
        }
    }

    /// Writes the encoding `encode` makes into a zeroed byte block: straight into bytes, or
    /// through `scratch` for the float32 view.
    pub(crate) fn encode(self, scratch: &mut Vec<u8>, encode: impl FnOnce(&mut [u8])) {
        match self {
            Values::Bytes(out) => {
                out.fill(0);
                encode(out);
            }
            Values::Floats(out) => {
                scratch.clear();
                scratch.resize(out.len(), 0);
                encode(scratch);
                widen(scratch, out);
            }
        }
    }
}

/// The action masks of a block of games, if the batch writes them.
#[derive(Debug)]
pub enum Mask<'a> {
    /// No mask.
    None,
    /// `max_actions` booleans a game.
    Dense(&'a mut [bool]),
    /// `⌈max_actions / 8⌉` bytes a game.
    Packed(&'a mut [u8]),
}

impl<'a> Mask<'a> {
    fn split_at(self, mid: usize) -> (Mask<'a>, Mask<'a>) {
        match self {
            Mask::None => (Mask::None, Mask::None),
            Mask::Dense(v) => {
                let (a, b) = v.split_at_mut(mid);
                (Mask::Dense(a), Mask::Dense(b))
            }
            Mask::Packed(v) => {
                let (a, b) = v.split_at_mut(mid);
                (Mask::Packed(a), Mask::Packed(b))
            }
        }
    }

    fn range(&mut self, at: usize, len: usize) -> Mask<'_> {
        match self {
            Mask::None => Mask::None,
            Mask::Dense(v) => Mask::Dense(&mut v[at..at + len]),
            Mask::Packed(v) => Mask::Packed(&mut v[at..at + len]),
        }
    }

    /// Writes the whole mask of a game whose first `offered` actions are legal.
    pub(crate) fn write(self, offered: usize) {
        match self {
            Mask::None => {}
            Mask::Dense(m) => {
                let offered = offered.min(m.len());
                m[..offered].fill(true);
                m[offered..].fill(false);
            }
            Mask::Packed(m) => write_packed_mask(offered, m),
        }
    }
}

/// Values per game of each output.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Widths {
    /// Observation values.
    pub observation: usize,
    /// History values (`history × HISTORY_ROW`).
    pub history: usize,
    /// Mask entries (booleans or bytes; 0 without a mask).
    pub mask: usize,
    /// Rewards (one per seat).
    pub rewards: usize,
    /// Counts of forced moves played for the learner (1 with `play_forced`, else 0).
    pub forced: usize,
}

impl Widths {
    /// The widths for a batch's settings.
    pub fn new(
        perfect: bool,
        history: usize,
        mask: MaskKind,
        max_actions: usize,
        players: usize,
        play_forced: bool,
    ) -> Widths {
        Widths {
            observation: observation_size(perfect),
            history: history * HISTORY_ROW,
            mask: match mask {
                MaskKind::None => 0,
                MaskKind::Dense => max_actions,
                MaskKind::Packed => packed_mask_len(max_actions),
            },
            rewards: players,
            forced: usize::from(play_forced),
        }
    }

    /// Bytes a game's outputs take in `dtype` (int64 player and counts, float32 rewards).
    pub fn bytes(&self, dtype: Dtype) -> usize {
        let value = match dtype {
            Dtype::Uint8 => 1,
            Dtype::Float32 => 4,
        };
        (self.observation + self.history) * value
            + SCORES_SIZE * 4
            + self.mask
            + self.rewards * 4
            + 1
            + (2 + self.forced) * 8
    }
}

/// The output arrays of a block of games, each its games times its width (see [`Widths`]).
#[derive(Debug)]
pub struct OutBuffers<'a> {
    /// `games × observation`.
    pub observation: Values<'a>,
    /// `games × SCORES_SIZE`.
    pub scores: &'a mut [i32],
    /// `games × history` (empty when the history has no rows).
    pub history: Values<'a>,
    /// `games × mask`.
    pub mask: Mask<'a>,
    /// `games × players`.
    pub rewards: &'a mut [f32],
    /// `games`.
    pub dones: &'a mut [bool],
    /// `games`.
    pub players: &'a mut [i64],
    /// `games`.
    pub legal: &'a mut [i64],
    /// `games × forced` (empty without `play_forced`).
    pub forced: &'a mut [i64],
}

/// One game's part of the output buffers.
#[derive(Debug)]
pub struct SlotOut<'a> {
    /// Observation of the seat to move.
    pub observation: Values<'a>,
    /// Its scores.
    pub scores: &'a mut [i32],
    /// Its history.
    pub history: Values<'a>,
    /// Its legal actions, if the batch writes masks.
    pub mask: Mask<'a>,
    /// Reward per seat from matches ended by this step.
    pub rewards: &'a mut [f32],
    /// Whether an episode ended (and a new one began).
    pub done: &'a mut bool,
    /// The seat to move.
    pub player: &'a mut i64,
    /// Number of legal moves (may exceed `max_actions`).
    pub legal: &'a mut i64,
    /// Forced moves played for the learner during this step (empty without `play_forced`).
    pub forced: &'a mut [i64],
}

impl<'a> OutBuffers<'a> {
    /// The first `games` games' buffers, and the rest's.
    pub fn split_at(self, w: &Widths, games: usize) -> (OutBuffers<'a>, OutBuffers<'a>) {
        let (observation, observation_rest) = self.observation.split_at(games * w.observation);
        let (scores, scores_rest) = self.scores.split_at_mut(games * SCORES_SIZE);
        let (history, history_rest) = self.history.split_at(games * w.history);
        let (mask, mask_rest) = self.mask.split_at(games * w.mask);
        let (rewards, rewards_rest) = self.rewards.split_at_mut(games * w.rewards);
        let (dones, dones_rest) = self.dones.split_at_mut(games);
        let (players, players_rest) = self.players.split_at_mut(games);
        let (legal, legal_rest) = self.legal.split_at_mut(games);
        let (forced, forced_rest) = self.forced.split_at_mut(games * w.forced);
        (
            OutBuffers {
                observation,
                scores,
                history,
                mask,
                rewards,
                dones,
                players,
                legal,
                forced,
            },
            OutBuffers {
                observation: observation_rest,
                scores: scores_rest,
                history: history_rest,
                mask: mask_rest,
                rewards: rewards_rest,
                dones: dones_rest,
                players: players_rest,
                legal: legal_rest,
                forced: forced_rest,
            },
        )
    }

    /// Cuts the buffers into consecutive blocks of `sizes[i]` games.
    pub fn split_into(self, w: &Widths, sizes: &[usize]) -> Vec<OutBuffers<'a>> {
        let mut parts = Vec::with_capacity(sizes.len());
        let mut rest = self;
        for &size in sizes {
            let (part, tail) = rest.split_at(w, size);
            parts.push(part);
            rest = tail;
        }
        parts
    }

    /// Game `i`'s buffers.
    pub fn row(&mut self, w: &Widths, i: usize) -> SlotOut<'_> {
        SlotOut {
            observation: self.observation.range(i * w.observation, w.observation),
            scores: &mut self.scores[i * SCORES_SIZE..(i + 1) * SCORES_SIZE],
            history: self.history.range(i * w.history, w.history),
            mask: self.mask.range(i * w.mask, w.mask),
            rewards: &mut self.rewards[i * w.rewards..(i + 1) * w.rewards],
            done: &mut self.dones[i],
            player: &mut self.players[i],
            legal: &mut self.legal[i],
            forced: &mut self.forced[i * w.forced..(i + 1) * w.forced],
        }
    }
}

impl SlotOut<'_> {
    /// Zeroes the rewards, the done flag and the forced count before a step.
    pub(crate) fn clear_step(&mut self) {
        self.rewards.fill(0.0);
        *self.done = false;
        self.forced.fill(0);
    }

    /// Counts a forced move played for the learner (nothing without `play_forced`).
    pub(crate) fn count_forced(&mut self) {
        if let Some(count) = self.forced.first_mut() {
            *count += 1;
        }
    }

    /// Writes the rows of a finished game (`auto_reset` off): every value zero, no legal
    /// move, and `-1` as the seat to move. The rewards, done flag and forced count are left
    /// as the step made them.
    pub(crate) fn write_finished(self, scratch: &mut Vec<u8>) {
        self.observation.encode(scratch, |_| {});
        self.scores.fill(0);
        self.history.encode(scratch, |_| {});
        self.mask.write(0);
        *self.player = -1;
        *self.legal = 0;
    }
}

/// Owned output arrays for a whole batch, for Rust users of [`super::VecGame`] (the Python
/// binding writes into numpy arrays instead).
#[derive(Clone, Debug)]
pub struct OutArrays {
    /// `games × observation` values.
    pub observation: OwnedValues,
    /// `games × SCORES_SIZE` scores.
    pub scores: Vec<i32>,
    /// `games × history` values.
    pub history: OwnedValues,
    /// The masks, if the batch writes them.
    pub mask: OwnedMask,
    /// `games × players` rewards of the last step.
    pub rewards: Vec<f32>,
    /// `games` done flags of the last step.
    pub dones: Vec<bool>,
    /// `games` seats to move.
    pub players: Vec<i64>,
    /// `games` numbers of legal moves.
    pub legal: Vec<i64>,
    /// `games × forced` counts of forced moves played for the learner in the last step.
    pub forced: Vec<i64>,
}

/// Owned [`Values`].
#[derive(Clone, Debug, PartialEq)]
pub enum OwnedValues {
    /// Bytes.
    Bytes(Vec<u8>),
    /// The float32 view.
    Floats(Vec<f32>),
}

/// An owned [`Mask`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OwnedMask {
    /// No mask.
    None,
    /// Dense masks.
    Dense(Vec<bool>),
    /// Packed masks.
    Packed(Vec<u8>),
}

impl OwnedValues {
    fn new(dtype: Dtype, len: usize) -> OwnedValues {
        match dtype {
            Dtype::Uint8 => OwnedValues::Bytes(vec![0; len]),
            Dtype::Float32 => OwnedValues::Floats(vec![0.0; len]),
        }
    }
    fn values(&mut self) -> Values<'_> {
        match self {
            OwnedValues::Bytes(v) => Values::Bytes(v),
            OwnedValues::Floats(v) => Values::Floats(v),
        }
    }
}

impl OutArrays {
    /// Zeroed arrays for `games` games of `widths`, stored as `dtype` with a mask of `mask`.
    pub fn new(widths: Widths, games: usize, dtype: Dtype, mask: MaskKind) -> OutArrays {
        OutArrays {
            observation: OwnedValues::new(dtype, games * widths.observation),
            scores: vec![0; games * SCORES_SIZE],
            history: OwnedValues::new(dtype, games * widths.history),
            mask: match mask {
                MaskKind::None => OwnedMask::None,
                MaskKind::Dense => OwnedMask::Dense(vec![false; games * widths.mask]),
                MaskKind::Packed => OwnedMask::Packed(vec![0; games * widths.mask]),
            },
            rewards: vec![0.0; games * widths.rewards],
            dones: vec![false; games],
            players: vec![0; games],
            legal: vec![0; games],
            forced: vec![0; games * widths.forced],
        }
    }

    /// The arrays as the buffers a step writes.
    pub fn buffers(&mut self) -> OutBuffers<'_> {
        OutBuffers {
            observation: self.observation.values(),
            scores: &mut self.scores,
            history: self.history.values(),
            mask: match &mut self.mask {
                OwnedMask::None => Mask::None,
                OwnedMask::Dense(v) => Mask::Dense(v),
                OwnedMask::Packed(v) => Mask::Packed(v),
            },
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            players: &mut self.players,
            legal: &mut self.legal,
            forced: &mut self.forced,
        }
    }
}
