//! Files read in blocks on several threads, with the results handed back in
//! input order: the pipeline of `validate` and `convert`.
//!
//! Each worker reads its next block itself (under the lock of the shared
//! reader) into the buffer of its last one, and works on it on the same core:
//! no page fault for new buffers, no block handed from one core's cache to
//! another's, the reading shared out as the work is. The worker that hands in
//! the block whose turn it is passes it on (and the ones after it that are
//! ready); the calling thread only waits. A reading thread and a reporting one
//! cost a fixed few milliseconds a run that two separate processes did not pay;
//! the calling thread working too was slower still (measured). Workers read at
//! most `4 × jobs` blocks ahead of what was passed on, and each block is
//! sized so that what working on it gives (the reports of its games, its
//! converted text) stays near [`RESULT_BYTES`]: memory is bounded whatever
//! the games (a block of 256 KiB of `*` games gives 128 Ki reports).
//! They take the two locks without going to sleep (see `lock`): a worker woken
//! by the other is moved onto the waker's core by the scheduler.

use std::collections::HashMap;
use std::io::{self, Read};
use std::sync::{Condvar, Mutex, MutexGuard, TryLockError};

use scoresheet_notation::pgn::{Block, BlockReader, GameReader, ResumePoint};

use crate::input::Input;

/// Blocks are about this large: a block and what working on it touches stay in
/// a core's cache (256 KiB measured 2-3 % faster than 512 KiB on games of one
/// line of moves, the same on others), and cutting them costs nothing.
const BLOCK_BYTES: usize = 256 << 10;

/// Blocks shrink to this size at the end of a parallel run, so that the cores
/// finish together (a block of 256 KiB is about half a millisecond of work).
const LAST_BLOCK_BYTES: usize = 64 << 10;

/// A block grows to this size at most while no line in it ends with a result;
/// past it, the rest of the file is split by the streaming reader.
const MAX_BLOCK_BYTES: usize = 1 << 20;

/// About the most bytes the result of one block ([`Weigh`]) may hold: blocks
/// shrink where the games are so small that their reports outweigh their
/// text (the games of real files give results far under this from full
/// blocks).
pub const RESULT_BYTES: usize = 2 << 20;

/// The size of the blocks read before any result says what a byte of the
/// input gives, and the least a block shrinks to for its results.
const FIRST_BLOCK_BYTES: usize = 16 << 10;

/// What the result of working on a block holds in memory, in bytes (about):
/// what sizes the blocks so that results in flight stay bounded.
pub trait Weigh {
    /// The bytes held.
    fn weight(&self) -> usize;
}

/// The result ratio (bytes of result per byte of input) after a block whose
/// result weighed `seen` per byte, `before` the ratio till then: it rises at
/// once and falls by half a block, so that a run of heavier games is sized for
/// from its first block on.
#[must_use]
pub fn next_ratio(before: Option<f64>, seen: f64) -> f64 {
    before.map_or(seen, |r| seen.max(r / 2.0))
}

/// The size of the next block: `want`, shrunk so that its result stays near
/// [`RESULT_BYTES`] at `ratio` (small before any block was weighed).
#[must_use]
pub fn sized_for_results(want: usize, ratio: Option<f64>) -> usize {
    // (A conversion of a float too large for `usize` saturates.)
    let by_results = ratio.map_or(FIRST_BLOCK_BYTES, |r| (RESULT_BYTES as f64 / r) as usize);
    want.min(by_results.max(FIRST_BLOCK_BYTES))
}

/// The block size and its maximum: [`BLOCK_BYTES`] and [`MAX_BLOCK_BYTES`], or
/// for tests `SCORESHEET_BLOCK_BYTES` (tiny blocks put cuts everywhere, inside
/// games too, and nothing reported may change).
pub fn block_sizes() -> (usize, usize) {
    match env_block_bytes() {
        Ok(Some(n)) => (n, n.saturating_mul(4)),
        Ok(None) | Err(_) => (BLOCK_BYTES, MAX_BLOCK_BYTES),
    }
}

/// The largest `SCORESHEET_BLOCK_BYTES` taken (64 MiB; blocks grow to 4 times it).
const MAX_ENV_BLOCK_BYTES: usize = 64 << 20;

