//! Pictures of positions as SVG: a small writer, the hex and square layouts the boards use,
//! and the [`Render`] trait every game implements (behind its `svg` feature).
//!
//! No I/O and no dependency: a picture is written into any [`fmt::Write`].
//!
//! ```
//! use abstract_game::svg::{Style, Svg};
//! let mut svg = Svg::new(100.0, 60.0);
//! svg.rect(0.0, 0.0, 100.0, 60.0, &Style::fill("#eee"));
//! svg.circle(50.0, 30.0, 20.0, &Style::fill("black").stroke("white", 2.0));
//! svg.text(50.0, 55.0, 10.0, "a1 & b2", "middle", "#333");
//! let text = svg.finish();
//! assert!(text.starts_with("<svg ") && text.ends_with("</svg>\n"));
//! assert!(text.contains("a1 &amp; b2"));
//! ```

use core::fmt::{self, Write as _};

use crate::Game;

/// How a shape is painted: fill, outline and opacity. Colours are any SVG colour text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The fill colour, `None` for no fill.
    pub fill: Option<&'static str>,
    /// The outline colour and width, `None` for no outline.
    pub stroke: Option<(&'static str, f64)>,
    /// The opacity from 0 to 1.
    pub opacity: f64,
}

impl Style {
    /// A filled shape without outline.
    pub const fn fill(colour: &'static str) -> Style {
        Style {
            fill: Some(colour),
            stroke: None,
            opacity: 1.0,
        }
    }

    /// An outline only.
    pub const fn outline(colour: &'static str, width: f64) -> Style {
        Style {
            fill: None,
            stroke: Some((colour, width)),
            opacity: 1.0,
        }
    }

    /// This style with an outline.
    pub const fn stroke(self, colour: &'static str, width: f64) -> Style {
        Style {
            stroke: Some((colour, width)),
            ..self
        }
    }

    /// This style at an opacity from 0 to 1.
    pub const fn opacity(self, opacity: f64) -> Style {
        Style { opacity, ..self }
    }
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "fill=\"{}\"", self.fill.unwrap_or("none"))?;
        if let Some((colour, width)) = self.stroke {
            write!(f, " stroke=\"{colour}\" stroke-width=\"{width:.2}\"")?;
        }
        if self.opacity < 1.0 {
            write!(f, " opacity=\"{:.2}\"", self.opacity)?;
        }
        Ok(())
    }
}

/// How the pieces of one side are painted: the body, its edge and the mark drawn on it (a
/// letter, a glyph). Colours are any SVG colour text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paint {
    /// The body's fill.
    pub body: &'static str,
    /// The body's outline.
    pub edge: &'static str,
    /// The letter or glyph on the body.
    pub mark: &'static str,
}

impl Paint {
    /// The style of a body: filled, and outlined `width` wide.
    pub const fn outlined(&self, width: f64) -> Style {
        Style::fill(self.body).stroke(self.edge, width)
    }
}

