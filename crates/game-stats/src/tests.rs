//! The tests of the match statistics.

use crate::GameResult::{Draw, Loss, Win};
use crate::elo::*;
use crate::sprt::*;

const SPRT_0_5: Sprt = Sprt {
    elo0: 0.0,
    elo1: 5.0,
    alpha: 0.05,
    beta: 0.05,
};

fn tally(wins: u64, draws: u64, losses: u64) -> Tally {
    Tally {
        wins,
        draws,
        losses,
    }
}

fn penta(ll: u64, ld: u64, dd_wl: u64, wd: u64, ww: u64) -> Pentanomial {
    Pentanomial {
        ll,
        ld,
        dd_wl,
        wd,
        ww,
    }
}

/// The pairs with the first engine's results turned into the other's.
fn mirrored(p: Pentanomial) -> Pentanomial {
    penta(p.ww, p.wd, p.dd_wl, p.ld, p.ll)
}

fn sprt(elo0: f64, elo1: f64) -> Sprt {
    Sprt {
        elo0,
        elo1,
        ..SPRT_0_5
    }
}

#[test]
fn even_and_lopsided_scores() {
    let even = Tally {
        wins: 10,
        draws: 0,
        losses: 10,
    };
    let (e, lo, hi) = even.elo();
    assert_eq!(e, 0.0);
    assert!(lo < -100.0 && hi > 100.0 && (lo + hi).abs() < 1e-6);
    // 76% is about +200 Elo.
    let strong = Tally {
        wins: 76,
        draws: 0,
        losses: 24,
    };
    let (e, lo, hi) = strong.elo();
    assert!((e - 200.0).abs() < 2.0, "{e}");
    assert!(lo < e && e < hi && lo > 100.0 && hi < 320.0, "{lo} {hi}");
    assert_eq!(
        strong.elo_text(),
        format!("{:+.0} [{:+.0}, {:+.0}]", e, lo, hi)
    );
    // A clean sweep: an infinite difference, but a finite lower bound (about +560 for 100).
    let all = Tally {
        wins: 100,
        draws: 0,
        losses: 0,
    };
    let (e, lo, hi) = all.elo();
    assert_eq!((e, hi), (f64::INFINITY, f64::INFINITY));
    assert!((540.0..590.0).contains(&lo), "{lo}");
    assert!(all.elo_text().starts_with("+inf [+5"), "{}", all.elo_text());
    let draws = Tally {
        wins: 0,
        draws: 8,
        losses: 0,
    };
    assert_eq!(draws.score(), 0.5);
    let (e, lo, hi) = draws.elo();
    assert!(e == 0.0 && lo < -100.0 && hi > 100.0);
}

#[test]
fn pairs_are_counted_in_either_order() {
    let results = [Win, Draw, Loss];
    for a in results {
        for b in results {
            let p = Pentanomial::from_pair(a, b);
            assert_eq!(p, Pentanomial::from_pair(b, a));
            assert_eq!((p.pairs(), p.games()), (1, 2));
            assert_eq!(p.score(), (a.score() + b.score()) / 2.0);
            let mut t = Tally::default();
            t.add(a);
            t.add(b);
            assert_eq!(p.to_tally().score(), t.score());
            assert_eq!(
                mirrored(p),
                Pentanomial::from_pair(a.reversed(), b.reversed())
            );
        }
    }
    let mut p = Pentanomial::default();
    for (a, b) in [
        (Loss, Loss),
        (Draw, Loss),
        (Loss, Win),
        (Draw, Draw),
        (Win, Draw),
    ] {
        p.add(a, b);
    }
    p.add(Win, Win);
    assert_eq!(p, penta(1, 1, 2, 1, 1));
    // The two draws of (Draw, Draw) read as a win and a loss.
    assert_eq!(p.to_tally(), tally(5, 2, 5));
    assert_eq!(Pentanomial::default().score(), 0.5);
}

