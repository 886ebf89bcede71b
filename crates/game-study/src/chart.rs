//! Charts of study results as SVG, drawn with abstract-game's own writer: result bars with
//! their intervals, and histograms of game lengths.

use abstract_game::svg::{Style, Svg};

use game_stats::Estimate;

/// The colours of wins, draws and losses, and of the interval marks.
const WIN: &str = "#2b6cb0";
const DRAW: &str = "#b8c2cc";
const LOSS: &str = "#c05621";
const INK: &str = "#1a202c";
const GRID: &str = "#e2e8f0";

/// One bar of a [`result_bars`] chart: the shares of wins, draws and losses of one player
/// (they add up to 1) and that player's score with its interval.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultBar {
    /// The label left of the bar.
    pub label: String,
    /// The shares of wins, draws and losses.
    pub shares: [f64; 3],
    /// The score (wins plus half the draws) with its interval, drawn as a mark and whisker.
    pub score: Option<Estimate>,
}

const LABEL_WIDTH: f64 = 270.0;
const PLOT_WIDTH: f64 = 420.0;
const ROW_HEIGHT: f64 = 26.0;
const TOP: f64 = 44.0;

/// A chart of horizontal bars, one per row: wins, draws and losses side by side as shares of
/// the games, with the score and its 95% interval drawn over them as a black mark and
/// whisker, and a dashed line at 50%. `legend` names the three parts.
pub fn result_bars(title: &str, legend: [&str; 3], bars: &[ResultBar]) -> String {
    // Room for the longest label at about 6.2 pixels a character of the 11-pixel font.
    let longest = bars
        .iter()
        .map(|b| b.label.chars().count())
        .max()
        .unwrap_or(0);
    let label_width = LABEL_WIDTH.max(6.2 * longest as f64 + 20.0);
    let height = TOP + ROW_HEIGHT * bars.len() as f64 + 40.0;
    let width = label_width + PLOT_WIDTH + 30.0;
    let mut svg = Svg::new(width, height);
    svg.rect(0.0, 0.0, width, height, &Style::fill("white"));
    svg.bold_text(12.0, 20.0, 14.0, title, "start", INK);
    let x_of = |share: f64| label_width + PLOT_WIDTH * share.clamp(0.0, 1.0);
    for tick in 0..=4 {
        let share = f64::from(tick) / 4.0;
        let x = x_of(share);
        svg.line(
            (x, TOP - 4.0),
            (x, TOP + ROW_HEIGHT * bars.len() as f64),
            &Style::outline(GRID, 1.0),
        );
        let label = format!("{}%", tick * 25);
        svg.text(x, height - 22.0, 10.0, &label, "middle", INK);
    }
    for (i, bar) in bars.iter().enumerate() {
        let y = TOP + ROW_HEIGHT * i as f64;
        svg.text(label_width - 8.0, y + 16.0, 11.0, &bar.label, "end", INK);
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
            let (low, high) = (x_of(score.interval.low), x_of(score.interval.high));
            let mid = y + ROW_HEIGHT / 2.0;
            let ink = Style::outline(INK, 1.5);
            svg.line((low, mid), (high, mid), &ink);
            svg.line((low, mid - 5.0), (low, mid + 5.0), &ink);
            svg.line((high, mid - 5.0), (high, mid + 5.0), &ink);
            svg.circle(x_of(score.value), mid, 3.5, &Style::fill(INK));
        }
    }
    let half = x_of(0.5);
    let dashed_top = TOP - 4.0;
    let bottom = TOP + ROW_HEIGHT * bars.len() as f64;
    let mut y = dashed_top;
    while y < bottom {
        svg.line(
            (half, y),
            (half, (y + 4.0).min(bottom)),
            &Style::outline(INK, 1.0),
        );
        y += 8.0;
    }
    let mut x = label_width;
    for (name, colour) in legend.iter().zip([WIN, DRAW, LOSS]) {
        svg.rect(x, height - 14.0, 10.0, 10.0, &Style::fill(colour));
        svg.text(x + 14.0, height - 5.0, 10.0, name, "start", INK);
        x += 110.0;
    }
    svg.circle(x + 5.0, height - 9.0, 3.5, &Style::fill(INK));
    svg.text(
        x + 14.0,
        height - 5.0,
        10.0,
        "score, 95% interval",
        "start",
        INK,
    );
    svg.finish()
}

