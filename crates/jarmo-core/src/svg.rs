//! Pictures of Jarmo positions as SVG (the `svg` feature).
//!
//! The 25 holes stand on their 5 by 5 lattice with the 39 lines drawn between them, each
//! side's first row tinted in its colour. Black archers are dark discs, White archers light
//! ones, each with an arrowhead pointing towards the row it races to; a marked archer wears a
//! crimson ring and a crimson arrowhead. Beside the board, each side's panel shows the archers
//! waiting to return (the captured pool under the Seed rule, the reserve under the Reserve
//! rule) and, under Seed, the unspent return credits. The caption says who is to move, or the
//! result once the game is over.

use abstract_game::svg::{
    Paint, PictureLayout, Render, Scale, Style, Svg, SvgOptions, caption_side,
};
use abstract_game::{Game, Side};

use crate::board::{Hole, LINES};
use crate::moves::Move;
use crate::position::{MoveList, Position};
use crate::rules::ReturnRule;

/// The board's wood.
const WOOD: &str = "#ecd9b0";
/// The board's frame and the lines.
const LINE: &str = "#8a6a3c";
/// An empty hole.
const HOLE: &str = "#5b4026";
/// Black archers.
const BLACK_FILL: &str = "#23232a";
/// White archers.
const WHITE_FILL: &str = "#fbf8f0";
/// The mark of an archer that has captured.
const MARK: &str = "#c62828";
/// The last move.
const LAST: &str = "#1e73d8";
/// Target dots.
const TARGET: &str = "#2e9e4f";
/// Labels.
const INK: &str = "#333333";

/// Where each hole goes in the picture: row 5 at the bottom and file `e` on the left when the
/// board is flipped. A cell is the distance between neighbouring holes.
impl PictureLayout<Position> for Scale {
    fn new(_: &Position, options: &SvgOptions<Move, Hole>) -> Scale {
        Scale::of(options)
    }

    /// The board, the panels beside it and the caption under it.
    fn size(&self) -> (f64, f64) {
        (self.cell * 10.0, self.cell * 7.2)
    }

    /// The centre of a hole.
    fn centre(&self, hole: Hole) -> (f64, f64) {
        let (file, row) = (f64::from(hole.file()), f64::from(hole.row()));
        let (col, line) = if self.flip {
            (4.0 - file, row)
        } else {
            (file, 4.0 - row)
        };
        (self.cell * (1.5 + col), self.cell * (1.0 + line))
    }
}

/// The radius of an archer, in cells.
const ARCHER: f64 = 0.31;

/// How the archers of `side` are painted: the body, its outline and the arrowhead.
fn archer_paint(side: Side) -> Paint {
    match side {
        Side::First => Paint {
            body: BLACK_FILL,
            edge: "#000000",
            mark: "#d9d9d9",
        },
        Side::Second => Paint {
            body: WHITE_FILL,
            edge: "#3a3a3a",
            mark: "#6b6b6b",
        },
    }
}

/// Draws an archer of `side` at `(x, y)` with radius `r`; `up` points its arrowhead up the
/// picture (towards the row it races to).
fn archer(svg: &mut Svg, (x, y): (f64, f64), r: f64, side: Side, marked: bool, up: bool) {
    let paint = archer_paint(side);
    svg.circle(x, y, r, &paint.outlined(r * 0.08));
    if marked {
        svg.circle(x, y, r * 1.12, &Style::outline(MARK, r * 0.2));
    }
    let d = if up { -1.0 } else { 1.0 };
    let tip = (x, y + d * r * 0.55);
    let arrow = [
        tip,
        (x + r * 0.45, y + d * r * 0.05),
        (x + r * 0.17, y + d * r * 0.05),
        (x + r * 0.17, y - d * r * 0.5),
        (x - r * 0.17, y - d * r * 0.5),
        (x - r * 0.17, y + d * r * 0.05),
        (x - r * 0.45, y + d * r * 0.05),
    ];
    svg.polygon(&arrow, &Style::fill(if marked { MARK } else { paint.mark }));
}