/// fastchess's own tests (Disservin/fastchess, app/tests/elo_test.cpp) give these Elo and
/// normalized Elo figures, each `diff +/- error` with the error half the interval's width.
/// Their `Stats(ll, ld, wl, dd, wd, ww)` merges `wl + dd` into our `dd_wl`, and
/// `Stats(wins, losses, draws)` for games. A Python one-off of the formulas in the docs
/// gives the same figures to the last digit printed.
#[test]
fn elo_and_nelo_match_fastchess() {
    let close = |x: f64, want: f64| (x - want).abs() < 0.006;
    let cases = [
        (penta(34, 54, 31 + 32, 64, 75), 55.58, 27.65, 57.94, 28.28),
        (
            penta(332, 433, 457 + 41, 333, 334),
            -8.64,
            10.33,
            -9.17,
            10.96,
        ),
        (
            penta(7895, 8757, 5485 + 200, 568, 9999),
            -21.04,
            2.95,
            -19.01,
            2.65,
        ),
    ];
    for (p, elo, error, nelo, nerror) in cases {
        let (e, lo, hi) = p.elo();
        assert!(
            close(e, elo) && close((hi - lo) / 2.0, error),
            "{p:?} {e} {lo} {hi}"
        );
        assert!(lo < e && e < hi);
        let (n, lo, hi) = p.nelo();
        assert!(
            close(n, nelo) && close((hi - lo) / 2.0, nerror),
            "{p:?} {n} {lo} {hi}"
        );
    }
    for (t, nelo, nerror) in [
        (tally(76, 123, 89), -20.76, 40.13),
        (tally(136, 111, 96), 49.77, 36.77),
    ] {
        let (n, lo, hi) = t.nelo();
        assert!(
            close(n, nelo) && close((hi - lo) / 2.0, nerror),
            "{t:?} {n} {lo} {hi}"
        );
    }
}

#[test]
fn pairs_that_split_give_a_narrower_interval() {
    // Openings that favour one colour: most pairs are a win and a loss. As games these
    // look like a noisy 50% score; as pairs, like the near certainty of a small edge.
    let p = penta(5, 20, 150, 30, 5);
    let t = p.to_tally();
    assert_eq!(t, tally(190, 50, 180));
    assert_eq!(p.score(), t.score());
    let (pe, plo, phi) = p.elo();
    let (te, tlo, thi) = t.elo();
    assert!((pe - te).abs() < 1e-9 && pe > 0.0);
    assert!(phi - plo < 0.6 * (thi - tlo), "{plo} {phi} vs {tlo} {thi}");
    // And the test is more sure, the same way.
    let sprt = sprt(-10.0, 10.0);
    let (lp, lt) = (sprt.llr_pentanomial(&p), sprt.llr_trinomial(&t));
    assert!(lp > 1.5 * lt && lt > 0.0, "{lp} {lt}");

    // Equal scores read 0 exactly, however the pairs spread.
    for p in [
        penta(3, 7, 11, 7, 3),
        penta(0, 9, 0, 9, 0),
        penta(1, 0, 5, 0, 1),
    ] {
        let (e, lo, hi) = p.elo();
        assert_eq!((e, p.nelo().0), (0.0, 0.0));
        assert!((lo + hi).abs() < 1e-9 && hi > 0.0);
        assert!(p.elo_text().starts_with("+0 [-"), "{}", p.elo_text());
    }
}

#[test]
fn bounds_for_five_percent_errors() {
    let (lower, upper) = SPRT_0_5.bounds();
    assert!((upper - 2.944_439).abs() < 1e-6 && (lower + 2.944_439).abs() < 1e-6);
    assert!((upper - 19f64.ln()).abs() < 1e-12);
    let (lower, upper) = Sprt {
        alpha: 0.05,
        beta: 0.1,
        ..SPRT_0_5
    }
    .bounds();
    assert!((lower - (0.1f64 / 0.95).ln()).abs() < 1e-12);
    assert!((upper - 18f64.ln()).abs() < 1e-12);
    assert_eq!(SPRT_0_5.decision(-2.95), Some(SprtResult::H0));
    assert_eq!(SPRT_0_5.decision(SPRT_0_5.bounds().0), Some(SprtResult::H0));
    assert_eq!(SPRT_0_5.decision(SPRT_0_5.bounds().1), Some(SprtResult::H1));
    assert_eq!(SPRT_0_5.decision(2.95), Some(SprtResult::H1));
    assert_eq!(SPRT_0_5.decision(2.9), None);
    assert_eq!(SPRT_0_5.decision(0.0), None);
    assert_eq!(SPRT_0_5.decision(f64::NAN), None);
    assert_eq!(SPRT_0_5.llr_text(2.951), "2.95 (-2.94, 2.94) [0.00, 5.00]");
}

