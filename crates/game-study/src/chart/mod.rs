//! Charts of study results as SVG, drawn with abstract-game's own writer, so that a study's
//! figures can be looked at without a plotting tool.
//!
//! * [`result_bars`]: wins, draws and losses per cell with the score and its interval, and
//!   beside them the draw share with its interval (drawishness is a question of its own).
//! * [`skill_trace`]: engine A's score against its budget on a log axis, the shape that tells
//!   whether more thought keeps paying.
//! * [`endings`]: how the games of each cell ended, one segment per rule, the cap and any
//!   other end the rows name.
//! * [`histograms`]: stacked histograms, one panel per cell, for game lengths (the games the
//!   cap stopped, or a repetition ended, in their own colour: a pile at the cap is not a
//!   length the game chose) and for points margins.
//!
//! Every chart names what its axes measure and in which unit. The chart functions take plain
//! labels and counts; the helpers [`length_bins`], [`margin_bins`], [`end_label`] and
//! [`is_self_play`] turn rows and cells into them.

use abstract_game::Game;
use abstract_game::svg::{Style, Svg};

use game_stats::Estimate;

use crate::row::GameRow;
use crate::study::Cell;

mod histogram;

pub use histogram::{
    Histogram, LENGTH_SEGMENTS, MARGIN_SEGMENTS, Segment, Series, histograms, length_bins,
    margin_bins, margin_of, tick_step,
};

/// The colours of wins, draws and losses, and of the interval marks.
const WIN: &str = "#2b6cb0";
const DRAW: &str = "#b8c2cc";
const LOSS: &str = "#c05621";
const INK: &str = "#1a202c";
const GRID: &str = "#e2e8f0";
/// The colours of games stopped by the cap and of games ended by a repetition.
const CAPPED: &str = "#4a5568";
const REPEATED: &str = "#9f7aea";
/// The colours of the rules' endings, in the order they first appear.
const PALETTE: [&str; 6] = [
    "#2b6cb0", "#dd6b20", "#38a169", "#d53f8c", "#d69e2e", "#319795",
];

/// The end label of a game stopped at the ply cap, as in the rows' text.
pub const CAP: &str = "cap";
/// The end label of a game ended by a repetition of positions, for rows that name it.
pub const REPETITION: &str = "repetition";

/// How the game of `row` ended, as the rows' text names it: the rule's ending, [`REPETITION`]
/// or [`CAP`] ([`GameRow::end_name`]). The one place where the endings chart and the length
/// histograms read a row's end.
pub fn end_label(row: &GameRow) -> &'static str {
    row.end_name()
}

/// Whether a cell plays an engine against itself: the same engine, the same budget and no
/// opening plan on either side. Engine A then scores 50% by construction (each opening is
/// played with both colours), so a chart of A's results says nothing.
pub fn is_self_play<G: Game>(cell: &Cell<G>) -> bool {
    let [a, b] = &cell.players;
    a.spec == b.spec && a.budget == b.budget && a.opening.is_none() && b.opening.is_none()
}

/// About how wide text of `size` pixels is, per character, in the sans-serif font.
fn text_width(text: &str, size: f64) -> f64 {
    0.56 * size * text.chars().count() as f64
}

/// A dashed line from `from` to `to`, vertical or horizontal.
fn dashed(svg: &mut Svg, from: (f64, f64), to: (f64, f64), colour: &'static str) {
    let length = (to.0 - from.0).hypot(to.1 - from.1);
    if length <= 0.0 {
        return;
    }
    let (dx, dy) = ((to.0 - from.0) / length, (to.1 - from.1) / length);
    let mut at = 0.0;
    while at < length {
        let end = (at + 4.0).min(length);
        svg.line(
            (from.0 + dx * at, from.1 + dy * at),
            (from.0 + dx * end, from.1 + dy * end),
            &Style::outline(colour, 1.0),
        );
        at += 8.0;
    }
}

