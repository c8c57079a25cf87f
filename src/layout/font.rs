//! Just enough of TrueType/OpenType to measure text: which characters a font has and how
//! wide they are.
//!
//! Layout must centre digits and right-align page numbers without asking the PDF library
//! (layout is backend-neutral and pure), so it reads the few tables it needs itself: `head`
//! (units per em), `hhea` and `hmtx` (advance widths), `OS/2` (cap height) and `cmap`
//! (characters to glyphs, formats 4 and 12). Every read is bounds-checked: a damaged or
//! foreign file is an error, never a panic. It also checks the structure of TrueType glyph
//! outlines (`loca` and `glyf`), because the PDF library's font embedding asserts on
//! malformed outlines instead of returning an error.

use std::collections::HashMap;

use crate::error::{Error, Result};

/// Fonts with more mapped characters than this are refused (a guard against hostile files).
const MAX_MAPPED_CHARACTERS: usize = 200_000;

/// The measurements of one font face.
#[derive(Clone, Debug)]
pub struct FontMetrics {
    /// The family and style name from the `name` table, when it has one.
    pub name: String,
    units_per_em: f64,
    ascender: f64,
    descender: f64,
    cap_height: f64,
    advances: Vec<u16>,
    glyphs: HashMap<char, u16>,
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn u16(&self, at: usize) -> Option<u16> {
        let slice = self.bytes.get(at..at.checked_add(2)?)?;
        Some(u16::from_be_bytes([slice[0], slice[1]]))
    }
    fn i16(&self, at: usize) -> Option<i16> {
        self.u16(at).map(|value| value as i16)
    }
    fn u32(&self, at: usize) -> Option<u32> {
        let slice = self.bytes.get(at..at.checked_add(4)?)?;
        Some(u32::from_be_bytes([slice[0], slice[1], slice[2], slice[3]]))
    }
    fn table(&self, tag: &[u8; 4]) -> Option<Reader<'a>> {
        let count = usize::from(self.u16(4)?);
        for index in 0..count {
            let record = 12 + index * 16;
            if self.bytes.get(record..record + 4)? == tag {
                let offset = self.u32(record + 8)? as usize;
                let length = self.u32(record + 12)? as usize;
                let bytes = self.bytes.get(offset..offset.checked_add(length)?)?;
                return Some(Reader { bytes });
            }
        }
        None
    }
}

fn damaged(what: &str) -> Error {
    Error::input(format!("the font file is damaged: {what}"))
}

impl FontMetrics {
    /// Reads a TrueType (`.ttf`) or OpenType (`.otf`) file.
    pub fn parse(bytes: &[u8]) -> Result<FontMetrics> {
        let font = Reader { bytes };
        match font.u32(0) {
            Some(0x0001_0000) | Some(0x7472_7565) | Some(0x4F54_544F) => {}
            Some(0x7474_6366) => {
                return Err(
                    Error::input("font collections (.ttc/.otc) are not supported")
                        .with_hint("use a single-face .ttf or .otf file"),
                );
            }
            _ => {
                return Err(Error::input("not a TrueType or OpenType font")
                    .with_hint("name a .ttf or .otf file"));
            }
        }
        let head = font
            .table(b"head")
            .ok_or_else(|| damaged("no 'head' table"))?;
        let hhea = font
            .table(b"hhea")
            .ok_or_else(|| damaged("no 'hhea' table"))?;
        let hmtx = font
            .table(b"hmtx")
            .ok_or_else(|| damaged("no 'hmtx' table"))?;
        let cmap = font
            .table(b"cmap")
            .ok_or_else(|| damaged("no 'cmap' table"))?;
        let units_per_em = head
            .u16(18)
            .filter(|&units| units >= 16)
            .ok_or_else(|| damaged("bad units per em"))?;
        let ascender = hhea.i16(4).ok_or_else(|| damaged("short 'hhea'"))?;
        let descender = hhea.i16(6).ok_or_else(|| damaged("short 'hhea'"))?;
        let metric_count = usize::from(hhea.u16(34).ok_or_else(|| damaged("short 'hhea'"))?);
        if metric_count == 0 {
            return Err(damaged("no horizontal metrics"));
        }
        let mut advances = Vec::with_capacity(metric_count);
        for index in 0..metric_count {
            advances.push(hmtx.u16(index * 4).ok_or_else(|| damaged("short 'hmtx'"))?);
        }
        let cap_height = font
            .table(b"OS/2")
            .and_then(|os2| {
                let version = os2.u16(0)?;
                if version >= 2 { os2.i16(88) } else { None }
            })
            .filter(|&height| height > 0)
            .map_or(f64::from(ascender) * 0.7, f64::from);
        check_outlines(&font, &head)?;
        let glyphs = read_cmap(&cmap)?;
        if glyphs.is_empty() {
            return Err(damaged("its character map is empty"));
        }
        let name = font
            .table(b"name")
            .and_then(|name| read_name(&name))
            .unwrap_or_default();
        let units = f64::from(units_per_em);
        Ok(FontMetrics {
            name,
            units_per_em: units,
            ascender: f64::from(ascender) / units,
            descender: f64::from(descender) / units,
            cap_height: cap_height / units,
            advances,
            glyphs,
        })
    }

