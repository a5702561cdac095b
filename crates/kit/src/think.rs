//! One way for a computer player to think: its search runs in slices between
//! animation frames, and a scheduler decides when the move is played.
//!
//! A game hands the scheduler ([`Thinker`]) a search that implements
//! [`Think`], then calls [`Thinker::tick`] once a frame with the page's clock.
//! The scheduler sizes each slice to the time the last one took (where the
//! platform gives it a clock to time its work by, [`Thinker::timed`]; else
//! to the frame rate), waits a short delay so a
//! person can follow the move, and — whatever the search does — always ends
//! with the search's best move within [`MAX_TICKS`] ticks: a search that
//! never reports [`Progress::Done`] (a forced move it skips, a budget already
//! spent, a clock that does not advance) cannot stall the game.

/// What a slice of search reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// More search would still improve the answer.
    Working,
    /// The answer is final: more search would not change it.
    Done,
}

/// A computer player's search for one move, run in slices.
pub trait Think {
    /// The move it chooses.
    type Move: Copy;

    /// Searches about `work` more units (playouts, positions), then returns.
    fn step(&mut self, work: u32) -> Progress;

    /// Searches about `work` more units within `slice`: a search whose
    /// units vary in cost checks [`Slice::overrun`] now and then and stops
    /// early. By default the same as [`Think::step`].
    fn step_within(&mut self, work: u32, slice: Slice) -> Progress {
        let _ = slice;
        self.step(work)
    }

    /// The best move found so far. `None` only when the player has no move at
    /// all; a search must have an answer before its first step.
    fn best(&self) -> Option<Self::Move>;
}

/// A search with nothing to search: the move is already known (a forced
/// move, or a level that decides at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ready<M>(pub Option<M>);

impl<M: Copy> Think for Ready<M> {
    type Move = M;

    fn step(&mut self, _work: u32) -> Progress {
        Progress::Done
    }

    fn best(&self) -> Option<M> {
        self.0
    }
}

/// How a computer paces its thinking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// Work units in the first slice; later slices follow the frame rate.
    pub first_slice: u32,
    /// The most work units in one slice.
    pub max_slice: u32,
    /// Milliseconds before the move is played, however quickly it was found,
    /// so a person can follow it.
    pub delay_ms: f64,
    /// Milliseconds after which the search's best so far is played.
    pub max_ms: f64,
}

/// Ticks after which a computer plays its best move whatever its search or
/// the clock says: ten seconds at sixty frames a second.
pub const MAX_TICKS: u32 = 600;

/// Frames slower than this shrink the next slice.
const SLOW_FRAME_MS: f64 = 40.0;
/// Frames faster than this grow the next slice.
const FAST_FRAME_MS: f64 = 25.0;
/// Slices that took longer than this shrink the next one (with a work clock).
const SLOW_WORK_MS: f64 = 20.0;
/// Slices that took less than this grow the next one (with a work clock).
const FAST_WORK_MS: f64 = 10.0;

/// The longest a slice may run by the work clock before a search that
/// watches it ([`Slice::overrun`]) stops early: a slice whose positions turn
/// out far dearer than the last slice's still ends within a frame.
pub const SLICE_CAP_MS: f64 = 30.0;

/// A clock to time work by: milliseconds, monotonic (the page's
/// `performance.now`).
pub type WorkClock = fn() -> f64;

/// A [`WorkClock`] off the web: milliseconds since its first reading, by
/// the system's monotonic clock (what `performance.now` is to the page).
/// Not on wasm32, where the page passes its own.
#[cfg(not(target_arch = "wasm32"))]
pub fn native_clock() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
        * 1000.0
}

/// The time one slice of work has, by the work clock.
#[derive(Clone, Copy, Debug)]
pub struct Slice {
    clock: Option<WorkClock>,
    end: f64,
}

impl Default for Slice {
    fn default() -> Slice {
        Slice::UNTIMED
    }
}

