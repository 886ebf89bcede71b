//! Pictures of Jetan positions as SVG (the `svg` feature): the board of orange and black
//! squares, both armies with a letter and a shape per kind, the side to move or the result,
//! the last move and, on request, the legal moves of one square.
//!
//! ```
//! use jetan_core::prelude::*;
//! use abstract_game::svg::SvgOptions;
//!
//! let mut pos = Position::default();
//! let mv = pos.parse_move("Pe2-e3")?;
//! pos.play(mv)?;
//! let options = SvgOptions {
//!     last_move: Some(mv),
//!     targets_of: Some("f1".parse()?),
//!     ..SvgOptions::default()
//! };
//! let picture = pos.svg(&options);
//! assert!(picture.starts_with("<svg "));
//! assert_eq!(picture.matches("<g class=\"piece\">").count(), 40);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use abstract_game::svg::{Paint, PictureLayout, Render, Style, Svg, SvgOptions, cell_size};
use abstract_game::{Game, Side};

use crate::board::{SIZE, Square};
use crate::piece::{Kind, Piece};
use crate::position::{Move, MoveList, Position};

/// The orange squares.
const ORANGE_SQUARE: &str = "#f4c07e";
/// The black squares.
const BLACK_SQUARE: &str = "#3e3834";
/// The frame round the board.
const FRAME: &str = "#2a211c";
/// Ink for coordinates and captions.
const INK: &str = "#2a211c";
/// The last move: squares tinted and outlined, an arrow.
const LAST_TINT: &str = "#ffe14d";
const LAST_ARROW: &str = "#1f6fd1";
/// Targets of the highlighted square: normal moves, captures, the Princess's escape.
const TARGET: &str = "#1e9e4a";
const ESCAPE: &str = "#9b3fd1";

/// Black: a black body with an ivory rim and letter.
const BLACK_ARMY: Paint = Paint {
    body: "#141414",
    edge: "#f3ede2",
    mark: "#f3ede2",
};
/// Orange: a vivid orange body with a dark brown rim and letter.
const ORANGE_ARMY: Paint = Paint {
    body: "#ff7a0f",
    edge: "#3a1600",
    mark: "#1c0a00",
};

/// How one army is painted: the body, its rim and its letter.
fn army(side: Side) -> &'static Paint {
    match side {
        Side::First => &BLACK_ARMY,
        Side::Second => &ORANGE_ARMY,
    }
}

/// The geometry of one picture: where the board lies and which way round.
pub struct Layout {
    cell: f64,
    left: f64,
    top: f64,
    flip: bool,
}

impl PictureLayout<Position> for Layout {
    /// The paper round the board.
    const PAPER: &'static str = "#faf5ec";

    fn new(_: &Position, options: &SvgOptions<Move, Square>) -> Layout {
        let cell = cell_size(options);
        Layout {
            cell,
            left: if options.coordinates {
                cell * 0.55
            } else {
                cell * 0.25
            },
            top: cell * 0.85,
            flip: options.flip,
        }
    }

    /// The board and the margins: the caption's band above, the rank labels' margin on the
    /// left and below, a pad on the right.
    fn size(&self) -> (f64, f64) {
        let n = f64::from(SIZE);
        let pad = self.cell * 0.25;
        (
            self.left + n * self.cell + pad,
            self.top + n * self.cell + self.left,
        )
    }

    /// The centre of `sq`'s square.
    fn centre(&self, sq: Square) -> (f64, f64) {
        let (x, y) = self.corner(sq);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }
}

impl Layout {
    /// The top-left corner of `sq`'s square.
    fn corner(&self, sq: Square) -> (f64, f64) {
        let last = f64::from(SIZE - 1);
        let (file, rank) = (f64::from(sq.file()), f64::from(sq.rank()));
        let (col, row) = if self.flip {
            (last - file, rank)
        } else {
            (file, last - rank)
        };
        (self.left + col * self.cell, self.top + row * self.cell)
    }
}

/// The corners of a regular octagon of circumradius `r` round `(cx, cy)`, a flat side on top.
fn octagon(cx: f64, cy: f64, r: f64) -> [(f64, f64); 8] {
    core::array::from_fn(|i| {
        let angle = (22.5 + 45.0 * i as f64).to_radians();
        (cx + r * angle.cos(), cy - r * angle.sin())
    })
}