    /// The glyph for a character, if the font has one.
    pub fn glyph(&self, ch: char) -> Option<u16> {
        self.glyphs.get(&ch).copied().filter(|&glyph| glyph != 0)
    }

    /// The same font as if it had no glyphs for `chars` (for tests of missing characters).
    #[cfg(test)]
    pub(crate) fn without_chars(mut self, chars: &str) -> FontMetrics {
        self.glyphs.retain(|ch, _| !chars.contains(*ch));
        self
    }

    pub fn has_char(&self, ch: char) -> bool {
        ch.is_whitespace() || self.glyph(ch).is_some()
    }

    /// The characters of `text` the font cannot show, each once, in order of appearance.
    pub fn missing_chars(&self, text: &str) -> Vec<char> {
        let mut missing: Vec<char> = Vec::new();
        for ch in text.chars() {
            if !self.has_char(ch) && !missing.contains(&ch) {
                missing.push(ch);
            }
        }
        missing
    }

    /// The advance of one character in em (0.5 for characters the font lacks).
    pub fn advance(&self, ch: char) -> f64 {
        let Some(glyph) = self.glyphs.get(&ch).copied() else {
            return 0.5;
        };
        let index = usize::from(glyph).min(self.advances.len() - 1);
        f64::from(self.advances[index]) / self.units_per_em
    }

    /// The width of `text` at `size` points.
    pub fn width(&self, text: &str, size: f64) -> f64 {
        text.chars().map(|ch| self.advance(ch)).sum::<f64>() * size
    }

    /// Height of capital letters and digits above the baseline, in em.
    pub fn cap_height(&self) -> f64 {
        self.cap_height
    }

    pub fn ascender(&self) -> f64 {
        self.ascender
    }

    /// Depth below the baseline, in em (negative).
    pub fn descender(&self) -> f64 {
        self.descender
    }
}

/// Checks every TrueType glyph outline: `loca` offsets in order and inside `glyf`, and each
/// simple glyph's contours ending at strictly increasing points that it actually has (a
/// contour of no points makes the PDF library panic). OpenType fonts with CFF outlines have
/// no `glyf` table and pass.
fn check_outlines(font: &Reader<'_>, head: &Reader<'_>) -> Result<()> {
    let Some(glyf) = font.table(b"glyf") else {
        return Ok(());
    };
    let loca = font
        .table(b"loca")
        .ok_or_else(|| damaged("a 'glyf' table without 'loca'"))?;
    let glyph_count = font
        .table(b"maxp")
        .and_then(|maxp| maxp.u16(4))
        .ok_or_else(|| damaged("no 'maxp' table"))?;
    let long_offsets = match head.i16(50) {
        Some(0) => false,
        Some(1) => true,
        _ => return Err(damaged("bad 'loca' format in 'head'")),
    };
    let offset = |index: usize| -> Option<usize> {
        if long_offsets {
            loca.u32(index * 4).map(|value| value as usize)
        } else {
            loca.u16(index * 2).map(|value| usize::from(value) * 2)
        }
    };
    let mut start = offset(0).ok_or_else(|| damaged("short 'loca'"))?;
    for glyph in 0..usize::from(glyph_count) {
        let end = offset(glyph + 1).ok_or_else(|| damaged("short 'loca'"))?;
        if end < start || end > glyf.bytes.len() {
            return Err(damaged(&format!(
                "glyph {glyph} lies outside the 'glyf' table"
            )));
        }
        if end > start {
            let outline = Reader {
                bytes: &glyf.bytes[start..end],
            };
            check_simple_glyph(&outline)
                .ok_or_else(|| damaged(&format!("the outline of glyph {glyph} is malformed")))?;
        }
        start = end;
    }
    Ok(())
}

