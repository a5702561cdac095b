//! Statistics for the measurement commands (self-play, solver runs).

/// Wilson score interval for a proportion, 95%.
pub fn wilson(successes: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let (k, n) = (successes as f64, n as f64);
    let z = 1.959_964;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    (centre - half, centre + half)
}

/// The Wilson interval of `successes` in `n`, as percentages: "lo–hi%".
pub fn wilson_pct(successes: usize, n: usize) -> String {
    let (lo, hi) = wilson(successes, n);
    format!("{:.1}–{:.1}%", lo * 100.0, hi * 100.0)
}
