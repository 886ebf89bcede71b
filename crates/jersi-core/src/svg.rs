//! Pictures of Jersi positions as SVG (the `svg` feature): the 69 hexagons with both home rows
//! tinted, every cube with its letter (a mountain glyph for the Mountains), stacks with the
//! bottom cube showing under the top one, both reserves beside the board, the side to move or
//! the result, the last turn and, on request, the turns of one cell.
//!
//! ```
//! use jersi_core::prelude::*;
//! use abstract_game::svg::SvgOptions;
//!
//! let mut pos = Position::new(Rules::default());
//! let turn = pos.parse_move("b8-b7=d8")?;
//! pos.play(turn)?;
//! let options = SvgOptions {
//!     last_move: Some(turn),
//!     targets_of: Square::from_name("d8"),
//!     ..SvgOptions::default()
//! };
//! let picture = pos.svg(&options);
//! assert!(picture.starts_with("<svg "));
//! // 30 cubes on the board and 12 in the reserves.
//! assert_eq!(picture.matches("<g class=\"piece\">").count(), 42);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use abstract_game::svg::{
    Paint, PictureLayout, Render, Style, Svg, SvgOptions, cell_size, hex_corners, pointy_hex_centre,
};
use abstract_game::{Game, Side};

use crate::board::Square;
use crate::movegen::MoveList;
use crate::moves::Move;
use crate::piece::{Cube, Kind};
use crate::position::Position;

/// Ink for coordinates and captions.
const INK: &str = "#2b2620";
/// The cells: ordinary, White's home row `a`, Black's home row `i`, and their outline.
const CELL: &str = "#e3cf9d";
const WHITE_HOME: &str = "#f6eedb";
const BLACK_HOME: &str = "#b9a272";
const CELL_LINE: &str = "#8c7448";
/// The last turn: cells outlined, arrows; a relocated King's cell.
const LAST: &str = "#f2c200";
const LAST_ARROW: &str = "#1f6fd1";
const RELOCATION: &str = "#d6362c";
/// Targets of the highlighted cell: steps, captures and drops.
const TARGET: &str = "#1e9e4a";
const CAPTURE: &str = "#e0531f";
const DROP: &str = "#9b3fd1";
/// The King's gold band.
const GOLD: &str = "#d9a514";

/// How the cubes of one side are painted: body, edge and letter.
fn paint(side: Side) -> Paint {
    match side {
        Side::First => Paint {
            body: "#fdfcf8",
            edge: "#2b2620",
            mark: "#1b1814",
        },
        Side::Second => Paint {
            body: "#24211e",
            edge: "#0b0a09",
            mark: "#f6f2e8",
        },
    }
}

/// The geometry of one picture: the cell size, the room round the board, the centre of `e5`,
/// which way round.
pub struct Layout {
    cell: f64,
    /// The room beside the board (for the row letters), above and below it (for the cell
    /// numbers), and for the caption above all.
    side: f64,
    edge: f64,
    caption: f64,
    ox: f64,
    oy: f64,
    flip: bool,
}

impl PictureLayout<Position> for Layout {
    /// The paper round the board.
    const PAPER: &'static str = "#f8f4ea";

    fn new(_: &Position, options: &SvgOptions<Move, Square>) -> Layout {
        let cell = cell_size(options);
        let radius = cell / 3f64.sqrt();
        let (side, edge) = if options.coordinates {
            (cell * 0.8, cell * 0.45)
        } else {
            (cell * 0.25, cell * 0.15)
        };
        let caption = cell * 0.8;
        Layout {
            cell,
            side,
            edge,
            caption,
            ox: side + 9.0 * cell / 2.0,
            oy: caption + edge + 7.0 * radius,
            flip: options.flip,
        }
    }

    /// The caption's band, the board (nine columns, seven hexagons high) with its margins, and
    /// the reserve panel of 2.9 cells.
    fn size(&self) -> (f64, f64) {
        (
            2.0 * self.side + self.board_width() + self.cell * 2.9,
            self.caption + 2.0 * self.edge + 14.0 * self.radius(),
        )
    }