/// `SCORESHEET_BLOCK_BYTES`, when set.
///
/// # Errors
/// `InvalidInput` when it is set but not a number from 1 to 64 MiB: a usage
/// error, said before anything is read.
pub fn env_block_bytes() -> io::Result<Option<usize>> {
    let Some(value) = std::env::var_os("SCORESHEET_BLOCK_BYTES") else {
        return Ok(None);
    };
    value
        .to_str()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|n| (1..=MAX_ENV_BLOCK_BYTES).contains(n))
        .map(Some)
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "SCORESHEET_BLOCK_BYTES={}: not a number of bytes from 1 to {MAX_ENV_BLOCK_BYTES}",
                    value.to_string_lossy()
                ),
            )
        })
}

/// The bytes of all the inputs, when all are files read as they are (not
/// compressed by their name, not standard input or pipes).
pub fn plain_bytes(inputs: &[Input]) -> Option<u64> {
    inputs
        .iter()
        .map(|i| match i {
            Input::Path(p) if !is_compressed_name(p) => i.len(),
            _ => None,
        })
        .sum()
}

/// Whether a file's name says it is compressed (its size on disk is then not
/// the size of its text).
fn is_compressed_name(p: &std::path::Path) -> bool {
    let name = p.to_string_lossy();
    [".zst", ".gz", ".bz2"]
        .iter()
        .any(|end| name.ends_with(end))
}

/// The games of an input from `at`, where a block was cut inside a game (see
/// [`scoresheet_notation::pgn::BlockEnd::Unfinished`]): input `i`'s text from
/// there, read again from the file the run opened (never from its path), split
/// by the streaming reader.
///
/// # Errors
/// The input cannot be read.
pub fn resume(
    progress: &crate::progress::Progress,
    i: usize,
    at: ResumePoint,
) -> io::Result<GameReader<Box<dyn Read + Send>>> {
    Ok(GameReader::resume(progress.resume(i, at.offset)?, at))
}

/// How an input opens for the workers.
pub enum Opened {
    /// Its bytes, to read in blocks.
    Blocks(Box<dyn Read + Send>),
    /// It is not read in blocks: whoever takes the results reads it, in its turn.
    Apart,
}

/// What the workers hand on, in input order.
pub enum Item<R> {
    /// A block of input `file`, worked on: whether it starts the file, its size.
    Block {
        file: usize,
        first: bool,
        len: usize,
        result: R,
    },
    /// Input `file` is to be read apart, here.
    Apart(usize),
    /// Input `file` could not be opened, or could not be read on from here (its
    /// blocks before came first): the next input follows.
    Failed(usize, io::Error),
}

/// Reads `inputs` in blocks on `jobs` worker threads (`open` opening each,
/// given its index), each block given to `work` with its input's index, and hands every result to `take` in input
/// order, on whichever worker's turn it is. An input that `open` sets apart
/// comes to `take` in its place, as does an input that fails to open or read
/// (the run goes on with the next input). The first error of `take` stops the
/// run and is returned.
pub fn run<R: Send + Weigh>(
    inputs: &[Input],
    jobs: usize,
    open: impl Fn(usize, &Input) -> io::Result<Opened> + Sync,
    work: impl Fn(usize, &Block) -> R + Sync,
    take: impl FnMut(Item<R>) -> io::Result<()> + Send,
) -> io::Result<()> {
    let feed = Feed::new(inputs, jobs as u64);
    let turns = Mutex::new(Turns {
        take,
        ready: HashMap::new(),
        next: 0,
        failed: None,
    });
    let worker = || {
        let mut spare = Some(touched_buffer(feed.sizes.0));
        let mut weighed = None;
        while let Some((n, item)) = feed.next(&mut spare, &mut weighed, &open, &work) {
            let Some(mut turns) = lock(&turns) else {
                return;
            };
            if !turns.hand_in(n, item, &feed) {
                return;
            }
        }
    };
    std::thread::scope(|threads| {
        for _ in 0..jobs.max(1) {
            threads.spawn(worker);
        }
    });
    let turns = turns
        .into_inner()
        .map_err(|_| io::Error::other("a worker stopped"))?;
    turns.failed.map_or(Ok(()), Err)
}

/// Takes `mutex` without going to sleep (`None` if a worker panicked holding it).
///
/// A worker that sleeps on a lock is woken by the other when it lets go, and
/// the scheduler then puts it on the waker's core (its wake-affine placement):
/// both workers share one core until the load balancer parts them, a
/// millisecond or more later (seen with `perf sched` on this project's VM, in
/// about half of the short runs). The reading lock is held for a block's read,
/// some 40 microseconds, longer than a mutex spins before it sleeps. With no more
/// workers than cores the holder is running and lets go soon; with more,
/// yielding lets it run. A lock held much longer (results written to a pipe
/// nobody reads yet) is waited for asleep, not with a core kept busy.
fn lock<T>(mutex: &Mutex<T>) -> Option<MutexGuard<'_, T>> {
    const SPIN: std::time::Duration = std::time::Duration::from_micros(200);
    let mut since = None;
    loop {
        match mutex.try_lock() {
            Ok(guard) => return Some(guard),
            Err(TryLockError::Poisoned(_)) => return None,
            Err(TryLockError::WouldBlock) => {
                let start = *since.get_or_insert_with(std::time::Instant::now);
                if start.elapsed() > SPIN {
                    return mutex.lock().ok();
                }
                std::thread::yield_now();
            }
        }
    }
}