/// `None` when a simple glyph's contour end points are cut short, not strictly increasing,
/// or point past its instructions; composite glyphs (negative contour counts) pass.
fn check_simple_glyph(outline: &Reader<'_>) -> Option<()> {
    let Ok(contours) = usize::try_from(outline.i16(0)?) else {
        return Some(());
    };
    let mut previous_end: Option<u16> = None;
    for contour in 0..contours {
        let end = outline.u16(10 + contour * 2)?;
        if previous_end.is_some_and(|previous| end <= previous) {
            return None;
        }
        previous_end = Some(end);
    }
    let instructions = usize::from(outline.u16(10 + contours * 2)?);
    let flags_start = 12 + contours * 2 + instructions;
    if previous_end.is_some() && flags_start >= outline.bytes.len() {
        return None;
    }
    Some(())
}

/// The tables that hold TrueType hinting programs.
const HINTING_TABLES: [&[u8; 4]; 3] = [b"fpgm", b"prep", b"cvt "];

/// The same font file without its hinting programs (`fpgm`, `prep`, `cvt `) and without
/// tables that lie outside the file, or `None` when it has no such tables. The PDF library runs a font's hinting bytecode when it loads the font,
/// and its interpreter panics on hostile programs; a printed book never needs hinting (it
/// fits outlines to screen pixels), so fonts named by a spec are embedded without it.
/// Call it on a font [`FontMetrics::parse`] accepted.
pub fn without_hinting(bytes: &[u8]) -> Option<Vec<u8>> {
    let font = Reader { bytes };
    let count = usize::from(font.u16(4)?);
    let mut kept: Vec<([u8; 4], u32, &[u8])> = Vec::with_capacity(count);
    for index in 0..count {
        let record = 12 + index * 16;
        let tag: [u8; 4] = bytes.get(record..record + 4)?.try_into().ok()?;
        if HINTING_TABLES.contains(&&tag) {
            continue;
        }
        let checksum = font.u32(record + 4)?;
        // A table whose record points outside the file is left out too.
        if let Some(table) = font.table(&tag) {
            kept.push((tag, checksum, table.bytes));
        }
    }
    if kept.len() == count {
        return None;
    }
    // The directory header's binary-search fields (saturated: a font may claim 65535 tables).
    let tables = u32::try_from(kept.len()).ok()?;
    let entry_selector = 31 - tables.max(1).leading_zeros();
    let search_range = 16 << entry_selector;
    let field = |value: u32| u16::try_from(value).unwrap_or(u16::MAX).to_be_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..4]);
    for value in [
        tables,
        search_range,
        entry_selector,
        (tables * 16).saturating_sub(search_range),
    ] {
        out.extend_from_slice(&field(value));
    }
    let mut offset = 12 + kept.len() * 16;
    for (tag, checksum, data) in &kept {
        out.extend_from_slice(tag);
        out.extend_from_slice(&checksum.to_be_bytes());
        out.extend_from_slice(&u32::try_from(offset).ok()?.to_be_bytes());
        out.extend_from_slice(&u32::try_from(data.len()).ok()?.to_be_bytes());
        offset += data.len().next_multiple_of(4);
    }
    for (_, _, data) in &kept {
        out.extend_from_slice(data);
        out.resize(out.len().next_multiple_of(4), 0);
    }
    Some(out)
}

fn read_cmap(cmap: &Reader<'_>) -> Result<HashMap<char, u16>> {
    let count = usize::from(cmap.u16(2).ok_or_else(|| damaged("short 'cmap'"))?);
    // Prefer a full-Unicode subtable (format 12), then the BMP one (format 4).
    let mut best: Option<(u32, usize)> = None;
    for index in 0..count {
        let record = 4 + index * 8;
        let (Some(platform), Some(encoding), Some(offset)) =
            (cmap.u16(record), cmap.u16(record + 2), cmap.u32(record + 4))
        else {
            return Err(damaged("short 'cmap'"));
        };
        // The PDF library may pick any record, and trusts its offset.
        if cmap.u32(offset as usize).is_none() {
            return Err(damaged("a character map lies outside the 'cmap' table"));
        }
        let unicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10));
        if !unicode {
            continue;
        }
        let Some(format) = cmap.u16(offset as usize) else {
            continue;
        };
        let rank = match format {
            12 => 2,
            4 => 1,
            _ => 0,
        };
        if rank > 0 && best.is_none_or(|(best_rank, _)| rank > best_rank) {
            best = Some((rank, offset as usize));
        }
    }
    let Some((rank, offset)) = best else {
        return Err(Error::input("the font has no Unicode character map")
            .with_hint("use a Unicode TrueType or OpenType font"));
    };
    let table = Reader {
        bytes: cmap.bytes.get(offset..).unwrap_or_default(),
    };
    let mut glyphs = HashMap::new();
    if rank == 2 {
        read_format12(&table, &mut glyphs)?;
    } else {
        read_format4(&table, &mut glyphs)?;
    }
    Ok(glyphs)
}