/// The corners of a five-pointed star of outer radius `r` round `(cx, cy)`, a point on top.
fn star(cx: f64, cy: f64, r: f64) -> [(f64, f64); 10] {
    core::array::from_fn(|i| {
        let radius = if i % 2 == 0 { r } else { r * 0.45 };
        let angle = (90.0 + 36.0 * i as f64).to_radians();
        (cx + radius * angle.cos(), cy - radius * angle.sin())
    })
}

/// Draws `piece` centred on `(cx, cy)`: a disc sized by its step count (the Panthan smallest),
/// an octagon for the Chief, a disc with an inner ring for the Princess, its notation letter
/// in the middle and, while her escape is unused, a small star on the Princess.
fn draw_piece(svg: &mut Svg, cx: f64, cy: f64, cell: f64, piece: Piece, escape_left: bool) {
    let paint = army(piece.side);
    let radius = cell
        * match piece.kind.steps() {
            1 => 0.30,
            2 => 0.36,
            _ => 0.40,
        };
    let body = paint.outlined(cell * 0.055);
    match piece.kind {
        Kind::Chief => svg.polygon(&octagon(cx, cy, radius * 1.06), &body),
        _ => svg.circle(cx, cy, radius, &body),
    }
    if piece.kind == Kind::Princess {
        svg.circle(
            cx,
            cy,
            radius * 0.78,
            &Style::outline(paint.edge, cell * 0.03),
        );
    }
    let size = if piece.kind == Kind::Panthan {
        cell * 0.34
    } else {
        cell * 0.40
    };
    let letter = piece.kind.letter().to_string();
    svg.bold_text(cx, cy, size, &letter, "middle", paint.mark);
    if piece.kind == Kind::Princess && escape_left {
        let (sx, sy) = (cx + radius * 0.8, cy - radius * 0.8);
        svg.polygon(
            &star(sx, sy, cell * 0.17),
            &Style::fill("#ffd21f").stroke(FRAME, cell * 0.02),
        );
    }
}

impl Position {
    /// The small print beside the caption: the escapes left and the countdown.
    fn picture_status(&self) -> String {
        let mut parts = Vec::new();
        if self.rules().escape {
            let names: Vec<&str> = [Side::First, Side::Second]
                .into_iter()
                .filter(|&side| {
                    self.escape_available(side)
                        && !self
                            .pieces_of(side)
                            .intersect(self.pieces_of_kind(Kind::Princess))
                            .is_empty()
                })
                .map(Position::side_name)
                .collect();
            if names.is_empty() {
                parts.push("no escape left".to_owned());
            } else {
                parts.push(format!("escape left: {}", names.join(", ")));
            }
        }
        if let Some(n) = self.countdown() {
            parts.push(format!("countdown: {n} plies"));
        }
        parts.join(" · ")
    }
}

/// The caption of [`Render::write_svg`]'s picture.
impl Position {
    /// The caption above the board, whose left edge is `margin` and width `n` cells: a disc
    /// of the mover's colour (none once the game is over), the text, and the status on the
    /// right.
    fn draw_caption(&self, svg: &mut Svg, cell: f64, margin: f64, caption_height: f64) {
        let n = f64::from(SIZE);
        let cy = caption_height * 0.45;
        let status = self.picture_status();
        let ends = (margin, margin + n * cell);
        svg.caption_line(self, ends, (cy, cell), (&status, INK), |svg, side| {
            let disc = Style::fill(army(side).body).stroke(FRAME, cell * 0.04);
            svg.circle(margin + cell * 0.2, cy, cell * 0.18, &disc);
        });
    }
}

impl Render for Position {
    type Cell = Square;

    type Layout = Layout;

    const CELLS: &'static [Square] = &Square::ALL;

    /// A move touches the square it leaves and the square it reaches.
    fn move_cells(&self, mv: Move) -> Vec<Square> {
        mv.from().into_iter().chain(mv.to()).collect()
    }