/// Text with `&`, `<`, `>` and `"` escaped for XML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// An SVG picture being written: shapes in drawing order, later ones on top.
#[derive(Clone, Debug)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A picture `width` by `height` user units (pixels at scale 1).
    pub fn new(width: f64, height: f64) -> Svg {
        let mut out = String::with_capacity(16 * 1024);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.2} {height:.2}\" font-family=\"sans-serif\">"
        );
        Svg { out }
    }

    /// A picture `width` by `height` with its whole area painted in `background` first: how
    /// [`Render::write_svg`] starts every game's picture.
    pub fn with_background(width: f64, height: f64, background: &Style) -> Svg {
        let mut svg = Svg::new(width, height);
        svg.rect(0.0, 0.0, width, height, background);
        svg
    }

    /// A rectangle.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, style: &Style) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{x:.2}\" y=\"{y:.2}\" width=\"{w:.2}\" height=\"{h:.2}\" {style}/>"
        );
    }

    /// A circle.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, style: &Style) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{cx:.2}\" cy=\"{cy:.2}\" r=\"{r:.2}\" {style}/>"
        );
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], style: &Style) {
        self.out.push_str("<polygon points=\"");
        for (i, (x, y)) in points.iter().enumerate() {
            if i > 0 {
                self.out.push(' ');
            }
            let _ = write!(self.out, "{x:.2},{y:.2}");
        }
        let _ = writeln!(self.out, "\" {style}/>");
    }

    /// A straight line.
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), style: &Style) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{:.2}\" y1=\"{:.2}\" x2=\"{:.2}\" y2=\"{:.2}\" {style}/>",
            from.0, from.1, to.0, to.1
        );
    }

    /// An arrow from `from` to `to`: a line with a filled head of length `head`.
    pub fn arrow(&mut self, from: (f64, f64), to: (f64, f64), width: f64, colour: &'static str) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        let head = (width * 3.5).min(len * 0.6);
        let base = (to.0 - ux * head, to.1 - uy * head);
        self.line(from, base, &Style::outline(colour, width).opacity(0.8));
        let (px, py) = (-uy * head * 0.5, ux * head * 0.5);
        self.polygon(
            &[to, (base.0 + px, base.1 + py), (base.0 - px, base.1 - py)],
            &Style::fill(colour).opacity(0.8),
        );
    }

    /// An arrow from `from` towards `to` that stops `back` short of `to` (at most halfway),
    /// so that it ends at the edge of a piece drawn on `to`; nothing when the two are one
    /// point.
    pub fn arrow_short_of(
        &mut self,
        from: (f64, f64),
        to: (f64, f64),
        back: f64,
        width: f64,
        colour: &'static str,
    ) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len > 0.0 {
            let back = back.min(len / 2.0);
            let tip = (to.0 - dx / len * back, to.1 - dy / len * back);
            self.arrow(from, tip, width, colour);
        }
    }

    /// Text centred (`anchor` `"middle"`), left-aligned (`"start"`) or right-aligned
    /// (`"end"`) on `x`, with its baseline a third of the size below `y` so that it sits
    /// centred on `y`.
    pub fn text(&mut self, x: f64, y: f64, size: f64, text: &str, anchor: &str, colour: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{x:.2}\" y=\"{:.2}\" font-size=\"{size:.2}\" text-anchor=\"{}\" fill=\"{}\">{}</text>",
            y + size / 3.0,
            escape(anchor),
            escape(colour),
            escape(text)
        );
    }

    /// Bold text, as [`text`](Svg::text).
    pub fn bold_text(&mut self, x: f64, y: f64, size: f64, text: &str, anchor: &str, colour: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{x:.2}\" y=\"{:.2}\" font-size=\"{size:.2}\" font-weight=\"bold\" text-anchor=\"{}\" fill=\"{}\">{}</text>",
            y + size / 3.0,
            escape(anchor),
            escape(colour),
            escape(text)
        );
    }

    /// The caption line of a picture of `pos`, centred on `y` in cells of `cell` pixels: while
    /// the game goes on, the mover's token (drawn by `token`, given the side to move) at
    /// `left` and the text half a cell further on; the [`caption`] in bold and the smaller
    /// `status` ending at `right`, both in `colour`.
    pub fn caption_line<G: Game>(
        &mut self,
        pos: &G,
        (left, right): (f64, f64),
        (y, cell): (f64, f64),
        (status, colour): (&str, &str),
        token: impl FnOnce(&mut Svg, crate::Side),
    ) {
        let mut text_x = left;
        if !pos.is_over() {
            token(self, pos.side_to_move());
            text_x += cell * 0.5;
        }
        self.bold_text(text_x, y, cell * 0.36, &caption(pos), "start", colour);
        self.text(right, y, cell * 0.26, status, "end", colour);
    }

    /// Opens a group whose shapes carry a `class` (for tests and style sheets) and a tooltip.
    pub fn begin_group(&mut self, class: &str, title: &str) {
        let _ = writeln!(
            self.out,
            "<g class=\"{}\"><title>{}</title>",
            escape(class),
            escape(title)
        );
    }

    /// Closes the group opened last.
    pub fn end_group(&mut self) {
        self.out.push_str("</g>\n");
    }

    /// The finished picture.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }

    /// Finishes the picture into `out`: the last step of [`Render::write_svg`].
    pub fn finish_into(self, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(&self.finish())
    }
}

/// The six corners of a hexagon of circumradius `r` centred on `(cx, cy)`; `pointy` puts a
/// corner at the top, otherwise a flat side.
pub fn hex_corners(cx: f64, cy: f64, r: f64, pointy: bool) -> [(f64, f64); 6] {
    let start = if pointy { 90.0f64 } else { 0.0 };
    core::array::from_fn(|i| {
        let angle = (start + 60.0 * i as f64).to_radians();
        (cx + r * angle.cos(), cy - r * angle.sin())
    })
}

