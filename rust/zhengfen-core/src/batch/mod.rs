//! Many games at once, with no Python in the loop: [`rollouts`] plays whole games between
//! built-in agents; [`VecGame`] steps a batch of games from arrays of move indices, for learning.
//! Both spread their work over threads and give the same results whatever the thread count.

mod rollout;
mod seeds;
mod vec_game;

pub use rollout::{rollouts, Rollout, RolloutConfig};
pub use seeds::derive_seed;
pub use vec_game::{Episode, SlotOut, VecConfig, VecGame};

/// Runs `work(item)` for every item, spread over `threads` threads (at least one); items are
/// handed out in contiguous chunks so each thread writes its own part of the output.
pub(crate) fn parallel_chunks<T: Send>(
    items: &mut [T],
    threads: usize,
    work: impl Fn(&mut T) + Sync,
) {
    let threads = threads.clamp(1, items.len().max(1));
    if threads == 1 {
        items.iter_mut().for_each(&work);
        return;
    }
    let size = items.len().div_ceil(threads);
    std::thread::scope(|scope| {
        for chunk in items.chunks_mut(size) {
            let work = &work;
            scope.spawn(move || chunk.iter_mut().for_each(work));
        }
    });
}