fn read_format4(table: &Reader<'_>, glyphs: &mut HashMap<char, u16>) -> Result<()> {
    let short = || damaged("short cmap format 4");
    let segments = usize::from(table.u16(6).ok_or_else(short)? / 2);
    let ends = 14;
    let starts = ends + segments * 2 + 2;
    let deltas = starts + segments * 2;
    let range_offsets = deltas + segments * 2;
    for segment in 0..segments {
        let end = table.u16(ends + segment * 2).ok_or_else(short)?;
        let start = table.u16(starts + segment * 2).ok_or_else(short)?;
        let delta = table.u16(deltas + segment * 2).ok_or_else(short)?;
        let range_at = range_offsets + segment * 2;
        let range_offset = table.u16(range_at).ok_or_else(short)?;
        if start > end || start == 0xFFFF {
            continue;
        }
        for code in start..=end {
            let glyph = if range_offset == 0 {
                code.wrapping_add(delta)
            } else {
                let at = range_at + usize::from(range_offset) + usize::from(code - start) * 2;
                match table.u16(at) {
                    Some(0) | None => 0,
                    Some(glyph) => glyph.wrapping_add(delta),
                }
            };
            if glyph != 0
                && let Some(ch) = char::from_u32(u32::from(code))
            {
                glyphs.insert(ch, glyph);
            }
        }
    }
    Ok(())
}

fn read_format12(table: &Reader<'_>, glyphs: &mut HashMap<char, u16>) -> Result<()> {
    let short = || damaged("short cmap format 12");
    let groups = table.u32(12).ok_or_else(short)? as usize;
    for group in 0..groups {
        let at = 16 + group * 12;
        let start = table.u32(at).ok_or_else(short)?;
        let end = table.u32(at + 4).ok_or_else(short)?;
        let first_glyph = table.u32(at + 8).ok_or_else(short)?;
        if start > end || end > 0x10FFFF {
            continue;
        }
        if glyphs.len() + (end - start) as usize > MAX_MAPPED_CHARACTERS {
            return Err(damaged("implausibly many characters"));
        }
        for code in start..=end {
            let glyph = first_glyph.wrapping_add(code - start);
            if let (Some(ch), Ok(glyph)) = (char::from_u32(code), u16::try_from(glyph))
                && glyph != 0
            {
                glyphs.insert(ch, glyph);
            }
        }
    }
    Ok(())
}