    /// Draws the 10x10 board with `a1` black at the bottom left (the top right when
    /// flipped), files and ranks on the edges, the pieces, the caption above the board, the
    /// last move as tinted squares and an arrow, and the targets of `targets_of`: a dot on an
    /// empty square, a ring round a piece to capture, a violet dot for the Princess's escape.
    fn draw(&self, svg: &mut Svg, layout: &Layout, options: &SvgOptions<Move, Square>) {
        let (cell, margin, caption_height) = (layout.cell, layout.left, layout.top);
        let n = f64::from(SIZE);

        self.draw_caption(svg, cell, margin, caption_height);

        // The board.
        let frame = cell * 0.06;
        svg.rect(
            layout.left - frame,
            layout.top - frame,
            n * cell + 2.0 * frame,
            n * cell + 2.0 * frame,
            &Style::fill(FRAME),
        );
        for sq in Square::ALL {
            let (x, y) = layout.corner(sq);
            let colour = if sq.is_orange() {
                ORANGE_SQUARE
            } else {
                BLACK_SQUARE
            };
            svg.rect(x, y, cell, cell, &Style::fill(colour));
        }
        if options.coordinates {
            let size = cell * 0.3;
            for i in 0..SIZE {
                let file = Square::from_coords(i, 0).expect("on the board");
                let (x, _) = layout.centre(file);
                let name = char::from(b'a' + i).to_string();
                svg.text(
                    x,
                    layout.top + n * cell + margin * 0.55,
                    size,
                    &name,
                    "middle",
                    INK,
                );
                let rank = Square::from_coords(0, i).expect("on the board");
                let (_, y) = layout.centre(rank);
                svg.text(margin * 0.5, y, size, &(i + 1).to_string(), "middle", INK);
            }
        }

        // The last move: both squares tinted.
        if let Some(mv) = options.last_move {
            for sq in mv.from().into_iter().chain(mv.to()) {
                let (x, y) = layout.corner(sq);
                let inset = cell * 0.05;
                svg.rect(x, y, cell, cell, &Style::fill(LAST_TINT).opacity(0.35));
                svg.rect(
                    x + inset,
                    y + inset,
                    cell - 2.0 * inset,
                    cell - 2.0 * inset,
                    &Style::outline(LAST_TINT, cell * 0.08),
                );
            }
        }

        // The highlighted square and its legal moves.
        let mut targets: Vec<Move> = Vec::new();
        if let Some(from) = options.targets_of {
            let (x, y) = layout.corner(from);
            let inset = cell * 0.05;
            svg.rect(
                x + inset,
                y + inset,
                cell - 2.0 * inset,
                cell - 2.0 * inset,
                &Style::outline(TARGET, cell * 0.08),
            );
            let mut moves = MoveList::new();
            self.legal_moves(&mut moves);
            for &mv in moves.iter().filter(|mv| mv.from() == Some(from)) {
                if !targets.iter().any(|t| t.to() == mv.to()) {
                    targets.push(mv);
                }
            }
        }

        // The pieces.
        for sq in Square::ALL {
            if let Some(piece) = self.at(sq) {
                let escape = piece.kind == Kind::Princess
                    && self.rules().escape
                    && self.escape_available(piece.side);
                let mut title = format!("{piece} on {sq}");
                if escape {
                    title.push_str(", escape unused");
                }
                let (cx, cy) = layout.centre(sq);
                svg.begin_group("piece", &title);
                draw_piece(svg, cx, cy, cell, piece, escape);
                svg.end_group();
            }
        }

        // The targets, above the pieces they would capture.
        for mv in targets {
            let (cx, cy) = layout.centre(mv.target());
            let what = if mv.is_escape() {
                "escape"
            } else if self.is_capture(mv) {
                "capture"
            } else {
                "move"
            };
            svg.begin_group("target", &format!("{what} to {}", mv.target()));
            if what == "capture" {
                svg.circle(cx, cy, cell * 0.45, &Style::outline(TARGET, cell * 0.08));
            } else {
                let colour = if mv.is_escape() { ESCAPE } else { TARGET };
                svg.circle(
                    cx,
                    cy,
                    cell * 0.14,
                    &Style::fill(colour)
                        .stroke(Layout::PAPER, cell * 0.02)
                        .opacity(0.9),
                );
            }
            svg.end_group();
        }

        // The last move's arrow, from the start square's centre to the edge of the piece.
        if let Some((from, to)) = options
            .last_move
            .and_then(|mv| Some((mv.from()?, mv.to()?)))
        {
            let (a, b) = (layout.centre(from), layout.centre(to));
            svg.arrow_short_of(a, b, cell * 0.3, cell * 0.09, LAST_ARROW);
        }
    }
}