impl Slice {
    /// A slice without a clock: it never runs over, so native runs and
    /// searches that count their work stay deterministic.
    pub const UNTIMED: Slice = Slice {
        clock: None,
        end: f64::INFINITY,
    };

    /// A slice that ends when `clock` passes `end_ms`: for driving a
    /// search by hand (the [`Thinker`] makes its own).
    pub fn ending(clock: WorkClock, end_ms: f64) -> Slice {
        Slice {
            clock: Some(clock),
            end: end_ms,
        }
    }

    /// Whether the slice has run past its time by the work clock. Never
    /// without a clock.
    pub fn overrun(&self) -> bool {
        self.clock.is_some_and(|c| c() > self.end)
    }
}

/// What a tick of thinking came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn<M> {
    /// Still thinking (or waiting out the delay): tick again next frame.
    Thinking,
    /// Play this move now.
    Play(M),
    /// The player has no move at all.
    NoMove,
}

/// The scheduler: one computer's thinking about one move.
#[derive(Clone, Debug)]
pub struct Thinker<T> {
    search: T,
    pace: Pace,
    slice: u32,
    started: Option<f64>,
    last: Option<f64>,
    ticks: u32,
    settled: bool,
    hurried: bool,
    /// How long the last slice took by the work clock, if there is one.
    work_ms: Option<f64>,
    /// The clock each slice is timed by, if the platform has one.
    clock: Option<WorkClock>,
}

impl<T: Think> Thinker<T> {
    /// Starts thinking with `search`, paced by `pace`.
    pub fn new(search: T, pace: Pace) -> Self {
        Thinker {
            search,
            slice: pace.first_slice.clamp(1, pace.max_slice.max(1)),
            pace,
            started: None,
            last: None,
            ticks: 0,
            settled: false,
            hurried: false,
            work_ms: None,
            clock: None,
        }
    }

    /// Times each slice by `clock` (milliseconds, monotonic). Sized by the
    /// time between frames alone, slices shrink to nothing where frames are
    /// slow for other reasons (drawing on a slow device, a browser that
    /// paces frames at 20 a second): the search would starve. Timed, each
    /// slice takes 10 to 20 ms of work, whatever the frames do, and ends
    /// within [`SLICE_CAP_MS`] for a search that watches its [`Slice`]. The
    /// page gives its clock; natively there is none, so slices follow the
    /// `now` each tick is given and tests stay deterministic.
    pub fn timed(mut self, clock: Option<WorkClock>) -> Self {
        self.clock = clock;
        self
    }

    /// The search, for progress reports.
    pub fn search(&self) -> &T {
        &self.search
    }

    /// Whether the search has settled on its answer (it only waits out the delay).
    pub fn settled(&self) -> bool {
        self.settled
    }

    /// Stops searching: the best move so far is played on the next tick
    /// (after one slice, if the search has not had one yet).
    pub fn hurry(&mut self) {
        self.hurried = true;
        self.pace.delay_ms = 0.0;
    }

    /// The next slice's size from the time the last slice took, or without
    /// a work clock from the time between the last two frames: smaller when
    /// it was long, larger when it was short, so a slow machine never sees
    /// long frames and a fast one thinks quickly.
    fn next_slice(&self, frame_ms: f64) -> u32 {
        let s = self.slice;
        let (took, slow, fast) = match self.work_ms {
            Some(ms) => (ms, SLOW_WORK_MS, FAST_WORK_MS),
            // A clock that did not move says nothing about the frame rate.
            None if frame_ms <= 0.0 => return s,
            None => (frame_ms, SLOW_FRAME_MS, FAST_FRAME_MS),
        };
        let next = if took < 0.0 {
            s
        } else if took > slow {
            s * 2 / 3
        } else if took < fast {
            s.saturating_add(s / 4 + 1)
        } else {
            s
        };
        next.clamp(1, self.pace.max_slice.max(1))
    }

