//! Pictures of Jericho positions as SVG (the `svg` feature).
//!
//! The octagonal board holds South's territory (sand, ranks 1-2) and North's (slate, ranks
//! 3-4) on either side of the midline, with the 13 alignments drawn through their squares.
//! Each alignment's monolith is a triangle where the alignment crosses the midline: light for
//! South, dark for North, hollow while nobody holds it. A tower is drawn from the side, bottom
//! piece lowest: each piece a bar whose width grows with its size, filled with its colour and
//! labelled with its name (`3b`). Beside the board, each side's panel lists the monoliths it
//! holds and shows its stock as a grid of sizes by colours, pieces already placed left as
//! faint outlines. The caption says who is to move (and who is one reply from winning), or the
//! result once the game is over.

use abstract_game::svg::{PictureLayout, Render, Scale, Style, Svg, SvgOptions, caption_side};
use abstract_game::{Game, Side};

use crate::WINNING_MONOLITHS;
use crate::board::{Alignment, AlignmentKind, Square};
use crate::piece::{Colour, Piece};
use crate::position::{Move, MoveList, Position};

/// The five piece colours `a`..`e`, and the text colour that reads on each.
const PIECE_COLOURS: [(&str, &str); 5] = [
    ("#d7263d", "#ffffff"),
    ("#f4a300", "#222222"),
    ("#2e933c", "#ffffff"),
    ("#1b6ec2", "#ffffff"),
    ("#7b3fa6", "#ffffff"),
];
/// South's territory.
const SOUTH_LAND: &str = "#e9d9b4";
/// North's territory.
const NORTH_LAND: &str = "#8794a6";
/// The band along the midline.
const MIDLINE: &str = "#cfc8b8";
/// A square.
const SQUARE: &str = "#fbf8f1";
/// The alignments.
const ALIGNMENT: &str = "#6f6757";
/// The last placement.
const LAST: &str = "#00b5c8";
/// Target marks.
const TARGET: &str = "#19a04b";
/// Labels.
const INK: &str = "#333333";

/// The fill and outline of `side`'s monoliths.
const fn side_colours(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::First => ("#fff6df", "#6b5a3a"),
        Side::Second => ("#2f3a48", "#dfe5ec"),
    }
}

/// Where each square goes in the picture: North's territory at the bottom and file `g` on the
/// left when the board is flipped. A cell is the distance between neighbouring squares.
impl PictureLayout<Position> for Scale {
    fn new(_: &Position, options: &SvgOptions<Move, Square>) -> Scale {
        Scale::of(options)
    }

    /// The caption above, the board and the panels beside it.
    fn size(&self) -> (f64, f64) {
        (self.cell * 13.3, self.cell * 7.5)
    }

    /// The centre of a square.
    fn centre(&self, square: Square) -> (f64, f64) {
        point(self, f64::from(square.x()), f64::from(square.y()))
    }
}

/// The picture point of board coordinates (`x` across, `y` up, the midline at `y = 0`).
fn point(at: &Scale, x: f64, y: f64) -> (f64, f64) {
    let (x, y) = if at.flip { (-x, -y) } else { (x, y) };
    (at.cell * (4.4 + x), at.cell * (3.9 - y))
}

/// Where an alignment's monolith stands, in board coordinates: on its own line, near the
/// midline, the three lines crossing the midline at one point kept apart.
fn monolith_point(alignment: Alignment) -> (f64, f64) {
    let squares: Vec<Square> = alignment.squares().into_iter().collect();
    let (a, b) = (squares[0], squares[squares.len() - 1]);
    let (x0, y0, x1, y1) = (
        f64::from(a.x()),
        f64::from(a.y()),
        f64::from(b.x()),
        f64::from(b.y()),
    );
    match alignment.kind() {
        AlignmentKind::Frontal => (x0, 0.0),
        AlignmentKind::Diagonal => {
            let slope = (y1 - y0) / (x1 - x0);
            let cross = x0 - y0 / slope;
            // The two diagonals through the centre sit below the midline, the others above.
            let y = if cross == 0.0 { -0.36 } else { 0.36 };
            (cross + y / slope, y)
        }
    }
}

