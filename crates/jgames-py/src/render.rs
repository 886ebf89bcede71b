//! SVG pictures turned into pixels, for the environments' `render_mode="rgb_array"`.
//!
//! Learning tools (Gymnasium's video recorder, notebooks, dashboards) want a frame as an
//! `(height, width, 3)` array of `uint8`, while the games draw themselves as SVG. Rasterising
//! here, in Rust with resvg, keeps the Python package free of a native imaging dependency and
//! makes a frame the same on every machine: the text of the pictures is set in DejaVu Sans,
//! built into the module, never in whatever fonts a machine happens to have. The picture is
//! painted over white, so the frame has no transparency to lose. Pictures are self-contained:
//! an `<image>` that points at a file or carries data is left out, so rendering never reads
//! the disk. The work runs with the interpreter's lock released.

use numpy::{IntoPyArray, PyArray3};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use resvg::tiny_skia::{Color, Pixmap, Transform};
use resvg::usvg::{self, ImageHrefResolver, Options, Tree, fontdb};
use std::sync::{Arc, OnceLock};

/// The largest frame made, in pixels (4096 by 4096): a bound on the memory one call takes.
pub const MAX_PIXELS: u64 = 4096 * 4096;

/// Why a picture could not be turned into a frame.
#[derive(Debug, thiserror::Error)]
pub enum RasterError {
    /// The text is not an SVG picture resvg can read.
    #[error("not a readable SVG picture: {0}")]
    Unreadable(#[from] usvg::Error),
    /// The scale is not a finite number above zero.
    #[error("the scale must be a finite number above 0, not {0}")]
    BadScale(f64),
    /// The frame would have more than [`MAX_PIXELS`] pixels.
    #[error("a frame of {width} x {height} pixels is larger than the limit of {MAX_PIXELS} pixels")]
    TooLarge {
        /// The width asked for, in pixels.
        width: u64,
        /// The height asked for, in pixels.
        height: u64,
    },
}

impl From<RasterError> for PyErr {
    fn from(error: RasterError) -> PyErr {
        PyValueError::new_err(error.to_string())
    }
}

/// A frame: `height` rows of `width` pixels, three bytes (red, green, blue) each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Frame {
    /// The number of rows.
    pub height: usize,
    /// The number of pixels in a row.
    pub width: usize,
    /// The pixels row after row, `height * width * 3` bytes.
    pub rgb: Vec<u8>,
}

/// The font database of every picture: DejaVu Sans (regular and bold) as the sans-serif family,
/// loaded once.
fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut fonts = fontdb::Database::new();
            fonts.load_font_data(dejavu::sans::regular().to_vec());
            fonts.load_font_data(dejavu::sans::bold().to_vec());
            fonts.set_sans_serif_family("DejaVu Sans");
            Arc::new(fonts)
        })
        .clone()
}

/// The frame of `svg` drawn at `scale` times its own size (its `width` and `height`, rounded
/// up to whole pixels), over white.
pub fn rasterize(svg: &str, scale: f64) -> Result<Frame, RasterError> {
    if !(scale.is_finite() && scale > 0.0) {
        return Err(RasterError::BadScale(scale));
    }
    let options = Options {
        font_family: "DejaVu Sans".to_owned(),
        fontdb: fonts(),
        image_href_resolver: ImageHrefResolver {
            resolve_data: Box::new(|_, _, _| None),
            resolve_string: Box::new(|_, _| None),
        },
        ..Options::default()
    };
    let tree = Tree::from_str(svg, &options)?;
    let size = tree.size();
    let width = (f64::from(size.width()) * scale).ceil();
    let height = (f64::from(size.height()) * scale).ceil();
    // Both are finite and positive (usvg refuses a picture without a positive size); the casts
    // saturate, and a saturated value fails the limit below.
    let (width, height) = ((width as u64).max(1), (height as u64).max(1));
    if width.saturating_mul(height) > MAX_PIXELS {
        return Err(RasterError::TooLarge { width, height });
    }
    // Within the limit, both fit in u32 and the pixmap can be made.
    let (w, h) = (width as u32, height as u32);
    let mut pixmap = Pixmap::new(w, h).ok_or(RasterError::TooLarge { width, height })?;
    pixmap.fill(Color::WHITE);
    let sx = w as f32 / size.width();
    let sy = h as f32 / size.height();
    resvg::render(&tree, Transform::from_scale(sx, sy), &mut pixmap.as_mut());
    // Over an opaque background every pixel is opaque, so the premultiplied colours are the
    // colours themselves: drop the alpha byte.
    let rgb = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|rgba| [rgba[0], rgba[1], rgba[2]])
        .collect();
    Ok(Frame {
        height: h as usize,
        width: w as usize,
        rgb,
    })
}

/// The picture `svg` (an SVG text, e.g. a game's `svg()`) as an `(height, width, 3)` array of
/// `uint8` (red, green, blue), drawn at `scale` times its own size over white.
/// `ValueError` for a text that is not an SVG picture, a scale that is not above 0, or a
/// frame of more than 4096 x 4096 pixels.
#[pyfunction]
#[pyo3(signature = (svg, scale=1.0))]
pub fn rasterize_svg<'py>(
    py: Python<'py>,
    svg: &str,
    scale: f64,
) -> PyResult<Bound<'py, PyArray3<u8>>> {
    let frame = py.detach(|| rasterize(svg, scale))?;
    let pixels = numpy::ndarray::Array3::from_shape_vec((frame.height, frame.width, 3), frame.rgb)
        .map_err(|error| pyo3::exceptions::PyRuntimeError::new_err(error.to_string()))?;
    Ok(pixels.into_pyarray(py))
}