    /// The centre of `sq`'s hexagon.
    fn centre(&self, sq: Square) -> (f64, f64) {
        let hex = sq.hex();
        let (x, y) = pointy_hex_centre(hex.q, hex.r, self.radius());
        if self.flip {
            (self.ox - x, self.oy - y)
        } else {
            (self.ox + x, self.oy + y)
        }
    }
}

impl Layout {
    /// The circumradius of a hexagon: `cell` is its width across the flat sides.
    fn radius(&self) -> f64 {
        self.cell / 3f64.sqrt()
    }

    /// The width of the board: nine columns of cells.
    fn board_width(&self) -> f64 {
        9.0 * self.cell
    }
}

/// The outline of a `w` by `h` block centred on `(cx, cy)`, its corners cut a little.
fn block_outline(cx: f64, cy: f64, w: f64, h: f64) -> [(f64, f64); 8] {
    let (hw, hh, c) = (w / 2.0, h / 2.0, w.min(h) * 0.16);
    [
        (cx - hw + c, cy - hh),
        (cx + hw - c, cy - hh),
        (cx + hw, cy - hh + c),
        (cx + hw, cy + hh - c),
        (cx + hw - c, cy + hh),
        (cx - hw + c, cy + hh),
        (cx - hw, cy + hh - c),
        (cx - hw, cy - hh + c),
    ]
}

/// Draws `cube` as a `w` by `h` block centred on `(cx, cy)` (a square for a cube seen alone,
/// a flat slab for the bottom of a two-cube cell): its letter in the middle, a mountain glyph
/// for a Mountain, and a gold band inside the King.
fn draw_cube(svg: &mut Svg, cx: f64, cy: f64, w: f64, h: f64, cube: Cube) {
    let p = paint(cube.side);
    let small = w.min(h);
    svg.polygon(&block_outline(cx, cy, w, h), &p.outlined(small * 0.08));
    match cube.kind {
        Kind::Mountain => {
            let (gw, gh) = (small * 0.40, small * 0.34);
            let base = cy + gh * 0.75;
            svg.polygon(
                &[
                    (cx - gw, base),
                    (cx - gw * 0.35, cy - gh * 0.45),
                    (cx - gw * 0.05, cy),
                    (cx + gw * 0.35, cy - gh * 0.95),
                    (cx + gw, base),
                ],
                &Style::fill(p.mark),
            );
        }
        kind => {
            if kind == Kind::King {
                let inset = small * 0.2;
                svg.polygon(
                    &block_outline(cx, cy, w - inset, h - inset),
                    &Style::outline(GOLD, small * 0.1),
                );
            }
            let letter = kind.letter().to_string();
            svg.bold_text(cx, cy, small * 0.58, &letter, "middle", p.mark);
        }
    }
}

/// The English name of a kind, for tooltips.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "King",
        Kind::Fool => "Fool",
        Kind::Wise => "Wise man",
        Kind::Rock => "Rock",
        Kind::Paper => "Paper",
        Kind::Scissors => "Scissors",
        Kind::Mountain => "Mountain",
    }
}

/// `White King`, `Black Mountain`.
fn cube_name(cube: Cube) -> String {
    format!(
        "{} {}",
        Position::side_name(cube.side),
        kind_name(cube.kind)
    )
}