/// An estimate's interval as a whisker from `low` to `high` at height `y` (or, `vertical`, at
/// `x = y` from `low` to `high`), with end caps, and its value as a dot.
fn whisker(svg: &mut Svg, (low, value, high): (f64, f64, f64), at: f64, vertical: bool) {
    let ink = Style::outline(INK, 1.5);
    let point = |along: f64, across: f64| {
        if vertical {
            (across, along)
        } else {
            (along, across)
        }
    };
    svg.line(point(low, at), point(high, at), &ink);
    for end in [low, high] {
        svg.line(point(end, at - 5.0), point(end, at + 5.0), &ink);
    }
    let (x, y) = point(value, at);
    svg.circle(x, y, 3.5, &Style::fill(INK));
}

/// Legend entries (a colour and a name) laid out left to right from `x`, wrapping before
/// `right`; returns the height of the last line's centre.
fn legend(svg: &mut Svg, entries: &[(&'static str, &str)], (x, right): (f64, f64), y: f64) -> f64 {
    let (mut at, mut y) = (x, y);
    for (colour, name) in entries {
        let w = 14.0 + text_width(name, 10.0) + 18.0;
        if at > x && at + w > right {
            at = x;
            y += 16.0;
        }
        svg.rect(at, y - 5.0, 10.0, 10.0, &Style::fill(colour));
        svg.text(at + 14.0, y, 10.0, name, "start", INK);
        at += w;
    }
    y
}

/// One bar of a [`result_bars`] chart: the shares of wins, draws and losses of one player
/// (they add up to 1), that player's score with its interval and the draw share with its
/// interval.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultBar {
    /// The label left of the bar.
    pub label: String,
    /// The shares of wins, draws and losses.
    pub shares: [f64; 3],
    /// The score (wins plus half the draws) with its interval, drawn as a mark and whisker.
    pub score: Option<Estimate>,
    /// The share of draws with its interval, drawn in a panel of its own.
    pub draws: Option<Estimate>,
}

const LABEL_WIDTH: f64 = 270.0;
const PLOT_WIDTH: f64 = 420.0;
const DRAW_WIDTH: f64 = 160.0;
const GAP: f64 = 50.0;
const ROW_HEIGHT: f64 = 26.0;
const TOP: f64 = 58.0;

/// The top of the draw panel's scale: the smallest of 20%, 40% ... 100% that holds every
/// interval, so that rare draws are not squeezed against zero.
fn draw_scale(bars: &[ResultBar]) -> f64 {
    let highest = bars
        .iter()
        .filter_map(|b| b.draws.map(|d| d.interval.high))
        .fold(0.0, f64::max);
    [0.2, 0.4, 0.6, 0.8]
        .into_iter()
        .find(|&top| highest <= top)
        .unwrap_or(1.0)
}

/// A chart of horizontal bars, one per row: wins, draws and losses side by side as shares of
/// the games, with the score and its 95% interval drawn over them as a black mark and
/// whisker, and a dashed line at 50%; to the right, the draw share with its 95% interval on a
/// scale of its own. `legend` names the three parts.
pub fn result_bars(title: &str, legend_names: [&str; 3], bars: &[ResultBar]) -> String {
    let longest = bars
        .iter()
        .map(|b| text_width(&b.label, 11.0))
        .fold(0.0, f64::max);
    let label_width = LABEL_WIDTH.max(longest + 20.0);
    let bottom = TOP + ROW_HEIGHT * bars.len() as f64;
    let height = bottom + 78.0;
    let draw_left = label_width + PLOT_WIDTH + GAP;
    let width = draw_left + DRAW_WIDTH + 40.0;
    let mut svg = cell_chart(width, height, title, label_width);
    // The titles of the columns: what each row is, and the two scales.
    let heading = TOP - 16.0;
    svg.text(
        label_width,
        heading,
        10.0,
        "results, score with its interval",
        "start",
        INK,
    );
    svg.text(draw_left, heading, 10.0, "draw share", "start", INK);
    let x_of = |share: f64| label_width + PLOT_WIDTH * share.clamp(0.0, 1.0);
    let draw_top = draw_scale(bars);
    let draw_x = |share: f64| draw_left + DRAW_WIDTH * (share / draw_top).clamp(0.0, 1.0);
    for tick in 0..=4 {
        let share = f64::from(tick) / 4.0;
        for (x, label) in [
            (x_of(share), format!("{}%", tick * 25)),
            (
                draw_x(share * draw_top),
                format!("{:.0}%", share * draw_top * 100.0),
            ),
        ] {
            svg.line((x, TOP - 4.0), (x, bottom), &Style::outline(GRID, 1.0));
            svg.text(x, bottom + 12.0, 10.0, &label, "middle", INK);
        }
    }
    for (i, bar) in bars.iter().enumerate() {
        let y = TOP + ROW_HEIGHT * i as f64;
        let mid = y + ROW_HEIGHT / 2.0;
        svg.text(label_width - 8.0, mid, 11.0, &bar.label, "end", INK);
        let mut start = 0.0;
        for (share, colour) in bar.shares.iter().zip([WIN, DRAW, LOSS]) {
            let w = PLOT_WIDTH * share.clamp(0.0, 1.0);
            if w > 0.0 {
                svg.rect(
                    x_of(start),
                    y + 4.0,
                    w,
                    ROW_HEIGHT - 8.0,
                    &Style::fill(colour),
                );
            }
            start += share;
        }
        if let Some(score) = bar.score {
            let marks = (
                x_of(score.interval.low),
                x_of(score.value),
                x_of(score.interval.high),
            );
            whisker(&mut svg, marks, mid, false);
        }
        if let Some(draws) = bar.draws {
            svg.rect(
                draw_left,
                y + 9.0,
                draw_x(draws.value) - draw_left,
                ROW_HEIGHT - 18.0,
                &Style::fill(DRAW),
            );
            let marks = (
                draw_x(draws.interval.low),
                draw_x(draws.value),
                draw_x(draws.interval.high),
            );
            whisker(&mut svg, marks, mid, false);
        }
    }
    dashed(&mut svg, (x_of(0.5), TOP - 4.0), (x_of(0.5), bottom), INK);
    svg.text(
        label_width + PLOT_WIDTH / 2.0,
        bottom + 28.0,
        10.0,
        "share of the cell's games (%); dashed: a score of 50%",
        "middle",
        INK,
    );
    svg.text(
        draw_left + DRAW_WIDTH / 2.0,
        bottom + 28.0,
        10.0,
        "draws (%), capped games included",
        "middle",
        INK,
    );
    let entries: Vec<(&'static str, &str)> = [WIN, DRAW, LOSS]
        .into_iter()
        .zip(legend_names.iter().copied())
        .collect();
    let y = bottom + 50.0;
    let mut x = label_width;
    for (colour, name) in entries {
        svg.rect(x, y - 5.0, 10.0, 10.0, &Style::fill(colour));
        svg.text(x + 14.0, y, 10.0, name, "start", INK);
        x += 14.0 + text_width(name, 10.0) + 18.0;
    }
    svg.circle(x + 5.0, y, 3.5, &Style::fill(INK));
    svg.text(
        x + 14.0,
        y,
        10.0,
        "estimate, whisker: 95% interval",
        "start",
        INK,
    );
    svg.finish()
}

/// One rung of a skill trace: engine A's budget and its score with the interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SkillPoint {
    /// A's budget (nodes, iterations or depth), above 0.
    pub budget: f64,
    /// A's score against B.
    pub score: Estimate,
}

/// The rungs of one skill trace, usually one per variant.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillSeries {
    /// The series' name, in the legend.
    pub label: String,
    /// The rungs, in any order.
    pub points: Vec<SkillPoint>,
}

