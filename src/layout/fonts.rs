//! The fonts a book is set in: the bundled defaults and the roles text plays.

use std::borrow::Cow;

use super::font::{self, FontMetrics};
use crate::error::Result;

/// DejaVu Sans (Bitstream Vera licence, see fonts/LICENSE-DejaVu.txt): the default for
/// Latin text and for all digits.
pub const DEJAVU_SANS: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
/// DejaVu Sans Bold: headings, puzzle numbers, solved digits in answers.
pub const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");
/// IPAexGothic (IPA Font Licence v1.0, see fonts/LICENSE-IPAexGothic.txt): the default
/// for books in Japanese.
pub const IPAEX_GOTHIC: &[u8] = include_bytes!("../../fonts/ipaexg.ttf");
/// BIZ UDGothic Bold (SIL Open Font Licence 1.1, see fonts/LICENSE-BIZUDGothic.txt): the
/// bold of books in Japanese (headings, puzzle numbers, the cover's title). IPAexGothic has
/// no bold; this gothic's strokes and proportions sit well beside it.
pub const BIZ_UD_GOTHIC_BOLD: &[u8] = include_bytes!("../../fonts/BIZUDGothic-Bold.ttf");

/// A bundled font, named in specs by these names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BundledFont {
    DejaVuSans,
    DejaVuSansBold,
    IpaexGothic,
    BizUdGothicBold,
}

impl BundledFont {
    pub const ALL: [BundledFont; 4] = [
        BundledFont::DejaVuSans,
        BundledFont::DejaVuSansBold,
        BundledFont::IpaexGothic,
        BundledFont::BizUdGothicBold,
    ];

    /// The name a spec uses for it.
    pub fn name(self) -> &'static str {
        match self {
            BundledFont::DejaVuSans => "DejaVu Sans",
            BundledFont::DejaVuSansBold => "DejaVu Sans Bold",
            BundledFont::IpaexGothic => "IPAexGothic",
            BundledFont::BizUdGothicBold => "BIZ UDGothic Bold",
        }
    }

    pub fn bytes(self) -> &'static [u8] {
        match self {
            BundledFont::DejaVuSans => DEJAVU_SANS,
            BundledFont::DejaVuSansBold => DEJAVU_SANS_BOLD,
            BundledFont::IpaexGothic => IPAEX_GOTHIC,
            BundledFont::BizUdGothicBold => BIZ_UD_GOTHIC_BOLD,
        }
    }

    pub fn from_name(name: &str) -> Option<BundledFont> {
        BundledFont::ALL
            .into_iter()
            .find(|font| font.name().eq_ignore_ascii_case(name))
    }
}

/// One face: its file and its measurements.
#[derive(Clone, Debug)]
pub struct Face {
    /// Where it came from, for messages: a bundled font's name or a file path.
    pub origin: String,
    pub bytes: Cow<'static, [u8]>,
    pub metrics: FontMetrics,
}

impl Face {
    pub fn bundled(font: BundledFont) -> Face {
        Face {
            origin: font.name().to_string(),
            bytes: Cow::Borrowed(font.bytes()),
            metrics: FontMetrics::parse(font.bytes()).expect("bundled fonts are valid"),
        }
    }

    /// One of the fonts compiled into puzzlebook (not a file a spec named).
    pub fn is_bundled(&self) -> bool {
        matches!(self.bytes, Cow::Borrowed(_))
    }

    /// A face from a font file's bytes; `origin` names the file in errors. The face keeps
    /// the file without its hinting programs (see [`font::without_hinting`]).
    pub fn from_file(origin: impl Into<String>, bytes: Vec<u8>) -> Result<Face> {
        let origin = origin.into();
        let metrics = FontMetrics::parse(&bytes).map_err(|error| error.in_file(origin.clone()))?;
        let bytes = font::without_hinting(&bytes).unwrap_or(bytes);
        Ok(Face {
            origin,
            bytes: Cow::Owned(bytes),
            metrics,
        })
    }
}

/// Which face a piece of text is set in; an index into [`FontSet::faces`].
pub type FaceId = usize;

/// The faces of a book and the role each plays.
#[derive(Clone, Debug)]
pub struct FontSet {
    pub faces: Vec<Face>,
    /// Titles, captions, instructions.
    pub text: FaceId,
    /// Headings and puzzle numbers.
    pub bold: FaceId,
    /// Digits in grids and sums.
    pub digits: FaceId,
    /// Digits an answer reveals.
    pub digits_bold: FaceId,
}

impl FontSet {
    pub fn face(&self, id: FaceId) -> &Face {
        &self.faces[id]
    }

    pub fn metrics(&self, id: FaceId) -> &FontMetrics {
        &self.faces[id].metrics
    }

    /// Adds a face unless an identical one is present; returns its id.
    pub fn add(&mut self, face: Face) -> FaceId {
        if let Some(id) = self
            .faces
            .iter()
            .position(|known| known.bytes == face.bytes)
        {
            return id;
        }
        self.faces.push(face);
        self.faces.len() - 1
    }

    /// The bundled set a language's catalog names (see [`FontSet::bundled`]).
    pub fn for_language(language: crate::i18n::Language) -> FontSet {
        FontSet::bundled(language.script() == crate::i18n::Script::Japanese)
    }

    /// The default set: DejaVu Sans for Latin text, IPAexGothic and BIZ UDGothic Bold for
    /// Japanese text; DejaVu Sans for digits in either case.
    pub fn bundled(japanese: bool) -> FontSet {
        let mut set = FontSet {
            faces: Vec::new(),
            text: 0,
            bold: 0,
            digits: 0,
            digits_bold: 0,
        };
        let regular = set.add(Face::bundled(BundledFont::DejaVuSans));
        let bold = set.add(Face::bundled(BundledFont::DejaVuSansBold));
        set.digits = regular;
        set.digits_bold = bold;
        if japanese {
            set.text = set.add(Face::bundled(BundledFont::IpaexGothic));
            set.bold = set.add(Face::bundled(BundledFont::BizUdGothicBold));
        } else {
            set.text = regular;
            set.bold = bold;
        }
        set
    }
}