/// The distinct cells a highlight of `cell` marks, from the turns that start there (the
/// landing cells of both actions) and the drop turns that land a cube there (every cell of
/// those drops): `(cell, reached by a drop, reached by a first action)`.
fn target_cells(pos: &Position, cell: Square) -> Vec<(Square, bool, bool)> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut cells: Vec<(Square, bool, bool)> = Vec::new();
    let mut mark =
        |sq: Square, drop: bool, first: bool| match cells.iter_mut().find(|(c, _, _)| *c == sq) {
            Some(entry) => {
                entry.1 |= drop;
                entry.2 |= first;
            }
            None => cells.push((sq, drop, first)),
        };
    for &mv in moves.iter() {
        match mv {
            Move::Drop { first, second } => {
                let lands = [Some(first), second].into_iter().flatten();
                if lands.clone().any(|d| d.to == cell) {
                    for d in lands {
                        mark(d.to, true, true);
                    }
                }
            }
            _ if mv.from() == Some(cell) => {
                mark(mv.first_to(), false, true);
                mark(mv.last_to(), false, false);
            }
            _ => {}
        }
    }
    cells
}

impl Position {
    /// The small print beside the caption: the turn number and the no-capture counter.
    fn picture_status(&self) -> String {
        let mut text = format!("turn {}", self.turn_number());
        if self.rules().no_capture_limit > 0 {
            text.push_str(&format!(
                " · {} turns to the draw",
                self.no_capture_counter()
            ));
        }
        text
    }

    /// Draws the cubes of one cell, each in its own `piece` group: a lone cube in the middle,
    /// two cubes (a stack, or a cube on a Mountain) as a flat slab with the bottom cube's
    /// letter and the top cube standing on it.
    fn draw_cell(&self, svg: &mut Svg, layout: &Layout, sq: Square) {
        let (cx, cy) = layout.centre(sq);
        let cell = layout.cell;
        match self.at(sq) {
            [Some(cube), None] => {
                svg.begin_group("piece", &format!("{} on {sq}", cube_name(cube)));
                draw_cube(svg, cx, cy, cell * 0.58, cell * 0.58, cube);
                svg.end_group();
            }
            [Some(bottom), Some(top)] => {
                svg.begin_group("piece", &format!("{} on {sq}, under", cube_name(bottom)));
                draw_cube(svg, cx, cy + cell * 0.22, cell * 0.62, cell * 0.30, bottom);
                svg.end_group();
                svg.begin_group("piece", &format!("{} on {sq}, on top", cube_name(top)));
                draw_cube(svg, cx, cy - cell * 0.17, cell * 0.46, cell * 0.46, top);
                svg.end_group();
            }
            _ => {}
        }
    }
}

/// The parts of [`Render::write_svg`]'s picture, one section each, in drawing order.
impl Position {
    /// The reserves, each beside its owner's home row: from `px` across, from `near_top`
    /// down for the side at the bottom, from `far_top` for the other.
    fn draw_reserves(
        &self,
        svg: &mut Svg,
        options: &SvgOptions<Move, Square>,
        px: f64,
        (near_top, far_top): (f64, f64),
    ) {
        let cell = cell_size(options);
        // The reserves, each beside its owner's home row.
        for side in Side::BOTH {
            let near = (side == Side::First) != options.flip;
            let top = if near { near_top } else { far_top };
            let label = format!("{} reserve", Position::side_name(side));
            svg.text(px, top + cell * 0.15, cell * 0.26, &label, "start", INK);
            if !self.rules().reserve {
                svg.text(
                    px,
                    top + cell * 0.6,
                    cell * 0.22,
                    "none (no-drop)",
                    "start",
                    INK,
                );
                continue;
            }
            for (line, kind) in [Kind::Mountain, Kind::Wise].into_iter().enumerate() {
                let count = self.reserve(side, kind);
                let y = top + cell * (0.72 + 0.62 * line as f64);
                for i in 0..count {
                    let x = px + cell * (0.28 + 0.62 * f64::from(i));
                    let cube = Cube::new(side, kind);
                    svg.begin_group("piece", &format!("{} in reserve", cube_name(cube)));
                    draw_cube(svg, x, y, cell * 0.5, cell * 0.5, cube);
                    svg.end_group();
                }
                if count == 0 {
                    let text = format!("no {}", if line == 0 { "Mountain" } else { "Wise man" });
                    svg.text(px, y, cell * 0.2, &text, "start", INK);
                }
            }
        }
    }

