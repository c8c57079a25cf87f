//! What layout needs to know about a font to measure text: which characters it has, how
//! wide they are, and its vertical metrics.
//!
//! Layout must centre digits and right-align page numbers without asking the PDF library
//! (layout is backend-neutral and pure), so it reads the font through `ttf-parser`: `head`
//! (units per em), `hhea` and `hmtx` (advance widths), `OS/2` (cap height), `name` and a
//! Unicode `cmap` subtable (format 12, else format 4). Characters are looked up in the
//! character map when asked (a binary search over its groups), never by walking every code
//! a group covers: a small hostile file can claim millions of characters.
//!
//! Two checks protect the font subsetter and the PDF library, which assume well-formed fonts:
//! every `cmap` record must point inside the table, and every TrueType glyph outline
//! (`loca` and `glyf`) must be well formed.

use std::sync::Arc;

use ttf_parser::cmap::{Format, Subtable};
use ttf_parser::{FaceParsingError, FromData, LazyArray16, LazyArray32, PlatformId, Tag};

use crate::error::{Error, Result};

thread_local! {
    /// How many advances this thread has looked up (for tests of how much work layout does:
    /// a test hook kept in the library, a thread-local count).
    pub static ADVANCES_LOOKED_UP: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The measurements of one font face.
#[derive(Clone)]
pub struct FontMetrics {
    /// The family and style name from the `name` table, when it has one.
    pub name: String,
    units_per_em: f64,
    ascender: f64,
    descender: f64,
    cap_height: f64,
    advances: Vec<u16>,
    characters: CharacterMap,
    /// Characters treated as missing (for tests of missing characters).
    withheld: Vec<char>,
}

impl std::fmt::Debug for FontMetrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FontMetrics")
            .field("name", &self.name)
            .field("units_per_em", &self.units_per_em)
            .field("glyph_advances", &self.advances.len())
            .field("cmap_bytes", &self.characters.table.len())
            .finish()
    }
}

/// The font's `cmap` table (a copy, so the metrics do not borrow the file) and which of its
/// subtables maps Unicode characters.
#[derive(Clone)]
struct CharacterMap {
    table: Arc<[u8]>,
    subtable: u16,
}

impl CharacterMap {
    fn subtable(&self) -> Option<Subtable<'_>> {
        ttf_parser::cmap::Table::parse(&self.table)?
            .subtables
            .get(self.subtable)
    }

    /// The glyph for `ch`; glyph 0 (the "missing" glyph) counts as none.
    fn glyph(&self, ch: char) -> Option<u16> {
        let glyph = self.subtable()?.glyph_index(u32::from(ch))?;
        (glyph.0 != 0).then_some(glyph.0)
    }
}

fn damaged(what: &str) -> Error {
    Error::input(format!("the font file is damaged: {what}"))
}

impl FontMetrics {
    /// Reads a TrueType (`.ttf`) or OpenType (`.otf`) file.
    pub fn parse(bytes: &[u8]) -> Result<FontMetrics> {
        if bytes.starts_with(b"ttcf") {
            return Err(
                Error::input("font collections (.ttc/.otc) are not supported")
                    .with_hint("use a single-face .ttf or .otf file"),
            );
        }
        let face = ttf_parser::Face::parse(bytes, 0).map_err(|error| match error {
            FaceParsingError::UnknownMagic | FaceParsingError::FaceIndexOutOfBounds => {
                Error::input("not a TrueType or OpenType font")
                    .with_hint("name a .ttf or .otf file")
            }
            FaceParsingError::NoHeadTable => damaged("no usable 'head' table"),
            FaceParsingError::NoHheaTable => damaged("no usable 'hhea' table"),
            FaceParsingError::NoMaxpTable => damaged("no usable 'maxp' table"),
            FaceParsingError::MalformedFont => damaged("its table directory is cut short"),
        })?;
        let tables = face.tables();
        let hmtx = tables
            .hmtx
            .ok_or_else(|| damaged("no usable 'hmtx' table"))?;
        let advances: Vec<u16> = hmtx
            .metrics
            .into_iter()
            .map(|metric| metric.advance)
            .collect();
        if advances.is_empty() {
            return Err(damaged("no horizontal metrics"));
        }
        let units = f64::from(face.units_per_em());
        let (ascender, descender) = (tables.hhea.ascender, tables.hhea.descender);
        let cap_height = face
            .capital_height()
            .filter(|&height| height > 0)
            .map_or(f64::from(ascender) * 0.7, f64::from);
        check_outlines(&face)?;
        let characters = character_map(&face)?;
        let name = face
            .names()
            .into_iter()
            .filter(|name| name.name_id == ttf_parser::name_id::FULL_NAME)
            .filter(|name| matches!(name.platform_id, PlatformId::Unicode | PlatformId::Windows))
            .find_map(|name| name.to_string())
            .unwrap_or_default();
        Ok(FontMetrics {
            name,
            units_per_em: units,
            ascender: f64::from(ascender) / units,
            descender: f64::from(descender) / units,
            cap_height: cap_height / units,
            advances,
            characters,
            withheld: Vec::new(),
        })
    }