/// Draws `piece` as a bar centred on `x` with its bottom at `bottom`, `h` high, its width
/// scaled by `unit`; `dim` draws it faint.
fn piece_bar(svg: &mut Svg, x: f64, bottom: f64, unit: f64, h: f64, piece: Piece, dim: bool) {
    let opacity = if dim { 0.25 } else { 1.0 };
    let (fill, ink) = PIECE_COLOURS[piece.colour().index()];
    let w = unit * (0.16 + 0.14 * f64::from(piece.size()));
    svg.rect(
        x - w / 2.0,
        bottom - h,
        w,
        h,
        &Style::fill(fill)
            .stroke("#1d1d1d", unit * 0.02)
            .opacity(opacity),
    );
    let ink = if dim { "#9a9a9a" } else { ink };
    svg.bold_text(
        x,
        bottom - h / 2.0,
        h * 0.78,
        &piece.to_string(),
        "middle",
        ink,
    );
}

/// The name of a side.
fn name(side: Side) -> &'static str {
    Position::SIDE_NAMES[side.index()]
}

/// A monolith triangle of side `s` centred on `(x, y)`, held by `leader` or nobody.
fn monolith(svg: &mut Svg, (x, y): (f64, f64), s: f64, leader: Option<Side>) {
    let points = [
        (x, y - s * 0.55),
        (x + s * 0.5, y + s * 0.35),
        (x - s * 0.5, y + s * 0.35),
    ];
    match leader {
        Some(side) => {
            let (fill, outline) = side_colours(side);
            svg.polygon(&points, &Style::fill(fill).stroke(outline, s * 0.1));
        }
        None => svg.polygon(&points, &Style::fill("#ece7dc").stroke("#8a8375", s * 0.06)),
    }
}

/// The height of a piece bar on the board, in cells.
const BAR: f64 = 0.21;

/// The parts of [`Render::write_svg`]'s picture, one section each, in drawing order.
impl Position {
    /// Marks the asked square when the mover may put a piece there; returns those pieces.
    fn draw_target(
        &self,
        svg: &mut Svg,
        at: &Scale,
        options: &SvgOptions<Move, Square>,
    ) -> Vec<Piece> {
        let c = at.cell;
        // The pieces the mover may put on the asked square.
        let mut fits: Vec<Piece> = Vec::new();
        if let Some(cell) = options.targets_of {
            let mut moves = MoveList::new();
            self.legal_moves(&mut moves);
            for mv in moves {
                if let Move::Place { piece, square } = mv {
                    if square == cell && mv.from().is_none() {
                        fits.push(piece);
                    }
                }
            }
            if !fits.is_empty() {
                let (x, y) = at.centre(cell);
                let level = self.at(cell).height() as f64;
                svg.rect(
                    x - c * 0.5,
                    y - c * 0.5,
                    c,
                    c,
                    &Style::outline(TARGET, c * 0.05),
                );
                svg.begin_group("target", &format!("{} pieces may go on {cell}", fits.len()));
                svg.circle(
                    x,
                    y + c * 0.43 - c * BAR * (level + 0.5),
                    c * 0.09,
                    &Style::fill(TARGET).stroke("#ffffff", c * 0.025),
                );
                svg.end_group();
            }
        }
        fits
    }

