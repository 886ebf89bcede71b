//! Progress on stderr for long runs, and the Ctrl-C flag that stops them.
//!
//! On a terminal the progress line is redrawn in place five times a second; elsewhere (a log
//! file, a pipe) a full line is written every five seconds, or every `JGAMES_PROGRESS_MS`
//! milliseconds when that variable is set. Runs shorter than the first interval print nothing.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Set by Ctrl-C: long runs stop at the next safe point and print what they have.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Installs the Ctrl-C handler: the first press sets [`STOP`], a second one ends the program.
pub fn install_ctrl_c() {
    // Without a handler Ctrl-C simply ends the program, which is an acceptable fallback.
    let _ = ctrlc::set_handler(|| {
        if STOP.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// Counters a long run updates and the reporter reads.
#[derive(Default)]
pub struct Counters {
    /// Units done (root moves, games).
    pub done: AtomicU64,
    /// Units in all.
    pub total: AtomicU64,
    /// Nodes counted so far (perft), 0 when not counted.
    pub nodes: AtomicU64,
}

/// A rate with a unit prefix: `12.3 M`.
pub fn si(rate: f64) -> String {
    if rate >= 1e9 {
        format!("{:.2} G", rate / 1e9)
    } else if rate >= 1e6 {
        format!("{:.1} M", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1} k", rate / 1e3)
    } else {
        format!("{rate:.0}")
    }
}

/// Seconds as `1h02m`, `3m07s` or `12.3 s`.
pub fn duration(secs: f64) -> String {
    let whole = secs as u64;
    if whole >= 3600 {
        format!("{}h{:02}m", whole / 3600, whole % 3600 / 60)
    } else if whole >= 60 {
        format!("{}m{:02}s", whole / 60, whole % 60)
    } else {
        format!("{secs:.1} s")
    }
}

/// The time a run took, and its rate only when the run was long enough to time.
pub fn timing(elapsed: Duration, count: u64, unit: &str) -> String {
    let secs = elapsed.as_secs_f64();
    if secs < 0.05 {
        format!("time {secs:.3} s (too short to give a rate)")
    } else {
        format!("time {secs:.3} s, {} {unit}/s", si(count as f64 / secs))
    }
}

/// Runs `work` while a thread reports `counters` on stderr (unless `quiet`), `unit` naming
/// what `done` counts.
pub fn with_progress<T>(
    quiet: bool,
    unit: &'static str,
    counters: &Counters,
    work: impl FnOnce() -> T,
) -> T {
    if quiet {
        return work();
    }
    let terminal = std::io::stderr().is_terminal();
    let set = std::env::var("JGAMES_PROGRESS_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map(Duration::from_millis);
    let interval = set.unwrap_or(if terminal {
        Duration::from_millis(200)
    } else {
        Duration::from_secs(5)
    });
    let finished = AtomicBool::new(false);
    let started = Instant::now();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut next = interval;
            let mut drawn = false;
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(interval.min(Duration::from_millis(50)));
                let elapsed = started.elapsed();
                if elapsed < next {
                    continue;
                }
                next = elapsed + interval;
                let line = progress_line(counters, unit, elapsed.as_secs_f64());
                if terminal {
                    eprint!("\r\x1b[2K{line}");
                    drawn = true;
                } else {
                    eprintln!("progress: {line}");
                }
            }
            if drawn {
                eprint!("\r\x1b[2K");
            }
        });
        let result = work();
        finished.store(true, Ordering::Relaxed);
        result
    })
}

/// `12/30 root moves, 1.2 G nodes, 310 M nodes/s, 4.0 s elapsed, about 6.0 s left`.
fn progress_line(counters: &Counters, unit: &str, secs: f64) -> String {
    let done = counters.done.load(Ordering::Relaxed);
    let total = counters.total.load(Ordering::Relaxed);
    let nodes = counters.nodes.load(Ordering::Relaxed);
    let mut line = format!("{done}/{total} {unit}");
    if nodes > 0 {
        line += &format!(
            ", {} nodes, {} nodes/s",
            si(nodes as f64),
            si(nodes as f64 / secs)
        );
    } else if done > 0 {
        line += &format!(", {} {unit}/s", si(done as f64 / secs));
    }
    line += &format!(", {} elapsed", duration(secs));
    if done > 0 && total > done {
        let left = secs * (total - done) as f64 / done as f64;
        line += &format!(", about {} left", duration(left));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(si(3_472_245_542.0), "3.47 G");
        assert_eq!(si(12_345.0), "12.3 k");
        assert_eq!(duration(3725.0), "1h02m");
        assert_eq!(duration(187.0), "3m07s");
        assert_eq!(
            timing(Duration::from_millis(3), 1_000_000, "nodes"),
            "time 0.003 s (too short to give a rate)"
        );
        assert_eq!(
            timing(Duration::from_secs(2), 1_000_000, "nodes"),
            "time 2.000 s, 500.0 k nodes/s"
        );
    }

    #[test]
    fn the_line_estimates_the_time_left() {
        let c = Counters::default();
        c.done.store(10, Ordering::Relaxed);
        c.total.store(30, Ordering::Relaxed);
        c.nodes.store(2_000_000, Ordering::Relaxed);
        assert_eq!(
            progress_line(&c, "root moves", 4.0),
            "10/30 root moves, 2.0 M nodes, 500.0 k nodes/s, 4.0 s elapsed, about 8.0 s left"
        );
    }
}