    /// The glyph for a character, if the font has one.
    pub fn glyph(&self, ch: char) -> Option<u16> {
        if self.withheld.contains(&ch) {
            return None;
        }
        self.characters.glyph(ch)
    }

    /// The same font as if it had no glyphs for `chars` (for tests of missing characters).
    pub fn without_chars(mut self, chars: &str) -> FontMetrics {
        self.withheld.extend(chars.chars());
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

    /// The advance of one character in em (0.5 for characters the font lacks). Glyphs past
    /// the last horizontal metric share its advance, as the `hmtx` format says.
    pub fn advance(&self, ch: char) -> f64 {
        ADVANCES_LOOKED_UP.with(|count| count.set(count.get() + 1));
        let Some(glyph) = self.glyph(ch) else {
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

/// The Unicode subtable to read (format 12 over format 4), after checking that every
/// record points inside the `cmap` table (the PDF library may pick any record, and trusts
/// its offset).
fn character_map(face: &ttf_parser::Face<'_>) -> Result<CharacterMap> {
    let bytes = face
        .raw_face()
        .table(Tag::from_bytes(b"cmap"))
        .ok_or_else(|| damaged("no 'cmap' table"))?;
    let short = || damaged("short 'cmap'");
    let count = read::<u16>(bytes, 2).ok_or_else(short)?;
    let mut best: Option<(u8, u16)> = None;
    let subtables = face.tables().cmap.ok_or_else(short)?.subtables;
    for index in 0..count {
        let offset = read::<u32>(bytes, 4 + usize::from(index) * 8 + 4).ok_or_else(short)?;
        if read::<u32>(bytes, offset as usize).is_none() {
            return Err(damaged("a character map lies outside the 'cmap' table"));
        }
        let Some(subtable) = subtables.get(index) else {
            continue;
        };
        let unicode = match subtable.platform_id {
            PlatformId::Unicode => true,
            PlatformId::Windows => matches!(subtable.encoding_id, 1 | 10),
            _ => false,
        };
        let rank = match subtable.format {
            Format::SegmentedCoverage(_) => 2,
            Format::SegmentMappingToDeltaValues(_) => 1,
            _ => 0,
        };
        if unicode && rank > 0 && best.is_none_or(|(best_rank, _)| rank > best_rank) {
            best = Some((rank, index));
        }
    }
    let Some((_, subtable)) = best else {
        return Err(Error::input("the font has no Unicode character map")
            .with_hint("use a Unicode TrueType or OpenType font"));
    };
    Ok(CharacterMap {
        table: Arc::from(bytes),
        subtable,
    })
}

/// The big-endian value at `at` in `bytes`, if it is all there.
pub fn read<T: FromData>(bytes: &[u8], at: usize) -> Option<T> {
    T::parse(bytes.get(at..at.checked_add(T::SIZE)?)?)
}

/// Checks every TrueType glyph outline: `loca` offsets in order and inside `glyf`, and each
/// simple glyph's contours ending at strictly increasing points that it actually has (a
/// contour of no points makes the PDF library panic). OpenType fonts with CFF outlines have
/// no `glyf` table and pass.
fn check_outlines(face: &ttf_parser::Face<'_>) -> Result<()> {
    let raw = face.raw_face();
    let Some(glyf) = raw.table(Tag::from_bytes(b"glyf")) else {
        return Ok(());
    };
    let loca = raw
        .table(Tag::from_bytes(b"loca"))
        .ok_or_else(|| damaged("a 'glyf' table without 'loca'"))?;
    let glyph_count = u32::from(face.number_of_glyphs());
    let offsets: Vec<usize> = match face.tables().head.index_to_location_format {
        ttf_parser::head::IndexToLocationFormat::Short => LazyArray32::<u16>::new(loca)
            .into_iter()
            .take(glyph_count as usize + 1)
            .map(|half| usize::from(half) * 2)
            .collect(),
        ttf_parser::head::IndexToLocationFormat::Long => LazyArray32::<u32>::new(loca)
            .into_iter()
            .take(glyph_count as usize + 1)
            .map(|offset| offset as usize)
            .collect(),
    };
    if offsets.len() <= glyph_count as usize {
        return Err(damaged("short 'loca'"));
    }
    for (glyph, range) in offsets.windows(2).enumerate() {
        let (start, end) = (range[0], range[1]);
        if end < start || end > glyf.len() {
            return Err(damaged(&format!(
                "glyph {glyph} lies outside the 'glyf' table"
            )));
        }
        if end > start {
            check_simple_glyph(&glyf[start..end])
                .ok_or_else(|| damaged(&format!("the outline of glyph {glyph} is malformed")))?;
        }
    }
    Ok(())
}

/// `None` when a simple glyph's contour end points are cut short, not strictly increasing,
/// or point past its instructions; composite glyphs (negative contour counts) pass.
fn check_simple_glyph(outline: &[u8]) -> Option<()> {
    let Ok(contours) = usize::try_from(read::<i16>(outline, 0)?) else {
        return Some(());
    };
    let ends = LazyArray16::<u16>::new(outline.get(10..10 + contours * 2)?);
    let mut previous_end: Option<u16> = None;
    for end in ends {
        if previous_end.is_some_and(|previous| end <= previous) {
            return None;
        }
        previous_end = Some(end);
    }
    let instructions = usize::from(read::<u16>(outline, 10 + contours * 2)?);
    let flags_start = 12 + contours * 2 + instructions;
    if previous_end.is_some() && flags_start >= outline.len() {
        return None;
    }
    Some(())
}

/// The tables that hold TrueType hinting programs.
pub const HINTING_TABLES: [&[u8; 4]; 3] = [b"fpgm", b"prep", b"cvt "];

/// The same font file without its hinting programs (`fpgm`, `prep`, `cvt `) and without
/// tables that lie outside the file, or `None` when it has no such tables. A subset keeps a
/// font's hinting bytecode, and PDF viewers run it when they draw the text; a printed book
/// never needs hinting (it fits outlines to screen pixels), so fonts named by a spec are
/// embedded without it, and a hostile program never reaches a reader's viewer.
/// Call it on a font [`FontMetrics::parse`] accepted.
pub fn without_hinting(bytes: &[u8]) -> Option<Vec<u8>> {
    let raw = ttf_parser::RawFace::parse(bytes, 0).ok()?;
    let count = usize::from(raw.table_records.len());
    let mut kept: Vec<([u8; 4], u32, &[u8])> = Vec::with_capacity(count);
    for record in raw.table_records {
        let tag = record.tag.to_bytes();
        if HINTING_TABLES.contains(&&tag) {
            continue;
        }
        // A table whose record points outside the file is left out too.
        let start = record.offset as usize;
        if let Some(table) = start
            .checked_add(record.length as usize)
            .and_then(|end| bytes.get(start..end))
        {
            kept.push((tag, record.check_sum, table));
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