    /// Each side's panel: the monoliths it holds and its stock, the pieces of `fits` (those
    /// the mover may put on the asked square) drawn plain and the others of the mover's faint.
    fn draw_panels(
        &self,
        svg: &mut Svg,
        at: &Scale,
        options: &SvgOptions<Move, Square>,
        fits: &[Piece],
    ) {
        let c = at.cell;
        // Each side's panel: the monoliths it holds and its stock.
        for side in Side::BOTH {
            let t = if side == at.bottom() { 4.05 } else { 1.0 };
            let (px, pw) = (8.7, 4.35);
            let land = match side {
                Side::First => SOUTH_LAND,
                Side::Second => NORTH_LAND,
            };
            svg.rect(
                c * px,
                c * t,
                c * pw,
                c * 2.75,
                &Style::fill("#f7f4ee").stroke("#b9b1a0", c * 0.03),
            );
            svg.rect(c * px, c * t, c * 0.15, c * 2.75, &Style::fill(land));
            svg.bold_text(
                c * (px + 0.3),
                c * (t + 0.3),
                c * 0.27,
                name(side),
                "start",
                INK,
            );
            let stock = self.stock(side);
            svg.text(
                c * (px + pw - 0.15),
                c * (t + 0.3),
                c * 0.22,
                &format!("stock: {} pieces", stock.len()),
                "end",
                INK,
            );
            let held: Vec<&str> = Alignment::ALL
                .iter()
                .filter(|&&a| self.leader(a) == Some(side))
                .map(|a| a.name())
                .collect();
            monolith(svg, (c * (px + 0.45), c * (t + 0.7)), c * 0.28, Some(side));
            let text = match held.len() {
                0 => "no monolith".to_string(),
                1 => format!("1 monolith: {}", held[0]),
                n => format!("{n} monoliths: {}", held.join(" ")),
            };
            // Small enough to fit the panel, however many monoliths are held.
            let size = (3.5 / (0.56 * text.chars().count() as f64)).min(0.22);
            svg.text(c * (px + 0.7), c * (t + 0.7), c * size, &text, "start", INK);

            // The stock: a row per size (5 at the top), a column per colour.
            let mover = side == self.side_to_move();
            for size in 1..=5u8 {
                for colour in Colour::ALL {
                    let Some(piece) = Piece::from_size_colour(size, colour) else {
                        continue;
                    };
                    let x = c * (px + 0.72 + 0.8 * colour.index() as f64);
                    let base = c * (t + 1.27 + 0.29 * f64::from(5 - size));
                    if stock.contains(piece) {
                        svg.begin_group("piece", &format!("{piece} in {}'s stock", name(side)));
                        let dim = mover && options.targets_of.is_some() && !fits.contains(&piece);
                        piece_bar(svg, x, base, c * 0.85, c * 0.25, piece, dim);
                        svg.end_group();
                    } else {
                        let w = c * 0.85 * (0.16 + 0.14 * f64::from(size));
                        svg.rect(
                            x - w / 2.0,
                            base - c * 0.25,
                            w,
                            c * 0.25,
                            &Style::outline("#c4bcab", c * 0.015),
                        );
                    }
                }
            }
        }
    }

    /// The caption: the side to move, or the result, and the last move.
    fn draw_caption(&self, svg: &mut Svg, at: &Scale, options: &SvgOptions<Move, Square>) {
        let c = at.cell;
        // The caption: the side to move, or the result.
        let caption = match self.outcome() {
            Some(outcome) => Position::describe(outcome).to_string(),
            None => {
                let me = self.side_to_move();
                let them = me.opponent();
                let mut text = format!("{} to move", name(me));
                if self.monoliths(them) >= WINNING_MONOLITHS {
                    text.push_str(&format!(
                        " · {} holds {}, {} must break one",
                        name(them),
                        self.monoliths(them),
                        name(me)
                    ));
                }
                text
            }
        };
        let caption = match options.last_move {
            Some(Move::Place { piece, square }) => {
                format!("{caption} · last {piece}@{square}")
            }
            Some(Move::Pass) => format!("{caption} · last move: pass"),
            None => caption,
        };
        if let Some(side) = caption_side(self) {
            monolith(svg, (c * 0.75, c * 0.5), c * 0.32, Some(side));
        }
        let size = (12.0 / (0.56 * caption.chars().count() as f64)).min(0.3);
        svg.text(c * 1.05, c * 0.5, c * size, &caption, "start", INK);
    }
}

impl Render for Position {
    type Cell = Square;

    type Layout = Scale;

    const CELLS: &'static [Square] = &Square::ALL;

    /// A placement touches its square (the pieces that fit there are told apart by the
    /// player's choice from the stock); a pass nothing.
    fn move_cells(&self, mv: Move) -> Vec<Square> {
        mv.to().into_iter().collect()
    }