/// The centre of axial hex `(q, r)` on a pointy-top layout of circumradius `size`, the origin
/// at `(0, 0)`, `r` growing downwards.
pub fn pointy_hex_centre(q: i8, r: i8, size: f64) -> (f64, f64) {
    let (q, r) = (f64::from(q), f64::from(r));
    (size * 3f64.sqrt() * (q + r / 2.0), size * 1.5 * r)
}

/// The caption of a picture: `Black to move`, or `Game over: White wins 6-3`.
pub fn caption<G: Game>(pos: &G) -> String {
    match pos.outcome() {
        Some(outcome) => {
            let text = G::describe(outcome).to_string();
            let mut chars = text.chars();
            let first = chars.next().map(|c| c.to_ascii_uppercase());
            format!("Game over: {}{}", first.unwrap_or(' '), chars.as_str())
        }
        None => format!("{} to move", G::side_name(pos.side_to_move())),
    }
}

/// The side a caption shows beside its text (a disc, a piece of its colour): the winner once
/// the game is over (`None` for a draw), otherwise the side to move.
pub fn caption_side<G: Game>(pos: &G) -> Option<crate::Side> {
    match pos.outcome() {
        Some(outcome) => outcome.winner,
        None => Some(pos.side_to_move()),
    }
}

/// The side whose home is drawn at the bottom: the first side, or the second on a flipped
/// board.
pub fn bottom_side(flip: bool) -> crate::Side {
    if flip {
        crate::Side::Second
    } else {
        crate::Side::First
    }
}

/// The size of a cell in pixels for `options`: the size asked for, at least 8 (a smaller
/// cell would draw nothing legible).
pub fn cell_size<M, C>(options: &SvgOptions<M, C>) -> f64 {
    f64::from(options.cell.max(8))
}

/// The scale and orientation of a picture: the size of a cell in pixels and whether the board
/// is turned half round. The whole [`PictureLayout`] of a game whose picture is otherwise
/// fixed, every length a multiple of the cell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    /// The size of a cell in pixels, as [`cell_size`] gives it.
    pub cell: f64,
    /// The board turned half round.
    pub flip: bool,
}

impl Scale {
    /// The scale of a picture made with `options`.
    pub fn of<M, C>(options: &SvgOptions<M, C>) -> Scale {
        Scale {
            cell: cell_size(options),
            flip: options.flip,
        }
    }

    /// The side whose home is drawn at the bottom, as [`bottom_side`] tells it.
    pub fn bottom(&self) -> crate::Side {
        bottom_side(self.flip)
    }
}

/// What a picture shows besides the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvgOptions<M, C> {
    /// The size of a cell in pixels.
    pub cell: u32,
    /// Turn the board half round (the second side at the bottom).
    pub flip: bool,
    /// Coordinates on the edges.
    pub coordinates: bool,
    /// The move that led to the position, highlighted.
    pub last_move: Option<M>,
    /// A cell whose legal moves are shown as targets.
    pub targets_of: Option<C>,
}

impl<M, C> SvgOptions<M, C> {
    /// These options with `mv` highlighted as the last move (`None`: no highlight).
    #[must_use]
    pub fn with_last_move(self, mv: Option<M>) -> Self {
        SvgOptions {
            last_move: mv,
            ..self
        }
    }

    /// These options with the targets of `cell`'s legal moves shown.
    #[must_use]
    pub fn with_targets_of(self, cell: C) -> Self {
        SvgOptions {
            targets_of: Some(cell),
            ..self
        }
    }

    /// These options with the board turned half round.
    #[must_use]
    pub fn flipped(self) -> Self {
        SvgOptions { flip: true, ..self }
    }
}

impl<M, C> Default for SvgOptions<M, C> {
    fn default() -> Self {
        SvgOptions {
            cell: 48,
            flip: false,
            coordinates: true,
            last_move: None,
            targets_of: None,
        }
    }
}

/// The layout of a game's pictures, worked out once per picture from the position and the
/// options: the paper, how large the picture is and where each cell is drawn. [`Render`]
/// builds it for both [`write_svg`](Render::write_svg) and
/// [`cell_centre`](Render::cell_centre), so that a page points at the cells where the picture
/// drew them.
pub trait PictureLayout<G: Render>: Sized {
    /// The colour of the paper the picture is drawn on: white unless the game says otherwise.
    const PAPER: &'static str = "#ffffff";

