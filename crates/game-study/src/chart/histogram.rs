//! Histograms of game lengths and points margins: one panel a cell, bars stacked by how the
//! games ended, and the helpers that bin study rows for them.

use super::*;

/// A part of the bars of a [`Histogram`]: its name in the legend and its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The name in the legend.
    pub label: &'static str,
    /// The colour.
    pub colour: &'static str,
}

/// The segments of [`length_bins`]: games a rule ended, games the cap stopped, games a
/// repetition ended.
pub const LENGTH_SEGMENTS: [Segment; 3] = [
    Segment {
        label: "ended by a rule",
        colour: WIN,
    },
    Segment {
        label: "stopped at the ply cap",
        colour: CAPPED,
    },
    Segment {
        label: "ended by repetition",
        colour: REPEATED,
    },
];

/// The segments of [`margin_bins`]: the first mover behind, level, ahead.
pub const MARGIN_SEGMENTS: [Segment; 3] = [
    Segment {
        label: "first mover behind",
        colour: LOSS,
    },
    Segment {
        label: "level",
        colour: DRAW,
    },
    Segment {
        label: "first mover ahead",
        colour: WIN,
    },
];

/// One panel of a [`Histogram`]: per bin, the count of each segment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// The series' name, above its panel.
    pub label: String,
    /// Per bin, the counts of the segments in the order of [`Histogram::segments`].
    pub bins: Vec<Vec<u64>>,
}

/// Stacked histograms on one shared horizontal scale, one panel per series.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Histogram<'a> {
    /// The chart's title.
    pub title: &'a str,
    /// What the horizontal axis measures, with its unit.
    pub x_title: &'a str,
    /// The value where the first bin starts.
    pub start: i64,
    /// The width of a bin.
    pub width: u32,
    /// Whether the ticks name the bins' centres (one value a bin, as points margins) rather
    /// than their edges (ranges, as game lengths).
    pub centres: bool,
    /// Whether the last bin also holds every larger value: its right edge then has no tick,
    /// and the bin is labelled with its start and a `+`.
    pub open_end: bool,
    /// The parts of each bar.
    pub segments: &'a [Segment],
    /// The panels.
    pub series: &'a [Series],
}

/// The room above a histogram's panel, for its label.
const PANEL_GAP: f64 = 34.0;

/// The distance in value between two ticks of a histogram's axis: the smallest round multiple
/// of the bins' `width` (1, 2, 4 or 5 times a power of ten, or 25) whose ticks are 40 pixels
/// or more apart when a bin is `bar` pixels wide.
pub fn tick_step(width: u32, bar: f64) -> i64 {
    let width = i64::from(width.max(1));
    let mut scale = 1;
    loop {
        for round in [1, 2, 4, 5, 10, 20, 25, 40, 50] {
            let step = round * scale;
            if step % width == 0 && (step / width) as f64 * bar >= 40.0 {
                return step;
            }
        }
        if scale > 1_000_000_000 {
            return width;
        }
        scale *= 100;
    }
}