/// Where `value` falls between `low` and `high` on a log scale: 0 at `low`, 1 at `high`, the
/// same step for every doubling. `None` unless `0 < low < high` and `value > 0`.
pub fn log_position(value: f64, low: f64, high: f64) -> Option<f64> {
    (low > 0.0 && high > low && value > 0.0).then(|| (value / low).ln() / (high / low).ln())
}

/// A number as a short label: whole numbers without decimals.
fn number_label(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{value:.0}")
    } else {
        format!("{value:.2}")
    }
}

/// A white canvas of `width` by `height` with `title` at the top left.
fn titled(width: f64, height: f64, title: &str) -> Svg {
    let mut svg = Svg::new(width, height);
    svg.rect(0.0, 0.0, width, height, &Style::fill("white"));
    svg.bold_text(12.0, 20.0, 14.0, title, "start", INK);
    svg
}

/// A [`titled`] canvas for a chart of one row per cell, the cells' labels right-aligned in
/// the first `label_width` under their column title.
fn cell_chart(width: f64, height: f64, title: &str, label_width: f64) -> Svg {
    let mut svg = titled(width, height, title);
    svg.text(
        label_width - 8.0,
        TOP - 16.0,
        10.0,
        "cell: variant, engines and budgets",
        "end",
        INK,
    );
    svg
}