/// Known answers, worked out from the formulas of the [`Sprt`] docs with no code of
/// ours, so a reader can redo them.
///
/// Trinomial W=1000, D=1500, L=900, elo0=0, elo1=5. Scores a = (0, 1/2, 1) for
/// (L, D, W), n = (900, 1500, 1000). s0 = L(0) = 1/2 and s1 = L(5) = 1 / (1 + 10^-0.0125)
/// = 0.5071950817. With d_i = a_i - s, theta solves sum n_i d_i / (1 + theta d_i) = 0:
/// * at s0, d = (-1/2, 0, 1/2): 900 (1 + theta/2) = 1000 (1 - theta/2), theta0 = 2/19;
/// * at s1 the equation is a quadratic in theta, root theta1 = 0.0537979021.
///
/// The jumps ln(1 + theta0 d0_i) - ln(1 + theta1 d1_i) are (-0.02640201, 0.00038716,
/// 0.02512677), and LLR = 900 (-0.02640201) + 1500 (0.00038716) + 1000 (0.02512677)
/// = 1.94569. (The GSPRT approximation N (s1 - s0) (2 s - s0 - s1) / (2 var), with
/// s = 1750/3400 and var = 0.1789, gives 1.9481.)
///
/// Pentanomial LL=30, LD=220, DD+WL=500, WD=240, WW=40, elo0=0, elo1=5: scores
/// a = (0, 1/4, 1/2, 3/4, 1); theta0 = 0.2164491705, theta1 = 0.0561047182, jumps
/// (-0.08567220, -0.04109644, 0.00040376, 0.03916843, 0.07548590), LLR = 1.0103577.
/// These came from a bisection for theta in a Python one-off; the approximation gives
/// 1.0107.
///
/// fastchess's tests (Disservin/fastchess, app/tests/sprt_test.cpp, the "logistic"
/// cases, alpha = beta = 0.05) publish four more to two decimals; the same Python
/// one-off gives -1.57189, -2.59302, -3.07413 and -4.97867.
#[test]
fn llr_known_answers() {
    let llr = SPRT_0_5.llr_trinomial(&tally(1000, 1500, 900));
    assert!((llr - 1.945_694).abs() < 1e-3, "{llr}");
    let llr = SPRT_0_5.llr_pentanomial(&penta(30, 220, 500, 240, 40));
    assert!((llr - 1.010_358).abs() < 1e-3, "{llr}");

    // (wins, losses, draws) as fastchess's `Stats` takes them.
    let llr = sprt(0.5, 2.5).llr_trinomial(&tally(21404, 40708, 21184));
    assert!(
        (llr + 1.571_889).abs() < 1e-3 && (llr + 1.57).abs() < 0.005,
        "{llr}"
    );
    let llr = sprt(0.0, 2.0).llr_trinomial(&tally(57433, 106593, 57030));
    assert!(
        (llr + 2.593_024).abs() < 1e-3 && (llr + 2.59).abs() < 0.005,
        "{llr}"
    );
    // Stats(ll, ld, wl, dd, wd, ww).
    let llr = sprt(0.5, 2.5).llr_pentanomial(&penta(223, 9863, 20279 + 1000, 10037, 246));
    assert!(
        (llr + 3.074_126).abs() < 1e-3 && (llr + 3.07).abs() < 0.005,
        "{llr}"
    );
    let llr = sprt(0.0, 2.0).llr_pentanomial(&penta(871, 26175, 55003 + 980, 26678, 821));
    assert!(
        (llr + 4.978_673).abs() < 1e-3 && (llr + 4.98).abs() < 0.005,
        "{llr}"
    );
}