/// A buffer for a worker's first block, its pages touched by the worker itself:
/// the kernel's page faults for it then come outside the reading lock, on every
/// core at once, not one worker after the other under the lock at the start of
/// a run (the second worker waited about 0.8 ms for the first's first block).
fn touched_buffer(size: usize) -> Vec<u8> {
    // A zeroed allocation this large is pages the kernel has not handed out yet:
    // a byte written in each makes it do so now. (What the buffer holds does not
    // matter: the reader reads over it.)
    let mut bytes = vec![0; size + 1];
    for page in bytes.chunks_mut(4096) {
        page[0] = 1;
    }
    bytes
}

/// The results of a run, passed on in turn by whichever worker hands in the
/// block whose turn it is.
struct Turns<R, T> {
    take: T,
    /// Results ahead of their turn, by number.
    ready: HashMap<u64, Item<R>>,
    /// The number whose turn it is.
    next: u64,
    /// What stopped the run.
    failed: Option<io::Error>,
}

impl<R, T: FnMut(Item<R>) -> io::Result<()>> Turns<R, T> {
    /// Takes result `n`, and passes it on with the ones after it that are
    /// ready, if its turn has come; whether the run goes on (after a failure,
    /// the feed is stopped and nothing more is passed on).
    fn hand_in(&mut self, n: u64, item: Item<R>, feed: &Feed<'_>) -> bool {
        if self.failed.is_some() {
            return false;
        }
        self.ready.insert(n, item);
        while let Some(item) = self.ready.remove(&self.next) {
            self.next += 1;
            if let Err(e) = (self.take)(item) {
                self.failed = Some(e);
                feed.stop();
                return false;
            }
            feed.reported(self.next);
        }
        true
    }
}

/// The inputs of a run, read block by block by the workers.
struct Feed<'a> {
    inputs: &'a [Input],
    jobs: u64,
    /// How far the workers may read ahead of what was passed on, in blocks.
    window: u64,
    sizes: (usize, usize),
    state: Mutex<FeedState>,
    /// Signalled when the results move on or the run stops.
    moved: Condvar,
}

/// Where the reading of a run stands.
#[derive(Default)]
struct FeedState {
    /// The next input to open.
    next_input: usize,
    /// The input being read, and its reader.
    blocks: Option<(usize, BlockReader<Box<dyn Read + Send>>)>,
    /// The next number to give out.
    seq: u64,
    /// Numbers passed on so far.
    reported: u64,
    stopped: bool,
    /// Bytes not yet read, when known.
    left: Option<u64>,
    /// Bytes of result per byte of input, as the last results weighed
    /// (rising at once, falling by half a block); `None` before any.
    result_ratio: Option<f64>,
}

/// What a worker takes from the feed: a block of an input to work on, or an
/// input set apart or failed, passed on as it is.
enum Taken {
    Block(usize, Block),
    Apart(usize),
    Failed(usize, io::Error),
}