/// The full font name (name id 4), from a Unicode or Windows record.
fn read_name(table: &Reader<'_>) -> Option<String> {
    let count = usize::from(table.u16(2)?);
    let strings = usize::from(table.u16(4)?);
    for index in 0..count {
        let record = 6 + index * 12;
        let platform = table.u16(record)?;
        let name_id = table.u16(record + 6)?;
        let length = usize::from(table.u16(record + 8)?);
        let offset = usize::from(table.u16(record + 10)?);
        if name_id != 4 || !(platform == 0 || platform == 3) {
            continue;
        }
        let bytes = table
            .bytes
            .get(strings + offset..strings + offset + length)?;
        let units: Vec<u16> = bytes
            .chunks_exact(2)
            .map(|pair| u16::from_be_bytes([pair[0], pair[1]]))
            .collect();
        return String::from_utf16(&units).ok();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::fonts::{DEJAVU_SANS, IPAEX_GOTHIC};

    #[test]
    fn reads_the_bundled_fonts() {
        let dejavu = FontMetrics::parse(DEJAVU_SANS).unwrap();
        assert_eq!(dejavu.name, "DejaVu Sans");
        // DejaVu Sans digits are 1303 units wide on a 2048-unit em.
        assert!((dejavu.advance('7') - 1303.0 / 2048.0).abs() < 1e-9);
        assert!(dejavu.has_char('★') && dejavu.has_char('№'));
        assert_eq!(
            dejavu.missing_chars("ナンプレ 12"),
            vec!['ナ', 'ン', 'プ', 'レ']
        );
        assert!(dejavu.cap_height() > 0.6 && dejavu.cap_height() < 0.8);
        let ipaex = FontMetrics::parse(IPAEX_GOTHIC).unwrap();
        assert!(ipaex.missing_chars("ナンプレ・虫食い算 ★ 12").is_empty());
        // Full-width kana are one em wide.
        assert!((ipaex.advance('ナ') - 1.0).abs() < 1e-9);
    }

    #[test]
    fn refuses_non_fonts_without_panicking() {
        assert!(FontMetrics::parse(b"").is_err());
        assert!(FontMetrics::parse(b"%PDF-1.7 not a font").is_err());
        let error = FontMetrics::parse(b"ttcf\0\0\0\0").unwrap_err();
        assert!(error.message().contains("collections"));
        // A truncated real font fails cleanly at every length.
        for length in [4, 12, 100, 1000, 20_000] {
            assert!(
                FontMetrics::parse(&DEJAVU_SANS[..length]).is_err(),
                "{length}"
            );
        }
    }

    /// The byte range of a glyph's outline inside the font file.
    fn glyph_range(font: &[u8], glyph: usize) -> std::ops::Range<usize> {
        let reader = Reader { bytes: font };
        let table_start = |tag: &[u8; 4]| {
            let table = reader.table(tag).unwrap();
            table.bytes.as_ptr() as usize - font.as_ptr() as usize
        };
        let (glyf, loca) = (table_start(b"glyf"), table_start(b"loca"));
        let long = reader.table(b"head").unwrap().i16(50) == Some(1);
        let offset = |index: usize| {
            if long {
                reader.u32(loca + index * 4).unwrap() as usize
            } else {
                usize::from(reader.u16(loca + index * 2).unwrap()) * 2
            }
        };
        glyf + offset(glyph)..glyf + offset(glyph + 1)
    }

    #[test]
    fn refuses_glyph_outlines_the_pdf_library_would_choke_on() {
        let dejavu = FontMetrics::parse(DEJAVU_SANS).unwrap();
        // '8' has three contours; make the second end where the first does (an empty contour).
        let glyph = usize::from(dejavu.glyph('8').unwrap());
        let range = glyph_range(DEJAVU_SANS, glyph);
        let mut damaged = DEJAVU_SANS.to_vec();
        let outline = &mut damaged[range.clone()];
        assert_eq!(i16::from_be_bytes([outline[0], outline[1]]), 3);
        let first_end = [outline[10], outline[11]];
        outline[12..14].copy_from_slice(&first_end);
        let error = FontMetrics::parse(&damaged).unwrap_err();
        assert_eq!(error.exit_code(), 2);
        assert!(
            error
                .message()
                .contains(&format!("glyph {glyph} is malformed")),
            "{error}"
        );

        // An outline that runs past the end of 'glyf'.
        let mut damaged = DEJAVU_SANS.to_vec();
        let outline = &mut damaged[range];
        outline[10..12].copy_from_slice(&[0xFF, 0xF0]);
        outline[12..14].copy_from_slice(&[0xFF, 0xF8]);
        outline[14..16].copy_from_slice(&[0xFF, 0xFF]);
        let instructions = 10 + 3 * 2;
        outline[instructions..instructions + 2].copy_from_slice(&[0xFF, 0xFF]);
        assert!(FontMetrics::parse(&damaged).is_err());
    }

    #[test]
    fn hinting_programs_can_be_left_out() {
        let stripped = without_hinting(DEJAVU_SANS).expect("DejaVu Sans is hinted");
        assert!(stripped.len() < DEJAVU_SANS.len());
        let reader = Reader { bytes: &stripped };
        let tables = reader.u16(4).unwrap();
        let power = 1u16 << (15 - tables.leading_zeros());
        assert_eq!(reader.u16(6), Some(16 * power), "searchRange");
        assert_eq!(
            reader.u16(8),
            Some(power.trailing_zeros() as u16),
            "entrySelector"
        );
        assert_eq!(reader.u16(10), Some(16 * tables - 16 * power), "rangeShift");
        for tag in HINTING_TABLES {
            assert!(reader.table(tag).is_none());
        }
        // Every other table is there, byte for byte, and the font reads the same.
        let original = Reader { bytes: DEJAVU_SANS };
        for tag in [
            b"head", b"hhea", b"hmtx", b"cmap", b"glyf", b"loca", b"maxp", b"name",
        ] {
            assert_eq!(
                reader.table(tag).unwrap().bytes,
                original.table(tag).unwrap().bytes
            );
        }
        let (before, after) = (
            FontMetrics::parse(DEJAVU_SANS).unwrap(),
            FontMetrics::parse(&stripped).unwrap(),
        );
        assert_eq!(before.advance('7'), after.advance('7'));
        assert_eq!(before.name, after.name);
        // Nothing left to strip the second time.
        assert_eq!(without_hinting(&stripped), None);
    }
}
