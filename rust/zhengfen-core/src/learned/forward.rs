//! The forward pass of a model (AI.md §7.1), in float32:
//!
//! ```text
//! a  = (x_s * state_scale) @ layer0.state_weight + layer0.bias      # once per decision
//! z0 = a + (x_m * move_scale) @ layer0.move_weight                   # per move
//! h  = relu(z0)
//! for i in 1..L-1:
//!     y = relu(h @ layer{i}.weight + layer{i}.bias)
//!     h = y + h if residual and h_{i-1} == h_i else y                # residual: dmc-2 only
//! q  = h . output.weight + output.bias
//! ```
//!
//! The first layer's inputs are mostly zero (counts and one-hot flags), so its two products
//! gather the weight rows of the nonzero inputs (about 60 of a state's 1,350 values and 8 of a
//! move's 90; benches/RESULTS.md §8 measures it against the dense product). The hidden layers
//! are one matrix product each over every move of every decision of the batch (ndarray's
//! `general_mat_mul`, matrixmultiply, on the caller's thread). Each output row is computed
//! from its own inputs only, in an order that does not depend on the other rows, so a
//! decision's values are the same whichever decisions share its batch (a test checks it).

use ndarray::linalg::general_mat_mul;
use ndarray::{Array1, Array2, ArrayView1, ArrayView2, ArrayViewMut1, Axis};

use super::features::{state_size, Decisions, MOVE_SIZE};
use super::model::Model;
use crate::game::{Game, Move};

impl Model {
    /// The Q-value of each of `moves` for `game`'s current player (its legal moves, normally),
    /// in their order.
    pub fn q_values(&self, game: &Game, moves: &[Move]) -> Vec<f32> {
        let mut decisions = Decisions::new(self);
        decisions.push(game, moves);
        self.q_batch(&decisions)
    }

    /// The index in `moves` the learned agent plays: the only move without the network, else
    /// the largest Q-value, the first in `moves`' order on ties.
    pub fn choose(&self, game: &Game, moves: &[Move]) -> usize {
        if moves.len() <= 1 {
            return 0;
        }
        argmax(&self.q_values(game, moves))
    }

    /// The Q-values of every move of every decision of `decisions`, decision after decision
    /// (decision `d`'s are `decisions.moves_of(d)`): one forward pass for them all.
    ///
    /// Panics if `decisions` was made for a model reading another number of history rows.
    pub fn q_batch(&self, decisions: &Decisions) -> Vec<f32> {
        assert_eq!(
            decisions.history_rows, self.history_rows,
            "decisions gathered for another model's layout"
        );
        let mut h = self.first_layer(decisions);
        for (weight, bias) in &self.hidden {
            let skip = self.residual && weight.nrows() == weight.ncols();
            let y = dense_relu(&h, weight, bias);
            h = if skip { y + &h } else { y };
        }
        let mut q = h.dot(&self.output_weight);
        q += self.output_bias;
        q.to_vec()
    }

    /// The arithmetic alone: the Q-value of each pair of a state row of `states` (rows of
    /// [`Model::state_size`] values) and the move row of `moves` at the same index (rows of
    /// 90 values). Panics if the lengths do not fit.
    pub fn forward(&self, states: &[f32], moves: &[f32]) -> Vec<f32> {
        let (s, n) = (self.state_size(), moves.len() / MOVE_SIZE);
        assert_eq!(states.len(), n * s, "one state row per move row");
        let mut decisions = Decisions::new(self);
        for (state, mv) in states.chunks_exact(s).zip(moves.chunks_exact(MOVE_SIZE)) {
            decisions.push_features(state, mv);
        }
        self.q_batch(&decisions)
    }

    /// `relu(z0)` for every move: the state half once per decision, then each move's half.
    fn first_layer(&self, decisions: &Decisions) -> Array2<f32> {
        let width = self.bias0.len();
        let mut z = Array2::<f32>::zeros((decisions.total_moves(), width));
        let states = ArrayView2::from_shape(
            (decisions.len(), state_size(self.history_rows)),
            &decisions.states,
        )
        .expect("rows of the state size");
        let moves = ArrayView2::from_shape((decisions.total_moves(), MOVE_SIZE), &decisions.moves)
            .expect("rows of the move size");
        let mut a = Array1::<f32>::zeros(width);
        for (d, state) in states.outer_iter().enumerate() {
            a.assign(&self.bias0);
            gather(a.view_mut(), state, &self.state_scale, &self.state_weight);
            for r in decisions.moves_of(d) {
                let mut row = z.row_mut(r);
                row.assign(&a);
                gather(
                    row.view_mut(),
                    moves.row(r),
                    &self.move_scale,
                    &self.move_weight,
                );
                row.mapv_inplace(relu);
            }
        }
        z
    }
}

/// `out += (x * scale) @ weight`, over the nonzero values of `x` only, in index order.
fn gather(
    mut out: ArrayViewMut1<'_, f32>,
    x: ArrayView1<'_, f32>,
    scale: &Array1<f32>,
    weight: &Array2<f32>,
) {
    for (i, &value) in x.iter().enumerate() {
        if value != 0.0 {
            out.scaled_add(value * scale[i], &weight.row(i));
        }
    }
}

/// `relu(h @ weight + bias)`, every row by one matrix product.
fn dense_relu(h: &Array2<f32>, weight: &Array2<f32>, bias: &Array1<f32>) -> Array2<f32> {
    let mut out = bias
        .broadcast((h.len_of(Axis(0)), bias.len()))
        .expect("a row per input")
        .to_owned();
    general_mat_mul(1.0, h, weight, 1.0, &mut out);
    out.mapv_inplace(relu);
    out
}

fn relu(x: f32) -> f32 {
    x.max(0.0)
}

/// The index of the largest value, the first on ties (none of the values is NaN: the
/// weights are finite, and so are the encodings).
pub fn argmax(values: &[f32]) -> usize {
    (1..values.len()).fold(0, |best, i| if values[i] > values[best] { i } else { best })
}
