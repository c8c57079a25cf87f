//! Font subsets: each face cut down to the glyphs a document sets in it, by typst's
//! `subsetter`, before printpdf sees it.
//!
//! printpdf embeds the font program it is given as it is (its own subsetting needs its
//! `text_layout` feature, which brings a whole HTML layout engine into the build), so the
//! subset is made here and handed over with its own character → glyph map. Text stays text:
//! printpdf writes each run as the subset's glyph ids and the ToUnicode map from that
//! character map, so it is searchable and extractable.
//!
//! A subset's tag (the six capitals before `+` in its PostScript name) is derived from the
//! subset program itself, so two PDFs whose subsets of a font differ never share a tag (a
//! print workflow that combines files tells them apart by name) and the same document
//! always gets the same tag.

use std::collections::{BTreeMap, BTreeSet};

use printpdf::ParsedFont;
use sha2::{Digest, Sha256};
use subsetter::GlyphRemapper;

use super::guarded;
use crate::error::{Error, Result};
use crate::layout::fonts::Face;

/// The subset of `face` holding the glyphs of `chars` (characters the face lacks are left
/// out: layout never sets them in it).
pub fn subset(face: &Face, chars: &BTreeSet<char>) -> Result<ParsedFont> {
    let failed = || {
        Error::input(format!(
            "the font {} cannot be embedded in a PDF (its glyphs could not be subset)",
            face.origin
        ))
        .with_hint("use another TrueType or OpenType font")
    };
    let glyphs: BTreeMap<char, u16> = chars
        .iter()
        .filter_map(|&ch| face.metrics.glyph(ch).map(|glyph| (ch, glyph)))
        .collect();
    let mut remapper = GlyphRemapper::new();
    for glyph in glyphs.values().copied().collect::<BTreeSet<u16>>() {
        remapper.remap(glyph);
    }
    let program =
        guarded(|| subsetter::subset(&face.bytes, 0, &remapper), failed)?.map_err(|_| failed())?;
    let mut warnings = Vec::new();
    let mut font = guarded(
        || ParsedFont::from_bytes(&program, 0, &mut warnings),
        failed,
    )?
    .ok_or_else(failed)?;
    font.codepoint_to_glyph = glyphs
        .iter()
        .filter_map(|(&ch, &glyph)| Some((u32::from(ch), remapper.get(glyph)?)))
        .collect();
    font.font_name = Some(format!(
        "{}+{}",
        subset_tag(&program),
        postscript_name(&face.bytes)
    ));
    // The subset keeps no OS/2 table; the descriptor's stem width is estimated from the
    // original's weight class.
    if let Ok(original) = ttf_parser::Face::parse(&face.bytes, 0) {
        font.pdf_font_metrics.us_weight_class = original.weight().to_number();
    }
    Ok(font)
}

/// Six capital letters derived from a subset's font program.
pub fn subset_tag(program: &[u8]) -> String {
    let digest = Sha256::new()
        .chain_update(b"puzzlebook/subset-tag/v1")
        .chain_update(program)
        .finalize();
    digest[..6]
        .iter()
        .map(|&byte| char::from(b'A' + byte % 26))
        .collect()
}

/// The face's PostScript name (name 6), reduced to the characters a PDF name and the
/// PostScript language allow; "Font" when it has none.
fn postscript_name(bytes: &[u8]) -> String {
    let name = ttf_parser::Face::parse(bytes, 0)
        .ok()
        .and_then(|face| {
            face.names()
                .into_iter()
                .filter(|name| name.name_id == ttf_parser::name_id::POST_SCRIPT_NAME)
                .find_map(|name| {
                    name.to_string().or_else(|| {
                        // Macintosh Roman names are bytes; keep their ASCII.
                        Some(name.name.iter().map(|&byte| char::from(byte)).collect())
                    })
                })
        })
        .unwrap_or_default();
    let clean: String = name
        .chars()
        .filter(|ch| ch.is_ascii_alphanumeric() || matches!(ch, '-' | '_' | '.'))
        .take(63 - 7)
        .collect();
    if clean.is_empty() {
        "Font".to_string()
    } else {
        clean
    }
}