    /// The targets: dots on empty cells, outlines round occupied ones.
    fn draw_targets(&self, svg: &mut Svg, layout: &Layout, targets: Vec<(Square, bool, bool)>) {
        let (cell, radius) = (layout.cell, layout.radius());
        // The targets: dots on empty cells, outlines round occupied ones.
        for (sq, drop, first) in targets {
            let (x, y) = layout.centre(sq);
            let occupied = self.top(sq).is_some();
            let enemy = self.top(sq).is_some_and(|c| {
                c.side != self.side_to_move()
                    && !(c.kind == Kind::Mountain && self.at(sq)[1].is_none())
            });
            let what = match (drop, enemy, first) {
                (true, _, _) => "drop",
                (false, true, _) => "capture",
                (false, false, true) => "step",
                (false, false, false) => "second action",
            };
            svg.begin_group("target", &format!("{what} to {sq}"));
            let colour = match what {
                "drop" => DROP,
                "capture" => CAPTURE,
                _ => TARGET,
            };
            if occupied {
                let width = if first { cell * 0.08 } else { cell * 0.05 };
                svg.polygon(
                    &hex_corners(x, y, radius * 0.86, true),
                    &Style::outline(colour, width),
                );
            } else if first {
                svg.circle(
                    x,
                    y,
                    cell * 0.14,
                    &Style::fill(colour)
                        .stroke(Layout::PAPER, cell * 0.02)
                        .opacity(0.9),
                );
            } else {
                svg.circle(x, y, cell * 0.12, &Style::outline(colour, cell * 0.05));
            }
            svg.end_group();
        }
    }
}

/// The caption of [`Render::write_svg`]'s picture.
impl Position {
    /// The caption, in a band `caption_height` high across the picture's `width`: a cube of
    /// the mover's colour (none once the game is over), the side to move or the result, and
    /// the status on the right.
    fn draw_caption(&self, svg: &mut Svg, cell: f64, caption_height: f64, width: f64) {
        let cy = caption_height * 0.5;
        let status = self.picture_status();
        let (left, right) = (cell * 0.25, width - cell * 0.25);
        svg.caption_line(
            self,
            (left, right),
            (cy, cell),
            (&status, INK),
            |svg, side| {
                let cube = block_outline(left + cell * 0.18, cy, cell * 0.34, cell * 0.34);
                svg.polygon(
                    &cube,
                    &Style::fill(paint(side).body).stroke(INK, cell * 0.03),
                );
            },
        );
    }
}

impl Render for Position {
    type Cell = Square;

    type Layout = Layout;

    const CELLS: &'static [Square] = &Square::ALL;

    /// A step turn touches the cell it starts from, the cell of its first step, the cell of
    /// its second step if any, then the cell where a captured King is put back; a drop turn
    /// the cells of its drops.
    fn move_cells(&self, mv: Move) -> Vec<Square> {
        match mv {
            Move::Cube {
                from,
                to,
                stack_to: next,
                relocate,
            }
            | Move::Stack {
                from,
                to,
                cube_to: next,
                relocate,
            } => [Some(from), Some(to), next, relocate]
                .into_iter()
                .flatten()
                .collect(),
            Move::Drop { first, second } => [Some(first.to), second.map(|d| d.to)]
                .into_iter()
                .flatten()
                .collect(),
        }
    }

