//! The clocks a solver's time budget can count: wall-clock time, or the CPU
//! time the operating system has given the solving thread.
//!
//! Wall-clock time is what a player waits, but on a busy machine it turns
//! decided deals into unknown ones. CPU time means the same on a loaded
//! machine as on an idle one, so published figures can be compared.

use std::fmt;
use std::time::Instant;

/// Which time a budget counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Time on the wall clock since the deal's search began.
    Wall,
    /// CPU time of the solving thread since its search began, as the
    /// operating system reports it (`CLOCK_THREAD_CPUTIME_ID`).
    Cpu,
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Budget::Wall => "wall-clock",
            Budget::Cpu => "CPU",
        })
    }
}

/// The system cannot say how much CPU time a thread has had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoCpuClock;

impl fmt::Display for NoCpuClock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this system does not report a thread's CPU time")
    }
}

/// The CPU time this thread has run, in milliseconds, if the system says.
#[cfg(unix)]
fn thread_cpu_ms() -> Option<f64> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes only to the timespec it is given, which
    // lives through the call.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1e6)
}

/// No CPU clock for threads on this system.
#[cfg(not(unix))]
fn thread_cpu_ms() -> Option<f64> {
    None
}

/// A stopwatch on one of the clocks, started now.
pub struct Stopwatch {
    budget: Budget,
    wall: Instant,
    cpu: f64,
}

impl Stopwatch {
    /// Starts a stopwatch on `budget`'s clock; refused where the system has
    /// no CPU clock for threads.
    pub fn start(budget: Budget) -> Result<Stopwatch, NoCpuClock> {
        let cpu = match budget {
            Budget::Wall => 0.0,
            Budget::Cpu => thread_cpu_ms().ok_or(NoCpuClock)?,
        };
        Ok(Stopwatch {
            budget,
            wall: Instant::now(),
            cpu,
        })
    }

    /// Milliseconds since the start on this stopwatch's clock. Should the
    /// CPU clock stop answering, the wall clock (never less) stands in.
    pub fn ms(&self) -> f64 {
        let wall = self.wall.elapsed().as_secs_f64() * 1000.0;
        match self.budget {
            Budget::Wall => wall,
            Budget::Cpu => thread_cpu_ms().map_or(wall, |now| now - self.cpu),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_clock_counts_work_and_not_sleep() {
        let Ok(watch) = Stopwatch::start(Budget::Cpu) else {
            return; // No CPU clock here: the budget is refused instead.
        };
        std::thread::sleep(std::time::Duration::from_millis(60));
        let slept = watch.ms();
        let mut x = 0u64;
        let wall = Instant::now();
        while wall.elapsed().as_millis() < 60 {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let worked = watch.ms() - slept;
        assert!(slept < 40.0, "a 60 ms sleep counted {slept} ms of CPU");
        assert!(worked > 20.0, "60 ms of work counted {worked} ms of CPU");
        // Finer than the scheduler's tick: a tenth of a millisecond shows.
        let before = watch.ms();
        let wall = Instant::now();
        while wall.elapsed().as_micros() < 300 {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(watch.ms() > before, "300 us of work counted nothing");
    }

    #[test]
    fn the_wall_clock_counts_sleep() {
        let watch = Stopwatch::start(Budget::Wall).expect("a wall clock");
        std::thread::sleep(std::time::Duration::from_millis(30));
        assert!(watch.ms() >= 30.0);
    }
}
