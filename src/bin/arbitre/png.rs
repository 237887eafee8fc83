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

/// PNG's filter that writes each byte as its difference from the byte
/// above: on flat colours most rows become zeros.
const UP: u8 = 2;

/// The pixels as a PNG file: each row filtered `UP`, then the whole image
/// deflated at level 1 in one call. The `png` crate's own path (adaptive
/// filters, its deflater fed row by row) zeroed a 32 KiB buffer at every
/// row, 38 M instructions of its 82 M on a crowded Superpion board; this
/// costs 28 M, for a file of the same size within 1%.
fn encoded(pixmap: tiny_skia::Pixmap) -> Result<Vec<u8>, String> {
    let (width, height) = (pixmap.width(), pixmap.height());
    // PNG's colours are straight, tiny-skia's premultiplied by alpha.
    let pixels = pixmap.take_demultiplied();
    let row = width as usize * 4;
    let mut filtered = Vec::with_capacity((row + 1) * height as usize);
    let mut above: Option<&[u8]> = None;
    for line in pixels.chunks_exact(row.max(1)) {
        filtered.push(UP);
        match above {
            None => filtered.extend_from_slice(line),
            Some(above) => filtered.extend(line.iter().zip(above).map(|(b, a)| b.wrapping_sub(*a))),
        }
        above = Some(line);
    }
    let deflated = miniz_oxide::deflate::compress_to_vec_zlib(&filtered, 1);
    let mut out = Vec::with_capacity(deflated.len() + 64);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
    writer
        .write_chunk(png::chunk::IDAT, &deflated)
        .map_err(|e| e.to_string())?;
    writer.finish().map_err(|e| e.to_string())?;
    Ok(out)
}
