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
//! Every product is a sum of weight rows scaled by the nonzero inputs, in input order
//! ([`add_rows`]): the first layer's inputs are mostly zero (counts and one-hot flags: about
//! 60 of a state's 1,350 values and 8 of a move's 90; benches/RESULTS.md §8 measures it against
//! the dense product), and after a ReLU about half of a hidden layer's are. A decision's few
//! moves make products too small for a packed matrix product to pay for its packing (it
//! was a third of a guided search's time: RESULTS §8.4). The sum is compiled for AVX2 as well
//! and chosen at run time (`multiversion`), with the same arithmetic on every machine (a
//! product then a sum for each value, never fused). Each output row is computed from its own
//! inputs only, in an order that does not depend on the other rows, so a decision's values
//! are the same whichever decisions share its batch (a test checks it).

use ndarray::{Array1, Array2};

use super::decisions::Decisions;
use super::features::{state_size, MOVE_SIZE};
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
        let mut z = vec![0.0; decisions.total_moves() * width];
        let states = decisions.states.chunks_exact(state_size(self.history_rows));
        let state_weight = values(&self.state_weight);
        let move_weight = values(&self.move_weight);
        let (state_scale, move_scale) = (values(&self.state_scale), values(&self.move_scale));
        let mut a = vec![0.0; width];
        let mut inputs = Vec::new();
        for (d, state) in states.enumerate() {
            a.copy_from_slice(values(&self.bias0));
            let n = nonzero_into(state, state_scale, &mut inputs);
            add_rows(&mut a, state_weight, &inputs[..n]);
            for r in decisions.moves_of(d) {
                let row = &mut z[r * width..(r + 1) * width];
                row.copy_from_slice(&a);
                let mv = &decisions.moves[r * MOVE_SIZE..(r + 1) * MOVE_SIZE];
                let n = nonzero_into(mv, move_scale, &mut inputs);
                add_rows(row, move_weight, &inputs[..n]);
                row.iter_mut().for_each(|x| *x = relu(*x));
            }
        }
        Array2::from_shape_vec((decisions.total_moves(), width), z).expect("a row per move")
    }
}

/// The `(index, value × scale)` of each nonzero value of `x`, in index order: the first
/// entries of `buffer` (grown as needed, never cleared), their number returned. Each block
/// of [`BLOCK`] values is read once into a mask of its nonzero ones (a comparison the
/// compiler vectorizes), and only those are written: the work follows the nonzero values, not
/// the zeros (most of a state's and a move's, half of a hidden layer's after a ReLU).
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn nonzero_into(x: &[f32], scale: &[f32], buffer: &mut Vec<(usize, f32)>) -> usize {
    if buffer.len() < x.len() {
        buffer.resize(x.len(), (0, 0.0));
    }
    let mut n = 0;
    let blocks = x.chunks(BLOCK).zip(scale.chunks(BLOCK));
    for (b, (values, scales)) in blocks.enumerate() {
        let mut mask = values
            .iter()
            .enumerate()
            .fold(0u64, |mask, (i, v)| mask | u64::from(*v != 0.0) << i);
        while mask != 0 {
            let i = mask.trailing_zeros() as usize;
            buffer[n] = (b * BLOCK + i, values[i] * scales[i]);
            n += 1;
            mask &= mask - 1;
        }
    }
    n
}

/// Values looked at together in [`nonzero_into`]: one bit each of a `u64` mask.
const BLOCK: usize = 64;

/// `relu(h @ weight + bias)`, row by row: each row the bias plus the weight rows of its
/// nonzero values.
fn dense_relu(h: &Array2<f32>, weight: &Array2<f32>, bias: &Array1<f32>) -> Array2<f32> {
    let width = bias.len();
    let mut out = vec![0.0; h.nrows() * width];
    let (weight, ones) = (values(weight), vec![1.0; h.ncols()]);
    let mut inputs = Vec::new();
    for (input, row) in values(h)
        .chunks_exact(h.ncols())
        .zip(out.chunks_exact_mut(width))
    {
        let n = nonzero_into(input, &ones, &mut inputs);
        row.copy_from_slice(values(bias));
        add_rows(row, weight, &inputs[..n]);
        row.iter_mut().for_each(|x| *x = relu(*x));
    }
    Array2::from_shape_vec((h.nrows(), width), out).expect("a row per input")
}

/// An array's values in row-major order (the model's arrays, and the passes', are made so).
fn values<D: ndarray::Dimension>(array: &ndarray::Array<f32, D>) -> &[f32] {
    array.as_slice().expect("arrays in row-major order")
}

/// Values of `out` summed at once in [`add_rows`]: kept in registers across the weight rows.
const LANES: usize = 64;