impl<'a> Feed<'a> {
    /// The feed of `jobs` workers.
    fn new(inputs: &'a [Input], jobs: u64) -> Feed<'a> {
        Feed {
            inputs,
            jobs: jobs.max(1),
            window: jobs.max(1) * 4,
            sizes: block_sizes(),
            state: Mutex::new(FeedState {
                left: plain_bytes(inputs),
                ..FeedState::default()
            }),
            moved: Condvar::new(),
        }
    }

    /// The next result to hand in, numbered: a block read (into `spare`, the
    /// buffer of the worker's last block, when there is one) and worked on, or
    /// what is passed on as it is; `None` when the inputs are all read or the
    /// run stopped. Waits while the worker is too far ahead.
    /// `weighed` is the result ratio of the worker's last block, passed to
    /// the feed with this call.
    fn next<R: Weigh>(
        &self,
        spare: &mut Option<Vec<u8>>,
        weighed: &mut Option<f64>,
        open: &impl Fn(usize, &Input) -> io::Result<Opened>,
        work: &impl Fn(usize, &Block) -> R,
    ) -> Option<(u64, Item<R>)> {
        let (n, taken) = self.take(spare, weighed.take(), open)?;
        Some((
            n,
            match taken {
                Taken::Block(file, block) => {
                    let result = work(file, &block);
                    let (first, len) = (block.first, block.bytes.len());
                    if len > 0 {
                        *weighed = Some(result.weight() as f64 / len as f64);
                    }
                    *spare = Some(block.bytes);
                    Item::Block {
                        file,
                        first,
                        len,
                        result,
                    }
                }
                Taken::Apart(i) => Item::Apart(i),
                Taken::Failed(i, e) => Item::Failed(i, e),
            },
        ))
    }

    /// The next block or item, numbered, under the lock.
    fn take(
        &self,
        spare: &mut Option<Vec<u8>>,
        weighed: Option<f64>,
        open: &impl Fn(usize, &Input) -> io::Result<Opened>,
    ) -> Option<(u64, Taken)> {
        let mut guard = lock(&self.state)?;
        if let Some(ratio) = weighed {
            guard.result_ratio = Some(next_ratio(guard.result_ratio, ratio));
        }
        while !guard.stopped && guard.seq >= guard.reported + self.window {
            guard = self.moved.wait(guard).ok()?;
        }
        let st = &mut *guard;
        loop {
            if st.stopped {
                return None;
            }
            let seq = st.seq;
            let Some((file, blocks)) = st.blocks.as_mut() else {
                let i = st.next_input;
                let input = self.inputs.get(i)?;
                st.next_input += 1;
                match open(i, input) {
                    Ok(Opened::Blocks(r)) => {
                        st.blocks = Some((i, BlockReader::new(r, self.sizes.0, self.sizes.1)));
                    }
                    Ok(Opened::Apart) => {
                        st.seq += 1;
                        return Some((seq, Taken::Apart(i)));
                    }
                    Err(e) => {
                        // One input that fails never stops the others.
                        st.seq += 1;
                        return Some((seq, Taken::Failed(i, e)));
                    }
                }
                continue;
            };
            let file = *file;
            if let Some(bytes) = spare.take() {
                blocks.reuse(bytes);
            }
            let (size, _) = self.sizes;
            let mut want = size;
            if let Some(left) = st.left {
                // Near the end, smaller blocks: a few per worker of what is left.
                let share = usize::try_from(left / (2 * self.jobs)).unwrap_or(usize::MAX);
                want = share.clamp(LAST_BLOCK_BYTES.min(size), size);
            }
            blocks.set_size(sized_for_results(want, st.result_ratio));
            match blocks.next() {
                Some(Ok(block)) => {
                    st.left = st.left.map(|l| l.saturating_sub(block.bytes.len() as u64));
                    if block.last {
                        st.blocks = None;
                    }
                    st.seq += 1;
                    return Some((seq, Taken::Block(file, block)));
                }
                Some(Err(e)) => {
                    // The rest of this input is lost; the next one is read.
                    st.blocks = None;
                    st.seq += 1;
                    return Some((seq, Taken::Failed(file, e)));
                }
                None => st.blocks = None,
            }
        }
    }

    /// The results passed on reached number `n`: workers waiting may read on.
    fn reported(&self, n: u64) {
        if let Some(mut st) = lock(&self.state) {
            st.reported = n;
        }
        self.moved.notify_all();
    }

    fn stop(&self) {
        if let Some(mut st) = lock(&self.state) {
            st.stopped = true;
        }
        self.moved.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn lock_waits_for_a_holder_past_the_spin_then_takes_the_lock() {
        let mutex = Mutex::new(0);
        let shared = &mutex;
        std::thread::scope(|s| {
            let held = lock(shared).unwrap();
            let (tx, rx) = std::sync::mpsc::channel();
            let waiter = s.spawn(move || {
                tx.send(()).unwrap();
                *lock(shared).unwrap() += 1;
            });
            rx.recv().unwrap();
            // Held well past the spin, so the waiter goes to sleep on the mutex.
            std::thread::sleep(Duration::from_millis(20));
            drop(held);
            waiter.join().unwrap();
        });
        assert_eq!(*lock(&mutex).unwrap(), 1);
    }

    #[test]
    fn lock_on_a_poisoned_mutex_gives_none() {
        let mutex = Mutex::new(0);
        let _ = std::thread::scope(|s| {
            s.spawn(|| {
                let _guard = mutex.lock().unwrap();
                panic!("a worker panics holding the lock");
            })
            .join()
        });
        assert!(lock(&mutex).is_none());
    }
}