    /// The layout of the picture of `pos` drawn with `options`.
    fn new(pos: &G, options: &SvgOptions<G::Move, G::Cell>) -> Self;

    /// The width and height of the picture, in pixels.
    fn size(&self) -> (f64, f64);

    /// Where the centre of `cell` is drawn, in pixels.
    fn centre(&self, cell: G::Cell) -> (f64, f64);
}

/// A game whose positions can be drawn.
///
/// A picture shows the board as the game has it, every piece with a symbol a person tells
/// apart at a glance (each in an SVG group of class `piece`, reserves and stocks included),
/// the side to move or the result, and what the options ask for.
///
/// A game gives its [`Layout`](Render::Layout) and its [`draw`](Render::draw); the picture's
/// frame is written once, by [`write_svg`](Render::write_svg): the layout, a picture of its
/// size painted in its paper colour, the game's drawing, the end.
///
/// For pointing at the board (a page where a player clicks a piece and then its target),
/// a game also tells where each cell is drawn ([`cell_centre`](Render::cell_centre)) and
/// which cells a move touches ([`move_cells`](Render::move_cells));
/// [`clickable_svg`](Render::clickable_svg) lays a transparent disc over every cell so that a page can
/// find the cell under the pointer and highlight it.
pub trait Render: Game {
    /// The cell type, for [`SvgOptions::targets_of`]; its `Display` is the cell's name in the
    /// game's notation.
    type Cell: Copy + Eq + fmt::Debug + fmt::Display + core::str::FromStr;

    /// The layout of a picture: its paper, its size and where each cell is drawn.
    type Layout: PictureLayout<Self>;

    /// Every cell of the board, in the game's own order.
    const CELLS: &'static [Self::Cell];

    /// The cells a move touches, in the order a player points at them: where a piece starts,
    /// then each cell it goes to, then any further cell the move chooses (a returned archer's
    /// hole, a relocated King's cell). A drop or a placement has only its cells; a pass none.
    /// Different moves may touch the same cells (a cube step and a stack step, pieces of
    /// different sizes): a player then picks the move among them.
    fn move_cells(&self, mv: Self::Move) -> Vec<Self::Cell>;

    /// Draws this position on `svg`, a picture of `layout`'s size already painted in its
    /// [`PAPER`](PictureLayout::PAPER).
    fn draw(
        &self,
        svg: &mut Svg,
        layout: &Self::Layout,
        options: &SvgOptions<Self::Move, Self::Cell>,
    );

    /// Where the centre of `cell` is drawn in the picture made with `options`, in pixels.
    fn cell_centre(
        &self,
        cell: Self::Cell,
        options: &SvgOptions<Self::Move, Self::Cell>,
    ) -> (f64, f64) {
        Self::Layout::new(self, options).centre(cell)
    }

    /// Writes the picture of this position: its [`draw`](Render::draw)ing on paper of its
    /// layout's size.
    fn write_svg(
        &self,
        out: &mut dyn fmt::Write,
        options: &SvgOptions<Self::Move, Self::Cell>,
    ) -> fmt::Result {
        let layout = Self::Layout::new(self, options);
        let (width, height) = layout.size();
        let mut svg = Svg::with_background(width, height, &Style::fill(Self::Layout::PAPER));
        self.draw(&mut svg, &layout, options);
        svg.finish_into(out)
    }

    /// The picture of this position as a string.
    fn svg(&self, options: &SvgOptions<Self::Move, Self::Cell>) -> String {
        let mut out = String::new();
        let _ = self.write_svg(&mut out, options);
        out
    }

