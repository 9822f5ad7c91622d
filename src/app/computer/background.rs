//! The computer thinks on a worker thread so the UI thread never waits for it. A
//! background job runs on its own thread with a cancel flag; its answer comes back through
//! a channel that the UI thread polls from a timer tick (a non-blocking `try_recv`).
//! Dropping a `BackgroundJob` cancels it: the thread sees the flag, returns soon, and its
//! answer is thrown away because nobody listens any more.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;

/// The worker's stack: address space reserved, only the pages used are ever touched.
const WORKER_STACK: usize = 64 << 20;

/// Work running on its own thread (a search for the computer's move or a hint).
pub struct BackgroundJob<T> {
    cancel: Arc<AtomicBool>,
    answer: Receiver<T>,
}

/// The state of a job, seen from the UI thread.
#[derive(Debug, PartialEq, Eq)]
pub enum Poll<T> {
    Thinking,
    Done(T),
    /// The worker ended without an answer (it panicked).
    Failed,
}

impl<T: Send + 'static> BackgroundJob<T> {
    /// Runs `job` on a new thread. The job gets the cancel flag and should return soon
    /// after it is set.
    pub fn start(job: impl FnOnce(&AtomicBool) -> T + Send + 'static) -> BackgroundJob<T> {
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, answer) = mpsc::channel();
        let flag = Arc::clone(&cancel);
        std::thread::Builder::new()
            .name("mancala-search".into())
            // The exact solver recurses once per ply to the end of the game: a long
            // Oware endgame needs more than the 2 MB a spawned thread gets by default.
            .stack_size(WORKER_STACK)
            .spawn(move || {
                let result = job(&flag);
                // The receiver is gone when the search was cancelled; nothing to do then.
                let _ = sender.send(result);
            })
            .expect("the system could not start a thread for the computer player");
        BackgroundJob { cancel, answer }
    }

    /// Never blocks.
    pub fn poll(&self) -> Poll<T> {
        match self.answer.try_recv() {
            Ok(value) => Poll::Done(value),
            Err(TryRecvError::Empty) => Poll::Thinking,
            Err(TryRecvError::Disconnected) => Poll::Failed,
        }
    }
}

impl<T> Drop for BackgroundJob<T> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn wait<T: Send + 'static>(job: &BackgroundJob<T>) -> Poll<T> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match job.poll() {
                Poll::Thinking if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1))
                }
                other => return other,
            }
        }
    }

    #[test]
    fn the_answer_arrives_through_poll() {
        let search = BackgroundJob::start(|_| 42u8);
        assert_eq!(wait(&search), Poll::Done(42));
    }

    #[test]
    fn cancel_reaches_the_worker() {
        let (tx, rx) = mpsc::channel();
        let search = BackgroundJob::start(move |cancel: &AtomicBool| {
            while !cancel.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            tx.send("stopped").unwrap();
            0u8
        });
        assert_eq!(search.poll(), Poll::Thinking);
        drop(search);
        assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok("stopped"));
    }

    #[test]
    fn a_panicking_worker_is_reported_not_waited_for() {
        let search: BackgroundJob<u8> = BackgroundJob::start(|_| panic!("search bug"));
        assert_eq!(wait(&search), Poll::Failed);
    }
}