/// The name of a side.
fn name(side: Side) -> &'static str {
    Position::SIDE_NAMES[side.index()]
}

/// The parts of [`Render::write_svg`]'s picture, one section each, in drawing order.
impl Position {
    /// Each side's panel: the archers waiting to return and the credits.
    fn draw_panels(&self, svg: &mut Svg, at: &Scale) {
        let c = at.cell;
        // Each side's panel: the archers waiting to return and the credits.
        let rules = self.rules();
        for side in Side::BOTH {
            let top = if side == at.bottom() { 3.6 } else { 0.4 };
            svg.rect(
                c * 6.45,
                c * top,
                c * 3.3,
                c * 2.0,
                &Style::fill("#f6f1e6").stroke("#c9b79a", c * 0.03),
            );
            let what = match rules.return_rule {
                ReturnRule::Seed => "captured pool",
                ReturnRule::Reserve => "reserve",
                ReturnRule::None => "no returns",
            };
            svg.bold_text(c * 6.6, c * (top + 0.3), c * 0.27, name(side), "start", INK);
            let waiting = match (rules.return_rule, self.pool(side)) {
                (ReturnRule::None, _) => "captured archers never return".to_string(),
                (_, 0) => format!("{what}: empty"),
                (_, n) => format!("{what}: {n}"),
            };
            svg.text(c * 6.6, c * (top + 0.68), c * 0.22, &waiting, "start", INK);
            for i in 0..self.pool(side) {
                let x = c * (6.85 + 0.6 * f64::from(i));
                svg.begin_group("piece", &format!("{} archer in the {what}", name(side)));
                archer(
                    svg,
                    (x, c * (top + 1.15)),
                    c * 0.24,
                    side,
                    false,
                    side == at.bottom(),
                );
                svg.end_group();
            }
            if rules.return_rule == ReturnRule::Seed {
                let credits = self.credits(side);
                let text = match credits {
                    1 => "1 return credit".to_string(),
                    n => format!("{n} return credits"),
                };
                let colour = if credits > 0 { MARK } else { "#8a8a8a" };
                svg.text(c * 6.6, c * (top + 1.62), c * 0.22, &text, "start", colour);
            }
        }
    }

    /// The targets of one hole's legal moves.
    fn draw_targets(&self, svg: &mut Svg, at: &Scale, options: &SvgOptions<Move, Hole>) {
        let c = at.cell;
        // The targets of one hole's legal moves.
        if let Some(cell) = options.targets_of {
            let mut moves = MoveList::new();
            self.legal_moves(&mut moves);
            let mut seen: Vec<Hole> = Vec::new();
            for mv in moves {
                let Some(to) = mv.to() else { continue };
                let hit = match mv.from() {
                    Some(from) => from == cell,
                    None => to == cell,
                };
                if hit && !seen.contains(&to) {
                    seen.push(to);
                }
            }
            if !seen.is_empty() {
                let (x, y) = at.centre(cell);
                svg.circle(x, y, c * 0.4, &Style::outline(TARGET, c * 0.05));
            }
            for to in seen {
                let (x, y) = at.centre(to);
                svg.begin_group("target", &format!("{to}"));
                svg.circle(
                    x,
                    y,
                    c * 0.13,
                    &Style::fill(TARGET).stroke("#ffffff", c * 0.03).opacity(0.9),
                );
                svg.end_group();
            }
        }
    }
}

impl Render for Position {
    type Cell = Hole;

    type Layout = Scale;

    const CELLS: &'static [Hole] = &Hole::ALL;

    /// A step touches where it starts, where it lands and the hole of a returned archer; a
    /// drop its hole; a pass nothing.
    fn move_cells(&self, mv: Move) -> Vec<Hole> {
        [mv.from(), mv.to(), mv.return_to()]
            .into_iter()
            .flatten()
            .collect()
    }