/// The skill trace: engine A's score with its 95% interval against A's budget on a log
/// axis, one point per rung joined rung to rung, and a dashed line at 50% (no edge). The
/// budgets of the rungs are the axis' ticks. Rungs with a budget of 0 or less are left out.
pub fn skill_trace(title: &str, x_title: &str, series: &[SkillSeries]) -> String {
    let (left, plot_width, top, plot_height) = (70.0, 560.0, 60.0, 300.0);
    let width = left + plot_width + 40.0;
    let bottom = top + plot_height;
    let legend_top = bottom + 56.0;
    let height = legend_top + if series.len() > 1 { 16.0 } else { 0.0 } + 12.0;
    let mut svg = titled(width, height, title);
    svg.text(
        left - 50.0,
        top - 16.0,
        10.0,
        "engine A's score (%), whisker: 95% interval",
        "start",
        INK,
    );
    let mut budgets: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.budget))
        .filter(|&b| b > 0.0)
        .collect();
    budgets.sort_by(f64::total_cmp);
    budgets.dedup();
    // Half a doubling of room at each end.
    let low = budgets.first().copied().unwrap_or(1.0) / 1.5;
    let high = budgets.last().copied().unwrap_or(1.0) * 1.5;
    let x_of = |b: f64| left + plot_width * log_position(b, low, high).unwrap_or(0.0);
    let y_of = |score: f64| bottom - plot_height * score.clamp(0.0, 1.0);
    for tick in 0..=4 {
        let y = y_of(f64::from(tick) / 4.0);
        svg.line(
            (left, y),
            (left + plot_width, y),
            &Style::outline(GRID, 1.0),
        );
        svg.text(left - 6.0, y, 10.0, &format!("{}%", tick * 25), "end", INK);
    }
    for &b in &budgets {
        let x = x_of(b);
        svg.line((x, top), (x, bottom), &Style::outline(GRID, 1.0));
        svg.text(x, bottom + 14.0, 10.0, &number_label(b), "middle", INK);
    }
    svg.line(
        (left, bottom),
        (left + plot_width, bottom),
        &Style::outline(INK, 1.0),
    );
    svg.line((left, top), (left, bottom), &Style::outline(INK, 1.0));
    dashed(
        &mut svg,
        (left, y_of(0.5)),
        (left + plot_width, y_of(0.5)),
        INK,
    );
    svg.text(
        left + plot_width - 4.0,
        y_of(0.5) + 10.0,
        9.0,
        "50%: no edge",
        "end",
        INK,
    );
    svg.text(
        left + plot_width / 2.0,
        bottom + 34.0,
        10.0,
        x_title,
        "middle",
        INK,
    );
    let mut entries = Vec::new();
    for (i, s) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let mut points: Vec<SkillPoint> = s
            .points
            .iter()
            .copied()
            .filter(|p| p.budget > 0.0)
            .collect();
        points.sort_by(|a, b| a.budget.total_cmp(&b.budget));
        for pair in points.windows(2) {
            let from = (x_of(pair[0].budget), y_of(pair[0].score.value));
            let to = (x_of(pair[1].budget), y_of(pair[1].score.value));
            svg.line(from, to, &Style::outline(colour, 2.0));
        }
        for p in &points {
            let x = x_of(p.budget);
            let marks = (
                y_of(p.score.interval.low),
                y_of(p.score.value),
                y_of(p.score.interval.high),
            );
            whisker(&mut svg, marks, x, true);
            if series.len() == 1 {
                let label = format!("{:.1}%", p.score.value * 100.0);
                let above = y_of(p.score.interval.high) - 10.0;
                svg.text(x, above, 9.0, &label, "middle", INK);
            }
        }
        entries.push((colour, s.label.as_str()));
    }
    if series.len() > 1 {
        legend(&mut svg, &entries, (left, left + plot_width), legend_top);
    } else if let Some(s) = series.first() {
        svg.text(
            left,
            legend_top,
            10.0,
            &format!("variant: {}", s.label),
            "start",
            INK,
        );
    }
    svg.finish()
}