/// One series of a [`histograms`] chart: game counts per bin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// The series' name, above its panel.
    pub label: String,
    /// The count in each bin, from the bin at 0.
    pub bins: Vec<u64>,
}

/// Histograms of game lengths, one panel per series, bins `width` plies wide, on one shared
/// horizontal scale.
pub fn histograms(title: &str, width: u32, series: &[Series]) -> String {
    let panel = 90.0;
    let bins = series
        .iter()
        .map(|s| s.bins.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let plot_width = 600.0;
    let left = 60.0;
    let total_width = left + plot_width + 30.0;
    let height = 40.0 + (panel + 30.0) * series.len() as f64 + 30.0;
    let mut svg = Svg::new(total_width, height);
    svg.rect(0.0, 0.0, total_width, height, &Style::fill("white"));
    svg.bold_text(12.0, 20.0, 14.0, title, "start", INK);
    let bar = plot_width / bins as f64;
    for (i, s) in series.iter().enumerate() {
        let top = 40.0 + (panel + 30.0) * i as f64;
        let most = s.bins.iter().copied().max().unwrap_or(0).max(1);
        svg.text(left, top + 8.0, 11.0, &s.label, "start", INK);
        let base = top + 14.0 + panel;
        svg.line(
            (left, base),
            (left + plot_width, base),
            &Style::outline(INK, 1.0),
        );
        for (b, &count) in s.bins.iter().enumerate() {
            let h = panel * count as f64 / most as f64;
            if count > 0 {
                let x = left + bar * b as f64;
                svg.rect(
                    x + 0.5,
                    base - h,
                    (bar - 1.0).max(0.5),
                    h,
                    &Style::fill(WIN),
                );
            }
        }
        svg.text(left - 6.0, top + 22.0, 9.0, &most.to_string(), "end", INK);
        svg.text(left - 6.0, base, 9.0, "0", "end", INK);
    }
    let axis = height - 20.0;
    let step = (bins / 6).max(1);
    for b in (0..=bins).step_by(step) {
        let x = left + bar * b as f64;
        let label = (b as u64 * u64::from(width)).to_string();
        svg.text(x, axis, 9.0, &label, "middle", INK);
    }
    svg.text(left + plot_width, height - 6.0, 10.0, "plies", "end", INK);
    svg.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_stats::interval::score;

    #[test]
    fn bars_draw_every_part_and_the_interval() {
        let bars = [ResultBar {
            label: "standard".to_owned(),
            shares: [0.5, 0.25, 0.25],
            score: score(2, 1, 1),
        }];
        let svg = result_bars("First mover", ["wins", "draws", "losses"], &bars);
        assert!(svg.starts_with("<svg ") && svg.ends_with("</svg>\n"));
        for colour in [WIN, DRAW, LOSS] {
            assert!(svg.contains(colour), "{colour}");
        }
        assert!(svg.contains(">standard<"));
        // The win part is half the plot wide.
        assert!(svg.contains(&format!("width=\"{:.2}\"", PLOT_WIDTH / 2.0)));
    }

    #[test]
    fn histograms_scale_each_panel_to_its_largest_bin() {
        let series = [Series {
            label: "jarmo".to_owned(),
            bins: vec![0, 4, 2],
        }];
        let svg = histograms("Game length", 10, &series);
        // Two bars drawn (the empty bin draws none), the taller 90 high, the other 45.
        assert_eq!(svg.matches(&format!("fill=\"{WIN}\"")).count(), 2);
        assert!(svg.contains("height=\"90.00\"") && svg.contains("height=\"45.00\""));
        assert!(svg.contains(">20<"));
    }
}