    /// Draws the board, the towers, the monoliths, both stocks and the caption; the last
    /// placement as an outlined square, named in the caption. A placement starts from no square, so
    /// `targets_of` a square marks that square when some piece may go there (a dot where the
    /// next piece would stand), and outlines in the mover's stock the pieces that may.
    fn draw(&self, svg: &mut Svg, at: &Scale, options: &SvgOptions<Move, Square>) {
        let c = at.cell;

        // The octagon, its two territories and the midline band.
        let (left, right, top, bottom, cut) = (0.5, 8.3, 1.0, 6.8, 0.8);
        let octagon = [
            (left + cut, top),
            (right - cut, top),
            (right, top + cut),
            (right, bottom - cut),
            (right - cut, bottom),
            (left + cut, bottom),
            (left, bottom - cut),
            (left, top + cut),
        ]
        .map(|(x, y)| (x * c, y * c));
        let upper = [
            (left + cut, top),
            (right - cut, top),
            (right, top + cut),
            (right, 3.9),
            (left, 3.9),
            (left, top + cut),
        ]
        .map(|(x, y)| (x * c, y * c));
        let top_land = if at.bottom() == Side::First {
            NORTH_LAND
        } else {
            SOUTH_LAND
        };
        let bottom_land = if at.bottom() == Side::First {
            SOUTH_LAND
        } else {
            NORTH_LAND
        };
        svg.polygon(&octagon, &Style::fill(bottom_land));
        svg.polygon(&upper, &Style::fill(top_land));
        svg.rect(
            left * c,
            c * 3.35,
            (right - left) * c,
            c * 1.1,
            &Style::fill(MIDLINE),
        );
        svg.polygon(&octagon, &Style::outline("#4d4536", c * 0.05));

        // The alignments, under the squares.
        for alignment in Alignment::ALL {
            let squares: Vec<Square> = alignment.squares().into_iter().collect();
            let (a, b) = (squares[0], squares[squares.len() - 1]);
            svg.line(
                at.centre(a),
                at.centre(b),
                &Style::outline(ALIGNMENT, c * 0.03).opacity(0.8),
            );
        }

        // The squares, the last placement outlined.
        let last = match options.last_move {
            Some(Move::Place { square, .. }) => Some(square),
            _ => None,
        };
        for square in Square::ALL {
            let (x, y) = at.centre(square);
            let style = if last == Some(square) {
                Style::fill(SQUARE).stroke(LAST, c * 0.08)
            } else {
                Style::fill(SQUARE).stroke("#5d5545", c * 0.02)
            };
            svg.rect(x - c * 0.45, y - c * 0.45, c * 0.9, c * 0.9, &style);
        }

        // The monoliths on the midline.
        for alignment in Alignment::ALL {
            let (x, y) = monolith_point(alignment);
            let leader = self.leader(alignment);
            let title = match leader {
                Some(side) => format!("monolith of {alignment}, held by {}", name(side)),
                None => format!("monolith of {alignment}, held by nobody"),
            };
            svg.begin_group("monolith", &title);
            monolith(svg, point(at, x, y), c * 0.34, leader);
            svg.end_group();
        }

        // Coordinates: files below the board, ranks on the left.
        if options.coordinates {
            for square in Square::ALL {
                let (x, y) = at.centre(square);
                let name = square.name();
                let (file, rank) = (&name[..1], &name[1..]);
                if square.y().abs() == 2 && square.territory() == at.bottom() {
                    svg.text(x, c * 7.15, c * 0.32, file, "middle", INK);
                }
                if square.x() == if at.flip { 3 } else { -3 } {
                    svg.text(c * 0.25, y, c * 0.32, rank, "middle", INK);
                }
            }
        }

        // The towers, bottom piece first.
        for square in self.occupied() {
            let (x, y) = at.centre(square);
            for (level, &piece) in self.at(square).pieces().iter().enumerate() {
                let base = y + c * 0.43 - c * BAR * level as f64;
                svg.begin_group(
                    "piece",
                    &format!("{piece} on {square}, level {}", level + 1),
                );
                piece_bar(svg, x, base, c, c * (BAR - 0.015), piece, false);
                svg.end_group();
            }
        }

        let fits = self.draw_target(svg, at, options);

        self.draw_panels(svg, at, options, &fits);

        self.draw_caption(svg, at, options);
    }
}