    /// Draws the board with White's home row `a` at the bottom (at the top when flipped), the
    /// row letters at both ends of each row and the cell numbers under row `a` and over row
    /// `i`, the cubes, each side's reserve beside its home row, the caption above, the last
    /// turn (its cells outlined, an arrow per action, a relocated King's cell in red) and the
    /// targets of `targets_of` (the cell tinted green): a green dot on an empty cell where a
    /// turn's first action lands, a small green ring where only a second action lands, an
    /// outline round an occupied cell (green to stack or climb, orange-red to capture), violet
    /// marks where drops land.
    fn draw(&self, svg: &mut Svg, layout: &Layout, options: &SvgOptions<Move, Square>) {
        let (cell, radius) = (layout.cell, layout.radius());
        let (edge_margin, caption_height) = (layout.edge, layout.caption);
        let (width, height) = layout.size();

        self.draw_caption(svg, cell, caption_height, width);

        // The cells.
        for sq in Square::ALL {
            let (x, y) = layout.centre(sq);
            let fill = match sq.row() {
                0 => WHITE_HOME,
                8 => BLACK_HOME,
                _ => CELL,
            };
            svg.polygon(
                &hex_corners(x, y, radius, true),
                &Style::fill(fill).stroke(CELL_LINE, cell * 0.035),
            );
        }
        if options.coordinates {
            let size = cell * 0.3;
            for row in 0..9u8 {
                let cells: Vec<Square> = (1..=9)
                    .filter_map(|n| Square::from_coords(row, n))
                    .collect();
                let (first, last) = (cells[0], cells[cells.len() - 1]);
                let name = char::from(b'a' + row).to_string();
                let ((x1, y1), (x2, y2)) = (layout.centre(first), layout.centre(last));
                let shift = if x1 < x2 { cell * 0.78 } else { -cell * 0.78 };
                svg.text(x1 - shift, y1, size, &name, "middle", INK);
                svg.text(x2 + shift, y2, size, &name, "middle", INK);
            }
            for (row, down) in [(0u8, !options.flip), (8u8, options.flip)] {
                for n in 1..=7 {
                    let sq = Square::from_coords(row, n).expect("rows a and i have 7 cells");
                    let (x, y) = layout.centre(sq);
                    let dy = radius + edge_margin * 0.45;
                    let y = if down { y + dy } else { y - dy };
                    svg.text(x, y, cell * 0.24, &n.to_string(), "middle", INK);
                }
            }
        }

        // The last turn's cells.
        let outline = |svg: &mut Svg, sq: Square, colour: &'static str| {
            let (x, y) = layout.centre(sq);
            svg.polygon(
                &hex_corners(x, y, radius * 0.9, true),
                &Style::outline(colour, cell * 0.08),
            );
        };
        let mut path: Vec<Square> = Vec::new();
        if let Some(mv) = options.last_move {
            match mv {
                Move::Drop { first, second } => {
                    path.push(first.to);
                    path.extend(second.map(|d| d.to));
                }
                _ => {
                    path.extend(mv.from());
                    path.push(mv.first_to());
                    if mv.last_to() != mv.first_to() {
                        path.push(mv.last_to());
                    }
                }
            }
            for &sq in &path {
                outline(svg, sq, LAST);
            }
            if let Some(sq) = mv.relocation() {
                outline(svg, sq, RELOCATION);
            }
        }

        // The highlighted cell and its targets (computed before drawing the cubes).
        let targets = match options.targets_of {
            Some(from) => {
                let (x, y) = layout.centre(from);
                svg.polygon(
                    &hex_corners(x, y, radius, true),
                    &Style::fill(TARGET).opacity(0.35),
                );
                target_cells(self, from)
            }
            None => Vec::new(),
        };

        // The cubes on the board.
        for sq in Square::ALL {
            self.draw_cell(svg, layout, sq);
        }

        let px = layout.side * 2.0 + layout.board_width() - cell * 0.35;
        let tops = (
            height - edge_margin - cell * 1.75,
            caption_height + edge_margin,
        );
        self.draw_reserves(svg, options, px, tops);

        self.draw_targets(svg, layout, targets);

        // The last turn's arrows, one per action.
        if options.last_move.is_some_and(|mv| !mv.is_drop()) {
            for pair in path.windows(2) {
                let (a, b) = (layout.centre(pair[0]), layout.centre(pair[1]));
                svg.arrow_short_of(a, b, cell * 0.25, cell * 0.08, LAST_ARROW);
            }
        }
    }
}