/// `out[j] += c × weight[i][j]` for each `(i, c)` of `inputs` in their order, `weight` being
/// rows of `out.len()` values. Each `out[j]` gets the same sums in the same order whatever
/// the target (no fused multiply-add), so the AVX2 version computes the portable one's values.
#[multiversion::multiversion(targets("x86_64+avx2"))]
fn add_rows(out: &mut [f32], weight: &[f32], inputs: &[(usize, f32)]) {
    let width = out.len();
    let mut chunks = out.chunks_exact_mut(LANES);
    for (chunk, start) in (&mut chunks).zip((0..).step_by(LANES)) {
        let mut sum: [f32; LANES] = chunk.try_into().expect("a chunk of LANES");
        for &(i, c) in inputs {
            let w = &weight[i * width + start..][..LANES];
            for (s, &x) in sum.iter_mut().zip(w) {
                *s += c * x;
            }
        }
        chunk.copy_from_slice(&sum);
    }
    let rest = chunks.into_remainder();
    let start = width - rest.len();
    for &(i, c) in inputs {
        for (s, &x) in rest
            .iter_mut()
            .zip(&weight[i * width + start..(i + 1) * width])
        {
            *s += c * x;
        }
    }
}

fn relu(x: f32) -> f32 {
    x.max(0.0)
}

/// The index of the largest value, the first on ties (none of the values is NaN: the
/// weights are finite, and so are the encodings).
pub fn argmax(values: &[f32]) -> usize {
    (1..values.len()).fold(0, |best, i| if values[i] > values[best] { i } else { best })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::SplitMix64;

    /// Values of about the model's sizes: some exact zeros, some minus zeros.
    fn values_like_a_layer(rng: &mut SplitMix64, n: usize) -> Vec<f32> {
        (0..n)
            .map(|_| match rng.next_u64() % 4 {
                0 => 0.0,
                1 => -0.0,
                _ => (rng.next_u64() % 2001) as f32 / 1000.0 - 1.0,
            })
            .collect()
    }

    #[test]
    fn add_rows_sums_the_rows_in_input_order_bit_for_bit() {
        // Widths below, at and past the LANES chunks, so the remainder is checked too.
        let mut rng = SplitMix64::new(7);
        for width in [1, 5, LANES - 1, LANES, LANES + 3, 2 * LANES, 200] {
            let rows = 37;
            let weight = values_like_a_layer(&mut rng, rows * width);
            let x = values_like_a_layer(&mut rng, rows);
            let scale = values_like_a_layer(&mut rng, rows);
            let mut buffer = Vec::new();
            let n = nonzero_into(&x, &scale, &mut buffer);
            let kept: Vec<usize> = buffer[..n].iter().map(|&(i, _)| i).collect();
            let nonzero: Vec<usize> = (0..rows).filter(|&i| x[i] != 0.0).collect();
            assert_eq!(kept, nonzero, "every nonzero input, in order");
            let start = values_like_a_layer(&mut rng, width);
            let mut out = start.clone();
            add_rows(&mut out, &weight, &buffer[..n]);
            let mut want = start;
            for i in nonzero {
                for (j, w) in want.iter_mut().enumerate() {
                    *w += (x[i] * scale[i]) * weight[i * width + j];
                }
            }
            let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
            assert_eq!(bits(&out), bits(&want), "width {width}");
        }
    }

    #[test]
    fn nonzero_into_keeps_every_nonzero_value_in_order_across_blocks() {
        // Lengths around the 64-value blocks and of a state; dense rows and sparse ones.
        let mut rng = SplitMix64::new(11);
        for len in [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK, 200, 1350] {
            for sparse in [false, true] {
                let x: Vec<f32> = values_like_a_layer(&mut rng, len)
                    .into_iter()
                    .map(|v| {
                        if sparse && !rng.next_u64().is_multiple_of(8) {
                            0.0
                        } else {
                            v
                        }
                    })
                    .collect();
                let scale = values_like_a_layer(&mut rng, len);
                let mut buffer = Vec::new();
                let n = nonzero_into(&x, &scale, &mut buffer);
                let want: Vec<(usize, u32)> = (0..len)
                    .filter(|&i| x[i] != 0.0)
                    .map(|i| (i, (x[i] * scale[i]).to_bits()))
                    .collect();
                let got: Vec<(usize, u32)> =
                    buffer[..n].iter().map(|&(i, v)| (i, v.to_bits())).collect();
                assert_eq!(got, want, "length {len}, sparse {sparse}");
            }
        }
    }

    #[test]
    fn nonzero_into_reuses_a_longer_buffer() {
        let mut buffer = vec![(9, 9.0); 50];
        let n = nonzero_into(
            &[0.0, 2.0, 0.0, -0.0, 3.0],
            &[1.0, 0.5, 1.0, 1.0, 2.0],
            &mut buffer,
        );
        assert_eq!(&buffer[..n], &[(1, 1.0), (4, 6.0)]);
        assert_eq!(buffer.len(), 50);
    }
}