#[test]
fn llr_agrees_with_the_gsprt_approximation_for_small_differences() {
    let approx = |counts: &[u64], s0: f64, s1: f64| {
        let k = counts.len();
        let n: f64 = counts.iter().map(|&c| c as f64).sum();
        let a = |i: usize| i as f64 / (k - 1) as f64;
        let s: f64 = (0..k).map(|i| counts[i] as f64 * a(i)).sum::<f64>() / n;
        let var: f64 = (0..k)
            .map(|i| counts[i] as f64 * (a(i) - s).powi(2))
            .sum::<f64>()
            / n;
        n * (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var)
    };
    let (s0, s1) = (score_of(0.0), score_of(5.0));
    for t in [
        tally(1000, 1500, 900),
        tally(4307, 8620, 4063),
        tally(500, 200, 520),
    ] {
        let want = approx(&[t.losses, t.draws, t.wins], s0, s1);
        let llr = SPRT_0_5.llr_trinomial(&t);
        assert!(
            (llr - want).abs() < 0.01 * (1.0 + want.abs()),
            "{t:?} {llr} {want}"
        );
    }
    for p in [penta(30, 220, 500, 240, 40), penta(100, 300, 900, 280, 90)] {
        let want = approx(&p.counts(), s0, s1);
        let llr = SPRT_0_5.llr_pentanomial(&p);
        assert!(
            (llr - want).abs() < 0.01 * (1.0 + want.abs()),
            "{p:?} {llr} {want}"
        );
    }
}

#[test]
fn llr_grows_with_wins_and_mirrors() {
    assert_eq!(SPRT_0_5.llr_trinomial(&Tally::default()), 0.0);
    assert_eq!(SPRT_0_5.llr_pentanomial(&Pentanomial::default()), 0.0);
    assert_eq!(SPRT_0_5.decision(0.0), None);

    let mut t = tally(300, 400, 300);
    let mut p = penta(20, 150, 300, 150, 20);
    let (mut last_t, mut last_p) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    for _ in 0..60 {
        let (lt, lp) = (SPRT_0_5.llr_trinomial(&t), SPRT_0_5.llr_pentanomial(&p));
        assert!(lt > last_t && lp > last_p, "{t:?} {lt} {p:?} {lp}");
        (last_t, last_p) = (lt, lp);
        t.wins += 1;
        p.ww += 1;
    }
    assert!(last_t > 0.0 && last_p > 0.0);

    // Seen from the other engine, the evidence for elo1 over elo0 is the evidence for
    // -elo0 over -elo1: mirror the results and swap and negate the hypotheses, and the
    // LLR changes sign. Negating both without swapping them changes nothing.
    for (e0, e1) in [(0.0, 5.0), (-1.75, 0.25), (0.5, 2.5), (-3.0, 10.0)] {
        let fore = sprt(e0, e1);
        let back = sprt(-e1, -e0);
        let both = sprt(-e0, -e1);
        for t in [tally(1000, 1500, 900), tally(3, 0, 9), tally(0, 40, 0)] {
            let m = tally(t.losses, t.draws, t.wins);
            let llr = fore.llr_trinomial(&t);
            assert!((back.llr_trinomial(&m) + llr).abs() < 1e-9, "{t:?}");
            assert!((both.llr_trinomial(&m) - llr).abs() < 1e-9, "{t:?}");
        }
        for p in [penta(30, 220, 500, 240, 40), penta(0, 0, 7, 1, 0)] {
            let llr = fore.llr_pentanomial(&p);
            assert!(
                (back.llr_pentanomial(&mirrored(p)) + llr).abs() < 1e-9,
                "{p:?}"
            );
            assert!(
                (both.llr_pentanomial(&mirrored(p)) - llr).abs() < 1e-9,
                "{p:?}"
            );
        }
    }
}