    /// The picture with a layer on top of it for pointing: over each cell a transparent disc
    /// of class `cell` with a `data-cell` attribute holding the cell's name, all in one group
    /// of class `cells`. A page finds the cell under the pointer from the attribute and marks
    /// cells by styling the discs.
    fn clickable_svg(&self, options: &SvgOptions<Self::Move, Self::Cell>) -> String {
        let picture = self.svg(options);
        let body = picture.strip_suffix("</svg>\n").unwrap_or(&picture);
        let mut out = String::with_capacity(body.len() + Self::CELLS.len() * 96 + 32);
        out.push_str(body);
        out.push_str("<g class=\"cells\" fill=\"transparent\">\n");
        let r = cell_size(options) * 0.45;
        for &cell in Self::CELLS {
            let (x, y) = self.cell_centre(cell, options);
            let name = escape(&cell.to_string());
            let _ = writeln!(
                out,
                "<circle class=\"cell\" data-cell=\"{name}\" cx=\"{x:.2}\" cy=\"{y:.2}\" r=\"{r:.2}\"/>"
            );
        }
        out.push_str("</g>\n</svg>\n");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hexagons_close_and_centres_tile() {
        let c = hex_corners(0.0, 0.0, 10.0, true);
        assert!(
            (c[0].0).abs() < 1e-9 && (c[0].1 + 10.0).abs() < 1e-9,
            "corner on top"
        );
        let (a, b) = (pointy_hex_centre(0, 0, 10.0), pointy_hex_centre(1, 0, 10.0));
        assert!(((b.0 - a.0) - 10.0 * 3f64.sqrt()).abs() < 1e-9);
        let d = pointy_hex_centre(0, 1, 10.0);
        assert!((d.1 - 15.0).abs() < 1e-9);
    }

    #[test]
    fn short_arrows_stop_before_the_target_and_none_is_drawn_on_a_point() {
        let mut svg = Svg::with_background(40.0, 40.0, &Style::fill("white"));
        svg.arrow_short_of((5.0, 5.0), (5.0, 5.0), 2.0, 1.0, "red");
        let empty = svg.clone().finish();
        assert_eq!(empty.matches("<line").count(), 0);
        assert_eq!(empty.matches("<rect").count(), 1, "the background");
        // 30 long, stopped 4 short: the head's tip at x = 31; stopped at most halfway.
        svg.arrow_short_of((5.0, 5.0), (35.0, 5.0), 4.0, 1.0, "red");
        svg.arrow_short_of((0.0, 20.0), (10.0, 20.0), 50.0, 1.0, "red");
        let text = svg.finish();
        assert!(text.contains("<polygon points=\"31.00,5.00 "), "{text}");
        assert!(text.contains("<polygon points=\"5.00,20.00 "), "{text}");
    }

    #[test]
    fn the_caption_side_is_the_mover_then_the_winner() {
        use crate::nim::Nim;
        assert_eq!(caption_side(&Nim::at(3, 2)), Some(crate::Side::First));
        let over = Nim::at(0, 0);
        let winner = over.outcome().and_then(|o| o.winner);
        assert!(winner.is_some());
        assert_eq!(caption_side(&over), winner);
        assert_eq!(bottom_side(false), crate::Side::First);
        assert_eq!(bottom_side(true), crate::Side::Second);
        let tiny = SvgOptions::<(), ()> {
            cell: 3,
            ..SvgOptions::default()
        };
        assert_eq!(cell_size(&tiny), 8.0);
        let scale = Scale::of(&tiny.flipped());
        assert_eq!((scale.cell, scale.bottom()), (8.0, crate::Side::Second));
        let paint = Paint {
            body: "red",
            edge: "blue",
            mark: "white",
        };
        assert_eq!(paint.outlined(2.0), Style::fill("red").stroke("blue", 2.0));
    }

    #[test]
    fn option_builders_change_one_field_each() {
        let plain = SvgOptions::<u8, char>::default();
        assert_eq!(plain.with_last_move(Some(3)).last_move, Some(3));
        assert_eq!(plain.with_targets_of('a').targets_of, Some('a'));
        assert!(plain.flipped().flip && !plain.flip);
        let both = plain.with_targets_of('b').flipped();
        assert_eq!(
            both,
            SvgOptions {
                flip: true,
                targets_of: Some('b'),
                ..plain
            }
        );
    }

    #[test]
    fn styles_and_text_are_escaped() {
        let s = Style::fill("red")
            .stroke("blue", 1.5)
            .opacity(0.5)
            .to_string();
        assert_eq!(
            s,
            "fill=\"red\" stroke=\"blue\" stroke-width=\"1.50\" opacity=\"0.50\""
        );
        assert_eq!(escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
        let mut svg = Svg::new(10.0, 10.0);
        svg.begin_group("piece", "a <piece>");
        svg.arrow((0.0, 0.0), (5.0, 5.0), 1.0, "green");
        svg.end_group();
        let text = svg.finish();
        assert_eq!(text.matches("<g ").count(), text.matches("</g>").count());
        assert!(text.contains("a &lt;piece&gt;"));
    }
}