    /// Draws the board, the archers, the pools beside the board and the caption; the last
    /// move as an arrow (a drop or a return as an outlined hole) and the targets of the legal
    /// moves of `targets_of` as green dots. A drop's target is the hole itself: ask for the
    /// targets of an empty first-row hole to see whether a reserve archer may land there.
    fn draw(&self, svg: &mut Svg, at: &Scale, options: &SvgOptions<Move, Hole>) {
        let c = at.cell;

        // The board, the first rows tinted in their side's colour, the lines, the holes.
        svg.rect(
            c * 0.9,
            c * 0.4,
            c * 5.2,
            c * 5.2,
            &Style::fill(WOOD).stroke(LINE, c * 0.05),
        );
        for side in Side::BOTH {
            let y = if side == at.bottom() { 5.0 } else { 1.0 };
            let tint = match side {
                Side::First => "#4a4a55",
                Side::Second => "#ffffff",
            };
            svg.rect(
                c * 1.05,
                c * (y - 0.42),
                c * 4.9,
                c * 0.84,
                &Style::fill(tint).opacity(0.28),
            );
        }
        for (a, b) in LINES {
            svg.line(at.centre(a), at.centre(b), &Style::outline(LINE, c * 0.035));
        }
        for hole in Hole::ALL {
            let (x, y) = at.centre(hole);
            svg.circle(x, y, c * 0.1, &Style::fill(HOLE));
        }

        // Coordinates: files below the board, rows on the left.
        if options.coordinates {
            for hole in Hole::ALL {
                let (x, y) = at.centre(hole);
                if hole.row() == 0 {
                    let letter = [(b'a' + hole.file()) as char];
                    svg.text(
                        x,
                        c * 6.0,
                        c * 0.32,
                        &String::from_iter(letter),
                        "middle",
                        INK,
                    );
                }
                if hole.file() == 0 {
                    svg.text(
                        c * 0.55,
                        y,
                        c * 0.32,
                        &(hole.row() + 1).to_string(),
                        "middle",
                        INK,
                    );
                }
            }
        }

        // The last move, under the archers.
        match options.last_move {
            Some(Move::Step {
                from,
                to,
                return_to,
            }) => {
                let (f, t) = (at.centre(from), at.centre(to));
                svg.circle(
                    f.0,
                    f.1,
                    c * 0.3,
                    &Style::outline(LAST, c * 0.06).opacity(0.8),
                );
                let (dx, dy) = (t.0 - f.0, t.1 - f.1);
                let len = (dx * dx + dy * dy).sqrt().max(1e-9);
                let end = (t.0 - dx / len * c * 0.36, t.1 - dy / len * c * 0.36);
                svg.arrow(f, end, c * 0.08, LAST);
                if let Some(back) = return_to {
                    let (x, y) = at.centre(back);
                    svg.circle(x, y, c * 0.42, &Style::outline(LAST, c * 0.06).opacity(0.8));
                }
            }
            Some(Move::Drop(hole)) => {
                let (x, y) = at.centre(hole);
                svg.circle(x, y, c * 0.42, &Style::outline(LAST, c * 0.06).opacity(0.8));
            }
            Some(Move::Pass) | None => {}
        }

        // The archers on the board.
        for hole in Hole::ALL {
            let Some(side) = self.at(hole) else { continue };
            let marked = self.is_marked(hole);
            let title = format!(
                "{}{} archer on {hole}",
                if marked { "marked " } else { "" },
                name(side)
            );
            svg.begin_group("piece", &title);
            archer(
                svg,
                at.centre(hole),
                c * ARCHER,
                side,
                marked,
                side == at.bottom(),
            );
            svg.end_group();
        }

        self.draw_panels(svg, at);

        self.draw_targets(svg, at, options);

        // The caption: the side to move, or the result.
        let caption = match self.outcome() {
            Some(outcome) => Position::describe(outcome).to_string(),
            None => {
                let pass = if options.last_move == Some(Move::Pass) {
                    " (the last move was a pass)"
                } else {
                    ""
                };
                format!("{} to move{pass}", name(self.side_to_move()))
            }
        };
        if let Some(side) = caption_side(self) {
            let token = archer_paint(side).outlined(c * 0.03);
            svg.circle(c * 1.1, c * 6.75, c * 0.16, &token);
        }
        svg.text(c * 1.4, c * 6.75, c * 0.3, &caption, "start", INK);
    }
}