#[test]
fn degenerate_counts_stay_finite() {
    let none = Pentanomial::default();
    assert_eq!(none.elo_text(), "+0 [-inf, +inf]");
    assert_eq!(none.nelo_text(), "+0 [-inf, +inf]");
    assert_eq!(Tally::default().nelo_text(), "+0 [-inf, +inf]");

    // All draws: no spread to measure, an even score. The Elo interval falls back on the
    // games' Wilson interval rather than shrink to a point; the test leans to H0 (the
    // engines look equal, not 5 Elo apart) and, for enough games, accepts it.
    let draws = penta(0, 0, 100, 0, 0);
    let (e, lo, hi) = draws.elo();
    assert!(e == 0.0 && lo < -40.0 && hi > 40.0 && lo.is_finite() && hi.is_finite());
    assert_eq!(draws.elo().1, draws.to_tally().elo().1);
    let (n, lo, hi) = draws.nelo();
    assert!(
        n == 0.0 && (hi - crate::Z95 * NELO_PER_SIGMA / 200f64.sqrt()).abs() < 1e-9 && lo == -hi
    );
    let llr = SPRT_0_5.llr_pentanomial(&draws);
    assert!(llr.is_finite() && llr < 0.0, "{llr}");
    let llr = SPRT_0_5.llr_trinomial(&tally(0, 1000, 0));
    assert!(llr.is_finite() && llr < SPRT_0_5.bounds().0, "{llr}");

    // Only wins: infinite Elo with a finite lower end, infinite nElo; the LLR grows.
    let wins = penta(0, 0, 0, 0, 50);
    let (e, lo, hi) = wins.elo();
    assert!(e == f64::INFINITY && hi == f64::INFINITY && lo > 300.0 && lo.is_finite());
    assert_eq!(wins.nelo_text(), "+inf [+inf, +inf]");
    assert!(
        wins.elo_text().starts_with("+inf [+"),
        "{}",
        wins.elo_text()
    );
    let llr = SPRT_0_5.llr_pentanomial(&wins);
    assert!(llr.is_finite() && llr > 0.0, "{llr}");
    let llr = SPRT_0_5.llr_trinomial(&tally(300, 0, 0));
    assert!(llr.is_finite() && llr > SPRT_0_5.bounds().1, "{llr}");
    let losses = tally(0, 0, 5);
    assert_eq!(losses.nelo_text(), "-inf [-inf, -inf]");
    assert!(losses.elo_text().starts_with("-inf [-inf, -"));

    // No count pattern makes a NaN, for tests near and far from even.
    let few = [0, 1, 6];
    let tests = [SPRT_0_5, sprt(-400.0, 400.0), sprt(-5000.0, 9000.0)];
    for c in 0..few.len().pow(5) {
        let digit = |k: u32| few[c / few.len().pow(k) % few.len()];
        let p = penta(digit(0), digit(1), digit(2), digit(3), digit(4));
        let t = tally(digit(0), digit(1), digit(2));
        for (x, y, z) in [p.elo(), p.nelo(), t.elo(), t.nelo()] {
            assert!(!x.is_nan() && !y.is_nan() && !z.is_nan(), "{p:?}");
            assert!(y <= x && x <= z, "{p:?} {t:?}");
        }
        for sprt in tests {
            let (lp, lt) = (sprt.llr_pentanomial(&p), sprt.llr_trinomial(&t));
            assert!(lp.is_finite() && lt.is_finite(), "{sprt:?} {p:?} {t:?}");
        }
    }
}

/// A tiny deterministic generator (splitmix64) for the simulated matches.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn game(&mut self, win: f64, draw: f64) -> GameResult {
        let u = self.unit();
        if u < win {
            Win
        } else if u < win + draw {
            Draw
        } else {
            Loss
        }
    }
}

/// Plays independent pairs until the test decides or `cap` pairs are played.
fn sequential(
    sprt: &Sprt,
    win: f64,
    draw: f64,
    rng: &mut SplitMix,
    cap: u32,
) -> Option<SprtResult> {
    let mut pairs = Pentanomial::default();
    for _ in 0..cap {
        pairs.add(rng.game(win, draw), rng.game(win, draw));
        if let Some(result) = sprt.decision(sprt.llr_pentanomial(&pairs)) {
            return Some(result);
        }
    }
    None
}

#[test]
fn simulated_tests_keep_their_error_rates() {
    let runs = 200;
    let mut rng = SplitMix(0x5eed);
    // Equal engines: the truth is elo0, so accepting H1 is the error alpha bounds.
    let mut equal = [0; 3];
    for _ in 0..runs {
        let i = match sequential(&SPRT_0_5, 0.3, 0.4, &mut rng, 40_000) {
            Some(SprtResult::H0) => 0,
            Some(SprtResult::H1) => 1,
            None => 2,
        };
        equal[i] += 1;
    }
    assert!(equal[1] <= runs / 10, "H0, H1, undecided: {equal:?}");
    assert!(equal[0] >= runs * 8 / 10, "H0, H1, undecided: {equal:?}");

    // 20 Elo better: the same draw rate, the score moved from 1/2 to L(20).
    let edge = score_of(20.0) - 0.5;
    let mut better = [0; 3];
    for _ in 0..runs {
        let i = match sequential(&SPRT_0_5, 0.3 + edge, 0.4, &mut rng, 40_000) {
            Some(SprtResult::H0) => 0,
            Some(SprtResult::H1) => 1,
            None => 2,
        };
        better[i] += 1;
    }
    assert!(
        better[1] >= runs * 95 / 100,
        "H0, H1, undecided: {better:?}"
    );
}
