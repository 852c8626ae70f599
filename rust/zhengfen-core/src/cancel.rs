//! Stopping long work from outside: the cancellation hook of the batch loops (rollouts,
//! `VecGame` steps) and of the search agent.
//!
//! A [`Cancel`] is a flag the loops read at every decision (one relaxed atomic load). It may
//! carry a *poll* function, called only on the thread that made the `Cancel` (the caller's)
//! and at most every [`POLL_INTERVAL`]: the Python binding polls for Ctrl-C there
//! (`Python::check_signals` needs the caller's thread). When the caller's thread only waits
//! for worker threads, [`Cancel::wait_polling`] polls while it waits. The core never depends
//! on Python: a poll is any `Fn() -> bool` (true: stop).

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::thread::{self, ThreadId};
use std::time::{Duration, Instant};

/// How often the poll runs at most (and how long a Ctrl-C waits at most, beyond the decision
/// or search playout under way).
pub const POLL_INTERVAL: Duration = Duration::from_millis(50);

/// Checks between two looks at the clock (a decision takes some microseconds).
const CHECKS_PER_CLOCK: u32 = 64;

/// A poll: returns true when the work should stop.
pub type Poll<'a> = &'a (dyn Fn() -> bool + Sync);

/// The cancellation hook (see the module documentation).
///
/// ```
/// use zhengfen_core::cancel::Cancel;
/// let never = Cancel::never();
/// assert!(!never.check());
/// never.cancel();
/// assert!(never.check() && never.is_cancelled());
/// let stop = || true;
/// let polled = Cancel::polling(&stop);
/// assert!(polled.poll_now() && polled.is_cancelled());
/// ```
pub struct Cancel<'a> {
    stopped: AtomicBool,
    poll: Option<Poll<'a>>,
    owner: ThreadId,
    start: Instant,
    /// Nanoseconds after `start` of the last poll.
    last_poll: AtomicU64,
}

thread_local! {
    /// Checks made on this thread since it last looked at the clock.
    static CHECKS: Cell<u32> = const { Cell::new(0) };
}

impl Cancel<'static> {
    /// A hook that stops only when [`Cancel::cancel`] is called.
    pub fn never() -> Cancel<'static> {
        Cancel::with(None)
    }
}

impl<'a> Cancel<'a> {
    /// A hook that also stops when `poll` returns true; `poll` runs on this thread only.
    pub fn polling(poll: Poll<'a>) -> Cancel<'a> {
        Cancel::with(Some(poll))
    }

    fn with(poll: Option<Poll<'a>>) -> Cancel<'a> {
        Cancel {
            stopped: AtomicBool::new(false),
            poll,
            owner: thread::current().id(),
            start: Instant::now(),
            last_poll: AtomicU64::new(0),
        }
    }

    /// Asks the work to stop.
    pub fn cancel(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// Whether the work was asked to stop (does not poll).
    pub fn is_cancelled(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Whether the work should stop: the flag, and on the caller's thread the poll when
    /// [`POLL_INTERVAL`] has passed since the last one. Cheap enough for every decision.
    pub fn check(&self) -> bool {
        if self.is_cancelled() {
            return true;
        }
        if self.poll.is_none() {
            return false;
        }
        let due = CHECKS.with(|checks| {
            let n = checks.get() + 1;
            checks.set(n % CHECKS_PER_CLOCK);
            n == CHECKS_PER_CLOCK
        });
        if due && thread::current().id() == self.owner && self.interval_passed() {
            return self.poll_now();
        }
        false
    }

    /// Runs the poll now (on any thread; the caller's thread is the one that can see
    /// Ctrl-C) and returns whether the work should stop.
    pub fn poll_now(&self) -> bool {
        self.last_poll.store(self.elapsed(), Ordering::Relaxed);
        if let Some(poll) = self.poll {
            if poll() {
                self.cancel();
            }
        }
        self.is_cancelled()
    }

    /// Waits for `done` to say the work has ended, polling every [`POLL_INTERVAL`] meanwhile
    /// (for the caller's thread while worker threads do the work).
    pub fn wait_polling(&self, done: &Receiver<()>) {
        loop {
            match done.recv_timeout(POLL_INTERVAL) {
                Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
                Err(RecvTimeoutError::Timeout) => {
                    self.poll_now();
                }
            }
        }
    }

    fn elapsed(&self) -> u64 {
        u64::try_from(self.start.elapsed().as_nanos()).unwrap_or(u64::MAX)
    }

    fn interval_passed(&self) -> bool {
        let since = self
            .elapsed()
            .saturating_sub(self.last_poll.load(Ordering::Relaxed));
        since >= POLL_INTERVAL.as_nanos() as u64
    }
}

impl Default for Cancel<'static> {
    fn default() -> Self {
        Cancel::never()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    #[test]
    fn the_poll_runs_on_the_owner_thread_at_a_coarse_interval() {
        let polls = AtomicU32::new(0);
        let poll = || {
            polls.fetch_add(1, Ordering::Relaxed);
            false
        };
        let cancel = Cancel::polling(&poll);
        let start = Instant::now();
        while start.elapsed() < POLL_INTERVAL * 3 {
            assert!(!cancel.check());
        }
        let n = polls.load(Ordering::Relaxed);
        assert!((1..=4).contains(&n), "{n} polls in three intervals");
        // Another thread's checks never poll.
        thread::scope(|s| {
            s.spawn(|| {
                let start = Instant::now();
                while start.elapsed() < POLL_INTERVAL * 2 {
                    assert!(!cancel.check());
                }
            });
        });
        assert_eq!(polls.load(Ordering::Relaxed), n);
    }

    #[test]
    fn a_poll_that_says_stop_stops_every_thread() {
        let poll = || true;
        let cancel = Cancel::polling(&poll);
        let start = Instant::now();
        while !cancel.check() {
            assert!(start.elapsed() < POLL_INTERVAL * 4, "the poll never ran");
        }
        thread::scope(|s| {
            s.spawn(|| assert!(cancel.check()));
        });
    }
}
