//! Many games at once, with no Python in the loop: [`rollouts`] plays whole games between
//! built-in agents; [`VecGame`] steps a batch of games from arrays of move indices, for learning.
//! [`selfplay`] plays episodes with a learned model and returns training samples.
//! All spread their work over threads and give the same results whatever the thread count.
//! Who sits where is [`seating`]'s rule; which seeds a game and its agents draw from,
//! [`crate::seed`]'s.

mod columns;
mod outputs;
mod rollout;
pub mod seating;
mod selfplay;
mod vec_game;

pub use columns::Columns;
pub use outputs::{
    Dtype, Mask, MaskKind, OutArrays, OutBuffers, OwnedMask, OwnedValues, SlotOut, Values, Widths,
};
pub use rollout::{rollouts, rollouts_until, Rollout, RolloutConfig, MAX_GAMES};
pub use selfplay::{
    explore, selfplay, selfplay_until, PlayedBy, Samples, SelfplayConfig, DEFAULT_GAMES_PER_THREAD,
    MAX_GAMES_PER_THREAD, MOST_CAPPED,
};
pub use vec_game::{default_max_actions, Episode, VecConfig, VecGame};

use crate::cancel::Cancel;
use rayon::prelude::*;
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::{mpsc, Arc, Mutex};

/// A pool of `threads` worker threads, or `None` to work on the caller's thread.
pub(crate) fn pool(threads: usize) -> Option<Arc<ThreadPool>> {
    if threads <= 1 {
        return None;
    }
    // Building a pool fails only if the OS refuses threads: then work on the caller's thread.
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .ok()
        .map(Arc::new)
}

/// Runs `work(item)` for every item, on `pool` when there is one and at least `min_parallel`
/// items (below that, waking the pool costs more than it saves). Items are independent, so the
/// results do not depend on the threads. Items not yet started when `cancel` stops are
/// skipped; while the pool works, the caller's thread polls `cancel` (for Ctrl-C).
pub(crate) fn parallel_each<T: Send>(
    items: &mut [T],
    pool: Option<&ThreadPool>,
    min_parallel: usize,
    cancel: &Cancel<'_>,
    work: impl Fn(&mut T) + Sync,
) {
    let work = |item: &mut T| {
        if !cancel.check() {
            work(item);
        }
    };
    match pool {
        Some(pool) if items.len() >= min_parallel.max(2) => {
            let grain = (items.len() / (pool.current_num_threads() * 8)).max(1);
            let (done, finished) = mpsc::channel();
            pool.in_place_scope(|scope| {
                scope.spawn(move |_| {
                    items.par_iter_mut().with_min_len(grain).for_each(work);
                    let _ = done.send(());
                });
                cancel.wait_polling(&finished);
            });
        }
        _ => items.iter_mut().for_each(work),
    }
}

/// Runs `work(part)` for every part, part `i` on thread `i` of `pool` (so a thread keeps the
/// same part, and its memory, from call to call), or all on the caller's thread without a
/// pool or with one part. One synchronisation per call: the caller's thread polls `cancel`
/// (for Ctrl-C) until every part is done; `work` checks `cancel` itself.
pub(crate) fn parallel_ranges<T: Send>(
    parts: Vec<T>,
    pool: Option<&ThreadPool>,
    cancel: &Cancel<'_>,
    work: impl Fn(T) + Sync,
) {
    match pool {
        Some(pool) if parts.len() > 1 => {
            let parts: Vec<Mutex<Option<T>>> =
                parts.into_iter().map(|p| Mutex::new(Some(p))).collect();
            let take = |i: usize| parts.get(i).and_then(|p| p.lock().ok()?.take());
            let (done, finished) = mpsc::channel();
            pool.in_place_scope(|scope| {
                scope.spawn(|_| {
                    rayon::broadcast(|thread| {
                        if let Some(part) = take(thread.index()) {
                            work(part);
                        }
                    });
                    let _ = done.send(());
                });
                cancel.wait_polling(&finished);
            });
        }
        _ => parts.into_iter().for_each(work),
    }
}