/// Draws `chart`: each panel scaled to its tallest bar, whose count is written at the top of
/// the panel's vertical scale; the segments stacked in order from the base; a legend of the
/// segments that have a game.
pub fn histograms(chart: &Histogram<'_>) -> String {
    let panel = 90.0;
    let bins = chart
        .series
        .iter()
        .map(|s| s.bins.len())
        .max()
        .unwrap_or(1)
        .max(1);
    let plot_width = 600.0;
    let left = 60.0;
    let first_top = 56.0;
    let total_width = left + plot_width + 30.0;
    let axis = first_top + (panel + PANEL_GAP) * chart.series.len() as f64;
    let height = axis + 40.0;
    let mut svg = Svg::new(total_width, height);
    svg.rect(0.0, 0.0, total_width, height, &Style::fill("white"));
    svg.bold_text(12.0, 20.0, 14.0, chart.title, "start", INK);
    let present: Vec<usize> = (0..chart.segments.len())
        .filter(|&k| {
            chart
                .series
                .iter()
                .flat_map(|s| &s.bins)
                .any(|b| b.get(k).is_some_and(|&c| c > 0))
        })
        .collect();
    let entries: Vec<(&'static str, &str)> = present
        .iter()
        .map(|&k| (chart.segments[k].colour, chart.segments[k].label))
        .collect();
    svg.text(12.0, 38.0, 10.0, "games per bin", "start", INK);
    legend(&mut svg, &entries, (left + 80.0, left + plot_width), 38.0);
    let bar = plot_width / bins as f64;
    for (i, s) in chart.series.iter().enumerate() {
        let top = first_top + (panel + PANEL_GAP) * i as f64;
        let most = s
            .bins
            .iter()
            .map(|b| b.iter().sum::<u64>())
            .max()
            .unwrap_or(0)
            .max(1);
        svg.text(left, top + 8.0, 11.0, &s.label, "start", INK);
        let base = top + PANEL_GAP - 12.0 + panel;
        svg.line(
            (left, base),
            (left + plot_width, base),
            &Style::outline(INK, 1.0),
        );
        svg.line(
            (left, base - panel),
            (left, base),
            &Style::outline(INK, 1.0),
        );
        for (b, counts) in s.bins.iter().enumerate() {
            let x = left + bar * b as f64;
            let mut stacked = 0.0;
            for (&count, segment) in counts.iter().zip(chart.segments) {
                if count == 0 {
                    continue;
                }
                let h = panel * count as f64 / most as f64;
                svg.rect(
                    x + 0.5,
                    base - stacked - h,
                    (bar - 1.0).max(0.5),
                    h,
                    &Style::fill(segment.colour),
                );
                stacked += h;
            }
        }
        svg.text(left - 6.0, base - panel, 9.0, &most.to_string(), "end", INK);
        svg.text(left - 6.0, base, 9.0, "0", "end", INK);
    }
    let tick = tick_step(chart.width, bar);
    let value_of = |b: usize| chart.start + (b as i64) * i64::from(chart.width);
    let open_label = left + bar * (bins as f64 - 0.5);
    if chart.open_end {
        let label = format!("{}+", value_of(bins - 1));
        svg.text(open_label, axis + 1.0, 9.0, &label, "middle", INK);
    }
    let ticks = if chart.centres { bins } else { bins + 1 };
    for b in 0..ticks {
        let value = value_of(b);
        let x = if chart.centres {
            left + bar * (b as f64 + 0.5)
        } else {
            left + bar * b as f64
        };
        let crowded = chart.open_end && (b == bins || (x - open_label).abs() < 30.0);
        if value.rem_euclid(tick) != 0 || crowded {
            continue;
        }
        svg.line((x, axis - 12.0), (x, axis - 8.0), &Style::outline(INK, 1.0));
        svg.text(x, axis + 1.0, 9.0, &value.to_string(), "middle", INK);
    }
    svg.text(
        left + plot_width / 2.0,
        axis + 18.0,
        10.0,
        chart.x_title,
        "middle",
        INK,
    );
    svg.finish()
}

/// The lengths of `rows` in `count` bins of `width` plies from `start` (the last bin also
/// holds every longer game, a game shorter than `start` goes in the first), each bin split
/// as [`LENGTH_SEGMENTS`]: ended by a rule, stopped at the cap, ended by repetition.
pub fn length_bins(rows: &[GameRow], start: u32, width: u32, count: usize) -> Vec<Vec<u64>> {
    let width = width.max(1);
    let count = count.max(1);
    let mut bins = vec![vec![0; LENGTH_SEGMENTS.len()]; count];
    for row in rows {
        let bin = (row.plies.saturating_sub(start) / width) as usize;
        let segment = match end_label(row) {
            CAP => 1,
            REPETITION => 2,
            _ => 0,
        };
        bins[bin.min(count - 1)][segment] += 1;
    }
    bins
}

/// The first mover's points minus the other side's in the game of `row`, for games that
/// score.
pub fn margin_of(row: &GameRow) -> Option<i64> {
    let s = row.scores?;
    Some(i64::from(s[row.first.index()]) - i64::from(s[(!row.first).index()]))
}

/// The margins ([`margin_of`]) of the games of `rows` that score, one bin a point from `low`
/// to `high` (a margin outside goes in the nearest end bin), each bin split as
/// [`MARGIN_SEGMENTS`]: behind, level, ahead.
pub fn margin_bins(rows: &[GameRow], low: i64, high: i64) -> Vec<Vec<u64>> {
    let count = usize::try_from(high.saturating_sub(low)).unwrap_or(0) + 1;
    let mut bins = vec![vec![0; MARGIN_SEGMENTS.len()]; count];
    for margin in rows.iter().filter_map(margin_of) {
        let bin = usize::try_from(margin.clamp(low, high.max(low)) - low).unwrap_or(0);
        let segment = match margin.signum() {
            -1 => 0,
            0 => 1,
            _ => 2,
        };
        bins[bin.min(count - 1)][segment] += 1;
    }
    bins
}

#[cfg(test)]
mod tests {
    use abstract_game::{Ending, Side};

    use super::super::tests::parses;
    use super::*;

    fn row(plies: u32, ending: Option<Ending>, scores: Option<[u32; 2]>) -> GameRow {
        GameRow {
            cell: 0,
            game: 0,
            first: Side::First,
            a_side: Side::First,
            winner: None,
            ending,
            plies,
            choices: 0,
            scores,
            opening: 0,
            repetition: false,
            trace: Vec::new(),
        }
    }

    #[test]
    fn length_bins_split_capped_and_repeated_games() {
        let rows = [
            row(12, Some(Ending::WIN), None),
            row(19, Some(Ending::DRAW), None),
            row(20, Some(Ending::WIN), None),
            row(400, None, None),
            row(400, None, None),
            row(5, Some(Ending::WIN), None),
        ];
        // Bins of 10 from 10: [10, 20) holds 12 and 19, [20, 30) 20, the last bin [30, ...)
        // the two capped games; 5 is below the start and goes in the first bin.
        assert_eq!(
            length_bins(&rows, 10, 10, 3),
            vec![vec![3, 0, 0], vec![1, 0, 0], vec![0, 2, 0]]
        );
        let series = [Series {
            label: "jetan".to_owned(),
            bins: length_bins(&rows, 10, 10, 3),
        }];
        let svg = histograms(&Histogram {
            title: "Lengths",
            x_title: "game length (plies)",
            start: 10,
            width: 10,
            centres: false,
            open_end: true,
            segments: &LENGTH_SEGMENTS,
            series: &series,
        });
        parses(&svg);
        // The tallest bar (3 games) is the panel's 90 pixels, the capped 2 are 60.
        assert!(svg.contains("height=\"90.00\"") && svg.contains("height=\"60.00\""));
        assert!(svg.contains(&format!("fill=\"{CAPPED}\"")));
        // The axis starts at the first bin, 10, not at 0; repetitions are not in the legend.
        // The last bin holds 30 plies and more: labelled 30+, with no tick at its right edge.
        assert!(svg.contains(">10<") && svg.contains(">20<") && svg.contains(">30+<"));
        assert!(!svg.contains(">40<"));
        assert!(!svg.contains(&format!("text-anchor=\"middle\" fill=\"{INK}\">0<")));
        assert!(svg.contains(">stopped at the ply cap<"));
        assert!(!svg.contains(">ended by repetition<"));
    }

    #[test]
    fn ticks_fall_on_round_values_at_least_40_pixels_apart() {
        // Bins of 5 plies 19 pixels wide: 10 plies would be 38 pixels, 20 plies are 76.
        assert_eq!(tick_step(5, 19.0), 20);
        // One point a bin of 31 pixels: every second point.
        assert_eq!(tick_step(1, 31.0), 2);
        assert_eq!(tick_step(10, 200.0), 10);
        // Bins of 20 plies 28 pixels wide: every second bin, 40 plies apart.
        assert_eq!(tick_step(20, 28.0), 40);
        // Bins of 25 plies 6 pixels wide: 7 bins are 175 plies, not round; 8 are 200.
        assert_eq!(tick_step(25, 6.0), 200);
    }

    #[test]
    fn margin_bins_count_points_by_sign() {
        // The first mover is Side::First: margins 3 - 1 = 2, 1 - 1 = 0, 0 - 2 = -2, 2 - 0 = 2;
        // a game without scores is left out.
        let rows = [
            row(10, Some(Ending::WIN), Some([3, 1])),
            row(10, Some(Ending::DRAW), Some([1, 1])),
            row(10, Some(Ending::WIN), Some([0, 2])),
            row(10, Some(Ending::WIN), Some([2, 0])),
            row(10, None, None),
        ];
        assert_eq!(
            margin_bins(&rows, -2, 2),
            vec![
                vec![1, 0, 0],
                vec![0, 0, 0],
                vec![0, 1, 0],
                vec![0, 0, 0],
                vec![0, 0, 2],
            ]
        );
        let second = GameRow {
            first: Side::Second,
            ..rows[0].clone()
        };
        assert_eq!(margin_of(&second), Some(-2));
    }
}