    /// One frame of thinking at `now_ms` (a monotonic clock).
    pub fn tick(&mut self, now_ms: f64) -> Turn<T::Move> {
        self.ticks = self.ticks.saturating_add(1);
        let started = *self.started.get_or_insert(now_ms);
        let elapsed = now_ms - started;
        let out_of_ticks = self.ticks >= MAX_TICKS;
        if !self.settled {
            if let Some(last) = self.last {
                self.slice = self.next_slice(now_ms - last);
            }
            self.last = Some(now_ms);
            let began = self.clock.map(|c| c());
            let slice = Slice {
                clock: self.clock,
                end: began.map_or(f64::INFINITY, |b| b + SLICE_CAP_MS),
            };
            let progress = self.search.step_within(self.slice, slice);
            self.work_ms = self.clock.zip(began).map(|(c, b)| c() - b);
            self.settled = progress == Progress::Done
                || elapsed >= self.pace.max_ms
                || out_of_ticks
                || self.hurried;
        }
        if self.settled && (elapsed >= self.pace.delay_ms || out_of_ticks) {
            return match self.search.best() {
                Some(mv) => Turn::Play(mv),
                None => Turn::NoMove,
            };
        }
        Turn::Thinking
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search that counts its work and never says it is done, unless told.
    #[derive(Clone, Debug)]
    struct Counter {
        work: u64,
        done_after: Option<u64>,
        answer: Option<u8>,
    }

    impl Think for Counter {
        type Move = u8;
        fn step(&mut self, work: u32) -> Progress {
            self.work += u64::from(work);
            match self.done_after {
                Some(n) if self.work >= n => Progress::Done,
                _ => Progress::Working,
            }
        }
        fn best(&self) -> Option<u8> {
            self.answer
        }
    }

    const PACE: Pace = Pace {
        first_slice: 10,
        max_slice: 1_000,
        delay_ms: 400.0,
        max_ms: 2_000.0,
    };

    fn counter(done_after: Option<u64>) -> Counter {
        Counter {
            work: 0,
            done_after,
            answer: Some(7),
        }
    }

    /// Ticks at `frame_ms` a frame until a turn other than Thinking; returns it and the ticks.
    fn run<T: Think>(t: &mut Thinker<T>, frame_ms: f64) -> (Turn<T::Move>, u32) {
        let mut now = 1_000.0;
        for n in 1..=MAX_TICKS + 1 {
            match t.tick(now) {
                Turn::Thinking => now += frame_ms,
                turn => return (turn, n),
            }
        }
        panic!("no move within {MAX_TICKS} ticks");
    }

    #[test]
    fn a_ready_move_waits_out_the_delay_and_no_longer() {
        let mut t = Thinker::new(Ready(Some(3u8)), PACE);
        let (turn, ticks) = run(&mut t, 16.0);
        assert_eq!(turn, Turn::Play(3));
        assert_eq!(ticks, 26, "400 ms at 16 ms a frame");
    }

    #[test]
    fn no_move_at_all_is_reported_not_waited_on() {
        let mut t = Thinker::new(Ready::<u8>(None), PACE);
        assert_eq!(run(&mut t, 16.0).0, Turn::NoMove);
    }

    #[test]
    fn a_search_that_never_finishes_plays_at_its_time_limit() {
        let mut t = Thinker::new(counter(None), PACE);
        let (turn, ticks) = run(&mut t, 20.0);
        assert_eq!(turn, Turn::Play(7));
        assert_eq!(ticks, 101, "2,000 ms at 20 ms a frame");
    }

    #[test]
    fn a_frozen_clock_still_ends_in_a_move_within_the_tick_bound() {
        for search in [counter(None), counter(Some(50))] {
            let mut t = Thinker::new(search, PACE);
            let (turn, ticks) = run(&mut t, 0.0);
            assert_eq!(turn, Turn::Play(7));
            assert_eq!(ticks, MAX_TICKS);
        }
    }

    #[test]
    fn slices_grow_on_fast_frames_and_shrink_on_slow_ones() {
        let mut fast = Thinker::new(counter(None), PACE);
        for i in 0..20 {
            fast.tick(f64::from(i) * 10.0);
        }
        assert!(fast.slice > PACE.first_slice, "{}", fast.slice);
        assert!(fast.slice <= PACE.max_slice);
        let mut slow = Thinker::new(counter(None), PACE);
        slow.slice = 500;
        slow.tick(0.0);
        slow.tick(100.0);
        assert!(slow.slice < 500, "{}", slow.slice);
        for i in 2..40 {
            slow.tick(f64::from(i) * 100.0);
        }
        assert_eq!(slow.slice, 1, "never below one unit");
    }

    std::thread_local! {
        /// The fake work clock: each unit of work costs a tenth of a millisecond.
        static SPENT: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
    }

    /// A search whose work advances the fake clock.
    #[derive(Clone, Debug)]
    struct Timed;

    impl Think for Timed {
        type Move = u8;
        fn step(&mut self, work: u32) -> Progress {
            SPENT.with(|t| t.set(t.get() + f64::from(work) * 0.1));
            Progress::Working
        }
        fn best(&self) -> Option<u8> {
            Some(1)
        }
    }

    #[test]
    fn with_a_work_clock_slices_take_ten_to_twenty_ms_whatever_the_frames() {
        let mut t = Thinker::new(Timed, PACE).timed(Some(|| SPENT.with(std::cell::Cell::get)));
        // Frames 100 ms apart would shrink the slice to one unit without the clock.
        for i in 0..60 {
            t.tick(f64::from(i) * 100.0);
        }
        // A unit costs 0.1 ms, so 10 to 20 ms of work is 100 to 200 units.
        assert!((100..=200).contains(&t.slice), "{}", t.slice);
    }

    /// A search whose units cost a millisecond each of the fake clock, and
    /// which stops when its slice runs over.
    #[derive(Clone, Debug)]
    struct Watcher {
        done: u32,
    }

    impl Think for Watcher {
        type Move = u8;
        fn step(&mut self, work: u32) -> Progress {
            self.step_within(work, Slice::UNTIMED)
        }
        fn step_within(&mut self, work: u32, slice: Slice) -> Progress {
            for _ in 0..work {
                SPENT.with(|t| t.set(t.get() + 1.0));
                self.done += 1;
                if slice.overrun() {
                    break;
                }
            }
            Progress::Working
        }
        fn best(&self) -> Option<u8> {
            Some(1)
        }
    }

    #[test]
    fn a_search_that_watches_the_clock_ends_its_slice_on_time() {
        assert!(!Slice::UNTIMED.overrun(), "no clock, no overrun");
        let mut t = Thinker::new(Watcher { done: 0 }, PACE)
            .timed(Some(|| SPENT.with(std::cell::Cell::get)));
        t.slice = 1_000;
        t.tick(0.0);
        // 1,000 units asked, each a millisecond: the slice stops just past 30 ms.
        assert_eq!(t.search().done, 31);
    }

    #[test]
    fn hurry_plays_the_best_so_far_on_the_next_tick() {
        let mut t = Thinker::new(counter(None), PACE);
        assert_eq!(t.tick(0.0), Turn::Thinking);
        t.hurry();
        assert_eq!(t.tick(1.0), Turn::Play(7));
        let mut fresh = Thinker::new(counter(None), PACE);
        fresh.hurry();
        assert_eq!(fresh.tick(0.0), Turn::Play(7));
        assert_eq!(fresh.search().work, 10, "one slice first");
    }

    #[test]
    fn a_finished_search_stops_being_stepped() {
        let mut t = Thinker::new(counter(Some(10)), PACE);
        t.tick(0.0);
        assert!(t.settled());
        let work = t.search().work;
        t.tick(16.0);
        assert_eq!(t.search().work, work);
    }
}
