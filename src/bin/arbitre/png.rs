//! `show --format png`: the SVG picture rendered with resvg, its text in
//! the one font bundled here, so that the PNG is the same on every machine
//! (no system font is read).

use resvg::{tiny_skia, usvg};

/// DejaVu Sans cut down to the characters pictures write (fonts/README.md).
const FONT: &[u8] = include_bytes!("../../../fonts/DejaVuSans-subset.ttf");

/// The largest picture drawn, in pixels a side: arbitre's own pictures are
/// under 1,000, and this bounds the memory an SVG could ask for.
const LARGEST: u32 = 4096;

/// The PNG of an SVG document, at its own size.
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options {
        font_family: arbitre::picture::FONT.to_string(),
        ..usvg::Options::default()
    };
    options.fontdb_mut().load_font_data(FONT.to_vec());
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let (width, height) = (size.width(), size.height());
    if width > LARGEST || height > LARGEST {
        return Err(format!(
            "the picture is {width}x{height} pixels, past {LARGEST}"
        ));
    }
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("no image of {width}x{height} pixels can be made"))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    encoded(pixmap)
}

/// The pixels as a PNG file, deflated at level 1 rather than at the level
/// 6 of `tiny_skia`'s own encoder: the same pixels, filtered alike, in a
/// file about 40% larger at a quarter of the cost (on a crowded Superpion
/// board level 6 alone cost 130 M instructions, three times the drawing;
/// `fdeflate` would save a little more but doubles the file).
fn encoded(pixmap: tiny_skia::Pixmap) -> Result<Vec<u8>, String> {
    let (width, height) = (pixmap.width(), pixmap.height());
    // PNG's colours are straight, tiny-skia's premultiplied by alpha.
    let pixels = pixmap.take_demultiplied();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_deflate_compression(png::DeflateCompression::Level(1));
    encoder.set_filter(png::Filter::Adaptive);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_image_data(&pixels)
        .map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}