/// One bar of an [`endings`] chart: how many games of a cell each end closed.
#[derive(Clone, Debug, PartialEq)]
pub struct EndingBar {
    /// The label left of the bar.
    pub label: String,
    /// Each end's label ([`end_label`]: a rule's ending name, [`CAP`], [`REPETITION`] or any
    /// other) with its count of games, in the order the segments are drawn.
    pub counts: Vec<(String, u64)>,
}

/// The colour of each end label met in `bars`, in order of first appearance (ends with no
/// game left out): the cap and repetitions in their fixed colours, the rules' endings from
/// the palette.
fn end_colours(bars: &[EndingBar]) -> Vec<(String, &'static str)> {
    let mut colours: Vec<(String, &'static str)> = Vec::new();
    let mut rules = 0;
    for (name, count) in bars.iter().flat_map(|b| &b.counts) {
        if *count == 0 || colours.iter().any(|(n, _)| n == name) {
            continue;
        }
        let colour = match name.as_str() {
            CAP => CAPPED,
            REPETITION => REPEATED,
            _ => {
                rules += 1;
                PALETTE[(rules - 1) % PALETTE.len()]
            }
        };
        colours.push((name.clone(), colour));
    }
    // The rules' endings first, then the cap and repetitions, as the segments are drawn.
    colours.sort_by_key(|(name, _)| match name.as_str() {
        CAP => 1,
        REPETITION => 2,
        _ => 0,
    });
    colours
}

/// How the games of each cell ended: one horizontal bar per cell, split into the shares of
/// each end, with the share written in segments wide enough to hold it.
pub fn endings(title: &str, bars: &[EndingBar]) -> String {
    let longest = bars
        .iter()
        .map(|b| text_width(&b.label, 11.0))
        .fold(0.0, f64::max);
    let label_width = LABEL_WIDTH.max(longest + 20.0);
    let colours = end_colours(bars);
    let width = label_width + PLOT_WIDTH + 30.0;
    let bottom = TOP + ROW_HEIGHT * bars.len() as f64;
    // The legend wraps: room for as many lines as it could take.
    let lines = 1.0
        + colours
            .iter()
            .map(|(n, _)| 32.0 + text_width(n, 10.0))
            .sum::<f64>()
            / PLOT_WIDTH.max(1.0);
    let height = bottom + 50.0 + 16.0 * lines.floor();
    let mut svg = cell_chart(width, height, title, label_width);
    svg.text(
        label_width,
        TOP - 16.0,
        10.0,
        "how the games ended",
        "start",
        INK,
    );
    let x_of = |share: f64| label_width + PLOT_WIDTH * share.clamp(0.0, 1.0);
    for tick in 0..=4 {
        let x = x_of(f64::from(tick) / 4.0);
        svg.line((x, TOP - 4.0), (x, bottom), &Style::outline(GRID, 1.0));
        svg.text(
            x,
            bottom + 12.0,
            10.0,
            &format!("{}%", tick * 25),
            "middle",
            INK,
        );
    }
    for (i, bar) in bars.iter().enumerate() {
        let y = TOP + ROW_HEIGHT * i as f64;
        let mid = y + ROW_HEIGHT / 2.0;
        svg.text(label_width - 8.0, mid, 11.0, &bar.label, "end", INK);
        let games: u64 = bar.counts.iter().map(|(_, c)| c).sum();
        if games == 0 {
            continue;
        }
        let mut start = 0.0;
        for (name, count) in &bar.counts {
            let Some((_, colour)) = colours.iter().find(|(n, _)| n == name) else {
                continue;
            };
            let share = *count as f64 / games as f64;
            let (x, w) = (x_of(start), PLOT_WIDTH * share);
            svg.rect(x, y + 4.0, w, ROW_HEIGHT - 8.0, &Style::fill(colour));
            let text = format!("{:.0}%", share * 100.0);
            if w > text_width(&text, 9.0) + 6.0 {
                svg.text(x + w / 2.0, mid, 9.0, &text, "middle", "white");
            }
            start += share;
        }
    }
    svg.text(
        label_width + PLOT_WIDTH / 2.0,
        bottom + 28.0,
        10.0,
        "share of the cell's games (%)",
        "middle",
        INK,
    );
    let entries: Vec<(&'static str, &str)> =
        colours.iter().map(|(n, c)| (*c, n.as_str())).collect();
    legend(
        &mut svg,
        &entries,
        (label_width, label_width + PLOT_WIDTH),
        bottom + 48.0,
    );
    svg.finish()
}

#[cfg(test)]
mod tests {
    use abstract_game::nim::{Nim, NimRules};
    use abstract_game::testing::svg_groups;
    use game_search::{Budget, EngineSpec};
    use game_stats::interval::score;

    use super::*;
    use crate::study::Contestant;

    /// A well-formed picture: XML that parses, finished with a newline.
    pub(crate) fn parses(svg: &str) {
        assert_eq!(svg_groups(svg, "none"), 0);
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
    }

    #[test]
    fn bars_draw_every_part_the_intervals_and_the_axis_titles() {
        let bars = [ResultBar {
            label: "standard".to_owned(),
            shares: [0.5, 0.25, 0.25],
            score: score(2, 1, 1),
            draws: Some(Estimate {
                value: 0.25,
                interval: game_stats::Interval {
                    low: 0.12,
                    high: 0.45,
                },
            }),
        }];
        let svg = result_bars("First mover", ["wins", "draws", "losses"], &bars);
        parses(&svg);
        for colour in [WIN, DRAW, LOSS] {
            assert!(svg.contains(colour), "{colour}");
        }
        assert!(svg.contains(">standard<"));
        // The win part is half the plot wide.
        assert!(svg.contains(&format!("width=\"{:.2}\"", PLOT_WIDTH / 2.0)));
        assert!(svg.contains(">share of the cell's games (%); dashed: a score of 50%<"));
        assert!(svg.contains(">draws (%), capped games included<"));
        // A draw share whose interval reaches past 40%: the draw panel's scale runs to 60%,
        // its ticks 15% apart, and its bar is 25 / 60 of the panel's 160 pixels.
        assert!(svg.contains(">60%<") && svg.contains(">15%<"));
        assert!(svg.contains(&format!("width=\"{:.2}\"", 160.0 * 0.25 / 0.6)));
        // Two dots: the score and the draw share.
        assert_eq!(svg.matches("<circle").count(), 2 + 1);
    }

    #[test]
    fn budgets_sit_on_a_log_scale() {
        // Each doubling is the same step: 250 to 16000 is six doublings.
        let at = |b| log_position(b, 250.0, 16000.0).unwrap();
        assert!((at(250.0) - 0.0).abs() < 1e-12);
        assert!((at(500.0) - 1.0 / 6.0).abs() < 1e-12);
        assert!((at(2000.0) - 3.0 / 6.0).abs() < 1e-12);
        assert!((at(16000.0) - 1.0).abs() < 1e-12);
        // A tenfold budget on a scale of a hundredfold is half way.
        assert!((log_position(100.0, 10.0, 1000.0).unwrap() - 0.5).abs() < 1e-12);
        assert_eq!(log_position(0.0, 1.0, 10.0), None);
        assert_eq!(log_position(5.0, 10.0, 10.0), None);
    }

    #[test]
    fn the_skill_trace_marks_every_rung() {
        let point = |budget, wins| SkillPoint {
            budget,
            score: score(wins, 0, 10 - wins).unwrap(),
        };
        let series = [SkillSeries {
            label: "jarmo".to_owned(),
            points: vec![point(1000.0, 6), point(250.0, 5), point(4000.0, 7)],
        }];
        let svg = skill_trace("Skill", "A's budget (nodes, log scale)", &series);
        parses(&svg);
        // Three dots, two segments of the curve, the rungs as ticks, the scores written.
        assert_eq!(svg.matches("<circle").count(), 3);
        assert_eq!(
            svg.matches(&format!("stroke=\"{}\"", PALETTE[0])).count(),
            2
        );
        for text in [">250<", ">1000<", ">4000<", ">50.0%<", ">60.0%<", ">70.0%<"] {
            assert!(svg.contains(text), "{text}");
        }
        assert!(svg.contains(">A's budget (nodes, log scale)<"));
        // 250 to 4000 is four doublings, padded by a factor 1.5 each end: 1000 sits half way.
        let mid = 70.0 + 560.0 / 2.0;
        assert!(svg.contains(&format!("cx=\"{mid:.2}\"")), "{svg}");
    }

    #[test]
    fn endings_give_each_end_its_segment_and_colour() {
        let bar = |label: &str, counts: &[(&str, u64)]| EndingBar {
            label: label.to_owned(),
            counts: counts.iter().map(|&(end, n)| (end.to_owned(), n)).collect(),
        };
        let bars = [
            bar("a", &[("arrival", 3), ("passes", 0), (CAP, 1)]),
            bar("b", &[("arrival", 2), ("passes", 1), (REPETITION, 1)]),
        ];
        assert_eq!(
            end_colours(&bars),
            vec![
                ("arrival".to_owned(), PALETTE[0]),
                ("passes".to_owned(), PALETTE[1]),
                (CAP.to_owned(), CAPPED),
                (REPETITION.to_owned(), REPEATED),
            ]
        );
        let svg = endings("Endings", &bars);
        parses(&svg);
        // Arrival is three quarters of bar a: 315 of the 420 pixels, written 75%.
        assert!(svg.contains("width=\"315.00\""));
        assert!(svg.contains(">75%<"));
        for name in ["arrival", "passes", CAP, REPETITION] {
            assert!(svg.contains(&format!(">{name}<")), "{name}");
        }
    }

    #[test]
    fn only_a_copy_of_one_engine_without_plans_is_self_play() {
        let alphabeta: EngineSpec = "alphabeta".parse().unwrap();
        let random: EngineSpec = "random".parse().unwrap();
        let cell = |a: Contestant<Nim>, b: Contestant<Nim>| Cell {
            variant: "small".to_owned(),
            rules: NimRules::default(),
            players: [a, b],
        };
        let strong = Contestant::new(alphabeta, Budget::DEFAULT.with_nodes(1000));
        let weak = Contestant::new(alphabeta, Budget::DEFAULT.with_nodes(500));
        assert!(is_self_play(&cell(strong, strong)));
        assert!(!is_self_play(&cell(strong, weak)));
        assert!(!is_self_play(&cell(
            strong,
            Contestant::new(random, Budget::DEFAULT.with_nodes(1000))
        )));
        // A plan on either side makes the two engines different players.
        let planned = Contestant {
            opening: Some(abstract_game::Opening {
                name: "none",
                about: "never has a move",
                choose: |_: &Nim| None,
            }),
            ..strong
        };
        assert!(!is_self_play(&cell(planned, strong)));
        assert!(!is_self_play(&cell(strong, planned)));
    }
}
