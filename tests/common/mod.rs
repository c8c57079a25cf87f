//! Shared helpers for the book tests: run the CLI, and read a PDF back with lopdf
//! (text runs with their positions, page boxes, embedded fonts).

#![allow(dead_code)] // each test file uses a different part

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use lopdf::content::Content;
use lopdf::{Document, Object, ObjectId};
use serde_json::Value;

mod examples;
pub use examples::example_books;

/// A fresh directory for one test under Cargo's target tmp dir.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("book-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `puzzlebook ARGS…` in-process; returns the exit code.
pub fn puzzlebook(args: &[&str]) -> i32 {
    let mut all = vec!["puzzlebook"];
    all.extend_from_slice(args);
    puzzlebook::cli::run_with(all)
}

/// Runs the real `puzzlebook` binary with `stdin` as its standard input.
pub fn run_binary(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlebook"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    // A command refused at its arguments exits without reading its input: the pipe may
    // close before the input is written.
    if let Err(error) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(error.kind(), std::io::ErrorKind::BrokenPipe, "{error}");
    }
    child.wait_with_output().unwrap()
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Writes `spec` to DIR/NAME.toml and builds it to DIR/NAME.pdf; returns the exit code.
pub fn build(dir: &Path, name: &str, spec: &str, extra: &[&str]) -> i32 {
    let spec_path = dir.join(format!("{name}.toml"));
    std::fs::write(&spec_path, spec).unwrap();
    let pdf = dir.join(format!("{name}.pdf"));
    let mut args = vec![
        "book",
        spec_path.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
        "--quiet",
    ];
    args.extend_from_slice(extra);
    puzzlebook(&args)
}

/// Builds `spec` as `NAME.toml` in `dir` to `NAME.pdf`, messages shown: the exit code, the
/// standard error and whether the PDF exists afterwards (for refusals).
pub fn build_output(dir: &Path, name: &str, spec: &str) -> (Option<i32>, String, bool) {
    let spec_path = dir.join(format!("{name}.toml"));
    let pdf = dir.join(format!("{name}.pdf"));
    std::fs::write(&spec_path, spec).unwrap();
    let output = run_binary(
        &[
            "book",
            spec_path.to_str().unwrap(),
            "-o",
            pdf.to_str().unwrap(),
        ],
        "",
    );
    (output.status.code(), stderr(&output), pdf.exists())
}

pub fn manifest(pdf: &Path) -> Value {
    let text = std::fs::read_to_string(pdf.with_extension("json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// One shown text run: where its baseline starts (PDF coordinates) and what it says.
#[derive(Clone, Debug)]
pub struct Run {
    pub x: f64,
    pub y: f64,
    /// The font size, in points.
    pub size: f64,
    pub text: String,
}

/// A PDF read back.
pub struct Pdf {
    pub document: Document,
    pub pages: Vec<ObjectId>,
}

impl Pdf {
    pub fn load(path: &Path) -> Pdf {
        let bytes = std::fs::read(path).unwrap();
        let document = Document::load_mem(&bytes).unwrap();
        let pages = document.get_pages().into_values().collect();
        Pdf { document, pages }
    }

    pub fn page_count(&self) -> usize {
        self.pages.len()
    }

    /// A page box (`MediaBox`, `TrimBox`, …) of page `number` (from 1). lopdf reads reals
    /// as f32, so values are rounded back to the 1/100 pt the file writes.
    pub fn page_box(&self, number: usize, key: &[u8]) -> Vec<f64> {
        let page = self
            .document
            .get_dictionary(self.pages[number - 1])
            .unwrap();
        page.get(key)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|value| (value.as_float().unwrap() as f64 * 100.0).round() / 100.0)
            .collect()
    }

    fn resolve<'a>(&'a self, object: &'a Object) -> &'a Object {
        match object {
            Object::Reference(id) => self.document.get_object(*id).unwrap(),
            other => other,
        }
    }

    /// Every font: (BaseFont, whether its program is embedded).
    pub fn fonts(&self) -> Vec<(String, bool)> {
        let mut fonts = Vec::new();
        for (_, object) in self.document.objects.iter() {
            let Ok(dict) = object.as_dict() else { continue };
            if dict.get(b"Type").ok().and_then(|t| t.as_name().ok()) != Some(b"Font") {
                continue;
            }
            if dict.get(b"Subtype").ok().and_then(|t| t.as_name().ok()) != Some(b"Type0") {
                continue;
            }
            let name = String::from_utf8_lossy(dict.get(b"BaseFont").unwrap().as_name().unwrap())
                .into_owned();
            let descendant = self
                .resolve(dict.get(b"DescendantFonts").unwrap())
                .as_array()
                .unwrap()[0]
                .clone();
            let descendant = self.resolve(&descendant).as_dict().unwrap();
            let descriptor = self
                .resolve(descendant.get(b"FontDescriptor").unwrap())
                .as_dict()
                .unwrap();
            let embedded = descriptor.has(b"FontFile2") || descriptor.has(b"FontFile3");
            fonts.push((name, embedded));
        }
        fonts.sort();
        fonts
    }

    /// The glyph → text map of a Type0 font's ToUnicode CMap.
    fn to_unicode(&self, font: &lopdf::Dictionary) -> BTreeMap<u16, String> {
        let mut map = BTreeMap::new();
        let Ok(reference) = font.get(b"ToUnicode") else {
            return map;
        };
        let stream = self.resolve(reference).as_stream().unwrap();
        let data = stream
            .decompressed_content()
            .unwrap_or_else(|_| stream.content.clone());
        let text = String::from_utf8_lossy(&data);
        let hex_values = |line: &str| -> Vec<String> {
            line.split('<')
                .skip(1)
                .map(|part| part.split('>').next().unwrap().to_string())
                .collect()
        };
        let decode = |hex: &str| -> String {
            let units: Vec<u16> = (0..hex.len() / 4)
                .map(|i| u16::from_str_radix(&hex[i * 4..i * 4 + 4], 16).unwrap())
                .collect();
            String::from_utf16_lossy(&units)
        };
        let mut mode = "";
        for line in text.lines() {
            let line = line.trim();
            if line.ends_with("beginbfchar") {
                mode = "char";
                continue;
            }
            if line.ends_with("beginbfrange") {
                mode = "range";
                continue;
            }
            if line.starts_with("endbf") {
                mode = "";
                continue;
            }
            let values = hex_values(line);
            match mode {
                "char" if values.len() >= 2 => {
                    map.insert(
                        u16::from_str_radix(&values[0], 16).unwrap(),
                        decode(&values[1]),
                    );
                }
                "range" if values.len() >= 3 => {
                    let start = u16::from_str_radix(&values[0], 16).unwrap();
                    let end = u16::from_str_radix(&values[1], 16).unwrap();
                    let first = u32::from_str_radix(&values[2], 16).unwrap();
                    for (k, glyph) in (start..=end).enumerate() {
                        let ch = char::from_u32(first + k as u32).unwrap().to_string();
                        map.insert(glyph, ch);
                    }
                }
                _ => {}
            }
        }
        map
    }

    /// The text runs of page `number` (from 1), each at the start of its baseline.
    pub fn runs(&self, number: usize) -> Vec<Run> {
        let page_id = self.pages[number - 1];
        let fonts = self.document.get_page_fonts(page_id).unwrap();
        let maps: BTreeMap<Vec<u8>, BTreeMap<u16, String>> = fonts
            .iter()
            .map(|(name, font)| (name.clone(), self.to_unicode(font)))
            .collect();
        let content = Content::decode(&self.document.get_page_content(page_id)).unwrap();
        let mut runs = Vec::new();
        let mut font: Vec<u8> = Vec::new();
        let mut size = 0.0;
        let (mut x, mut y) = (0.0, 0.0);
        let number_of = |object: &Object| object.as_float().unwrap() as f64;
        for operation in &content.operations {
            match operation.operator.as_str() {
                "Tf" => {
                    font = operation.operands[0].as_name().unwrap().to_vec();
                    size = number_of(&operation.operands[1]);
                }
                "Tm" => {
                    x = number_of(&operation.operands[4]);
                    y = number_of(&operation.operands[5]);
                }
                "Td" => {
                    x += number_of(&operation.operands[0]);
                    y += number_of(&operation.operands[1]);
                }
                "Tj" | "TJ" => {
                    let strings: Vec<&Object> = if operation.operator == "Tj" {
                        vec![&operation.operands[0]]
                    } else {
                        operation.operands[0].as_array().unwrap().iter().collect()
                    };
                    let map = &maps[&font];
                    let mut text = String::new();
                    for string in strings {
                        if let Object::String(bytes, _) = string {
                            for pair in bytes.chunks(2) {
                                let glyph = u16::from_be_bytes([pair[0], pair[1]]);
                                text.push_str(map.get(&glyph).map_or("\u{fffd}", String::as_str));
                            }
                        }
                    }
                    runs.push(Run { x, y, size, text });
                }
                _ => {}
            }
        }
        runs
    }

    /// The text inside a manifest box on page `number`, in reading order.
    pub fn text_in(&self, number: usize, bbox: &[f64]) -> String {
        let height = self.page_box(number, b"MediaBox")[3];
        let (left, top, width, box_height) = (bbox[0], bbox[1], bbox[2], bbox[3]);
        let mut inside: Vec<(f64, f64, String)> = self
            .runs(number)
            .into_iter()
            .filter_map(|run| {
                let down = height - run.y;
                let within = run.x >= left
                    && run.x <= left + width
                    && down >= top
                    && down <= top + box_height;
                within.then_some((down, run.x, run.text))
            })
            .collect();
        inside.sort_by(|a, b| {
            let line = |y: f64| (y * 2.0).round() as i64;
            line(a.0).cmp(&line(b.0)).then(a.1.total_cmp(&b.1))
        });
        inside.into_iter().map(|(_, _, text)| text).collect()
    }

    /// All text of a page, in content order.
    pub fn page_text(&self, number: usize) -> String {
        self.runs(number)
            .into_iter()
            .map(|run| run.text)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// The digits of a puzzle line (sudoku or mushikui-zan), in order.
pub fn given_digits(line: &str) -> String {
    let body = line.split_once(':').map_or(line, |(_, rows)| rows);
    body.chars().filter(char::is_ascii_digit).collect()
}

/// The rows of a mushikui-zan line that a printed book shows, by the books' rule written out
/// here on its own (not taken from the layout code): a long division leaves out the rows of
/// a quotient digit the puzzle shows to be 0 (given as 0 in the quotient, or its product
/// given as a lone 0): that step's product, and the partial remainder before it (the first
/// partial dividend is part of the dividend, always printed).
pub fn printed_rows(puzzle: &str) -> Vec<bool> {
    let (operation, rows) = puzzle.split_once(':').unwrap();
    let rows: Vec<&str> = rows.split(',').collect();
    let mut printed = vec![true; rows.len()];
    if operation == "div" {
        let quotient: Vec<char> = rows[0].chars().collect();
        for (step, &digit) in quotient.iter().enumerate() {
            let product = 3 + 2 * step;
            if digit == '0' || rows[product] == "0" {
                printed[product] = false;
                if step > 0 {
                    printed[product - 1] = false;
                }
            }
        }
    }
    printed
}

/// The text a reader finds inside a puzzle's box and inside its answer's box: the digits of
/// the printed rows, in row-list order.
pub fn expected_text(kind: &str, puzzle: &str, solution: &str) -> (String, String) {
    match kind {
        "sudoku" => (given_digits(puzzle), given_digits(solution)),
        "mushikui" => {
            let printed = printed_rows(puzzle);
            let digits = |line: &str| -> String {
                let rows = line.split_once(':').unwrap().1.split(',');
                rows.zip(&printed)
                    .filter(|(_, printed)| **printed)
                    .flat_map(|(row, _)| row.chars().filter(char::is_ascii_digit))
                    .collect()
            };
            (digits(puzzle), digits(solution))
        }
        other => panic!("unknown kind {other}"),
    }
}

/// The text inside a sudoku variant's boxes: values as decimal numbers, letters for
/// letters, nothing for shapes (they are drawn, not written).
pub fn symbol_text(
    symbols: &str,
    letters: Option<&str>,
    puzzle: &str,
    solution: &str,
) -> (String, String) {
    let text = |line: &str| -> String {
        let grid = puzzlebook::sudoku::variant::parse_any(line).unwrap();
        grid.cells()
            .iter()
            .filter(|&&value| value != 0)
            .map(|&value| match symbols {
                "shapes" => String::new(),
                "letters" => letters
                    .unwrap()
                    .chars()
                    .nth(usize::from(value) - 1)
                    .unwrap()
                    .to_string(),
                _ => value.to_string(),
            })
            .collect()
    };
    (text(puzzle), text(solution))
}

/// The text inside a killer's boxes, written out from its line: row by row, the sums of
/// the cages whose first cell (topmost, then leftmost) is in the row, left to right, then
/// the row's givens; an answer holds the solution's digits only (its cages have no sums).
pub fn killer_text(puzzle: &str, solution: &str) -> (String, String) {
    let parts: Vec<&str> = puzzle.split(':').collect();
    let (givens, cages, sums) = (parts[1], parts[2], parts[3]);
    let side = (givens.len() as f64).sqrt() as usize;
    let sums: Vec<&str> = sums.split(',').collect();
    let cage_chars: Vec<char> = cages.chars().collect();
    let given_chars: Vec<char> = givens.chars().collect();
    let mut seen: Vec<char> = Vec::new();
    let mut text = String::new();
    for (labels, givens) in cage_chars.chunks(side).zip(given_chars.chunks(side)) {
        for &label in labels {
            if !seen.contains(&label) {
                seen.push(label);
                text.push_str(sums[seen.len() - 1]);
            }
        }
        text.extend(
            givens
                .iter()
                .filter(|&&given| given.is_ascii_digit() && given != '0'),
        );
    }
    let answer: String = solution.split(':').nth(1).unwrap().to_string();
    (text, answer)
}

/// The text inside a jigsaw's box when its regions are numbered: each row's region
/// numbers (set near the top of a cell, above its digit) and then its givens. A region's
/// number sits in its first cell holding a given (top to bottom, left to right), or its
/// first cell when it has none.
pub fn jigsaw_text(line: &str) -> String {
    let grid = puzzlebook::sudoku::variant::parse_any(line).unwrap();
    let regions = grid.geometry().regions();
    let values = grid.cells();
    let side = grid.geometry().side();
    let mut label_cells = vec![None; side * side];
    let count = regions.iter().map(|&r| usize::from(r) + 1).max().unwrap();
    for region in 0..count {
        let cells: Vec<usize> = (0..regions.len())
            .filter(|&cell| usize::from(regions[cell]) == region)
            .collect();
        let cell = cells
            .iter()
            .copied()
            .find(|&cell| values[cell] != 0)
            .unwrap_or(cells[0]);
        label_cells[cell] = Some(region + 1);
    }
    let mut text = String::new();
    for row in 0..side {
        let cells = row * side..(row + 1) * side;
        for cell in cells.clone() {
            if let Some(number) = label_cells[cell] {
                text.push_str(&number.to_string());
            }
        }
        for cell in cells {
            if values[cell] != 0 {
                text.push_str(&values[cell].to_string());
            }
        }
    }
    text
}

/// Checks every puzzle and answer of a manifest against the PDF: right page, right digits
/// inside the box. Returns the number of boxes checked.
pub fn check_manifest_against_pdf(pdf_path: &Path) -> usize {
    let manifest = manifest(pdf_path);
    let pdf = Pdf::load(pdf_path);
    assert_eq!(
        manifest["pages"].as_u64().unwrap() as usize,
        pdf.page_count()
    );
    let mut checked = 0;
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let number = puzzle["number"].as_u64().unwrap();
        let page = puzzle["page"].as_u64().unwrap() as usize;
        let bbox: Vec<f64> = puzzle["bbox"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .collect();
        let line = puzzle["puzzle"].as_str().unwrap();
        let solution_line = puzzle["solution"].as_str().unwrap();
        let (given, solution) = match (puzzle["symbols"].as_str(), puzzle["variant"].as_str()) {
            (Some(symbols), _) => {
                symbol_text(symbols, puzzle["letters"].as_str(), line, solution_line)
            }
            (None, Some("killer")) => killer_text(line, solution_line),
            (None, _) => expected_text(puzzle["kind"].as_str().unwrap(), line, solution_line),
        };
        // A jigsaw a hint or walkthrough refers to numbers its regions in the grid.
        let referred = puzzle["hint_page"].is_u64() || puzzle["walkthrough_pages"].is_array();
        let given = if referred && puzzle["variant"].as_str() == Some("jigsaw") {
            jigsaw_text(line)
        } else {
            given
        };
        let text = pdf.text_in(page, &bbox);
        // A drill shows its position (the manifest's `drill`): values and pencil marks.
        let drill = drill_digits(puzzle);
        let (given, text) = match &drill {
            Some((question, _)) => (question.clone(), sorted_digits(&text)),
            None => (given, text),
        };
        assert_eq!(text, given, "puzzle {number} on page {page}");
        assert!(
            pdf.page_text(page).contains(&number.to_string()),
            "puzzle {number}'s caption"
        );
        checked += 1;
        if let Some(answer_page) = puzzle["answer_page"].as_u64() {
            let answer_page = answer_page as usize;
            let bbox: Vec<f64> = puzzle["answer_bbox"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap())
                .collect();
            let (text, solution) = match &drill {
                Some((_, answer)) => (
                    sorted_digits(&pdf.text_in(answer_page, &bbox)),
                    answer.clone(),
                ),
                None => (pdf.text_in(answer_page, &bbox), solution.clone()),
            };
            assert_eq!(text, solution, "answer {number} on page {answer_page}");
            checked += 1;
        }
    }
    checked
}

/// The digits of a text, sorted.
fn sorted_digits(text: &str) -> String {
    let mut digits: Vec<char> = text.chars().filter(char::is_ascii_digit).collect();
    digits.sort_unstable();
    digits.into_iter().collect()
}

/// The digits a drill's question and answer figures print (sorted), from its manifest
/// record: the position's values and pencil marks; the answer adds the digits it circles,
/// whose cells show no pencil marks.
fn drill_digits(puzzle: &Value) -> Option<(String, String)> {
    let drill = puzzle.get("drill")?;
    let position = drill["position"].as_str().unwrap();
    if puzzle["kind"].as_str() == Some("mushikui") {
        return Some(mushikui_drill_digits(puzzle, drill));
    }
    let candidates: Vec<&str> = drill["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|marks| marks.as_str().unwrap())
        .collect();
    let placed: Vec<(usize, u64)> = drill["placements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|pair| {
            (
                pair[0].as_u64().unwrap() as usize,
                pair[1].as_u64().unwrap(),
            )
        })
        .collect();
    // Values as the figure prints them (`A` is 10); a jigsaw's region numbers and a
    // killer's cage sums are printed too.
    let printed = |characters: &str| -> String {
        characters
            .chars()
            .filter(|&c| c != '0')
            .map(|c| c.to_digit(36).unwrap().to_string())
            .collect()
    };
    let candidates: Vec<String> = candidates.iter().map(|marks| printed(marks)).collect();
    let line = puzzle["puzzle"].as_str().unwrap();
    let labels: String = match puzzle["variant"].as_str() {
        Some("jigsaw") => (1..=(position.len() as f64).sqrt() as usize)
            .map(|region| region.to_string())
            .collect(),
        Some("killer") => line.rsplit(':').next().unwrap().replace(',', ""),
        _ => String::new(),
    };
    let values = format!("{}{labels}", printed(position));
    let question = sorted_digits(&format!("{values}{}", candidates.concat()));
    let mut answer = values;
    for (cell, marks) in candidates.iter().enumerate() {
        match placed.iter().find(|(at, _)| *at == cell) {
            Some((_, digit)) => answer.push_str(&digit.to_string()),
            None => answer.push_str(marks),
        }
    }
    Some((question, sorted_digits(&answer)))
}

/// A mushikui-zan drill's question and answer digits (sorted): the position's shown
/// digits, and those with the digits the answer marks, over the rows the figure prints
/// (those of the puzzle itself).
fn mushikui_drill_digits(puzzle: &Value, drill: &Value) -> (String, String) {
    let position = drill["position"].as_str().unwrap();
    let (head, rows) = position.split_once(':').unwrap();
    let mut rows: Vec<Vec<char>> = rows.split(',').map(|row| row.chars().collect()).collect();
    for found in drill["found"].as_array().unwrap() {
        let (row, index) = (found[0].as_u64().unwrap(), found[1].as_u64().unwrap());
        let digit = found[2].as_u64().unwrap() as u32;
        rows[row as usize][index as usize] = char::from_digit(digit, 10).unwrap();
    }
    let answer: Vec<String> = rows.iter().map(|row| row.iter().collect()).collect();
    let answer = format!("{head}:{}", answer.join(","));
    let printed = printed_rows(puzzle["puzzle"].as_str().unwrap());
    let digits = |line: &str| -> String {
        let rows = line.split_once(':').unwrap().1.split(',');
        let text: String = rows
            .zip(&printed)
            .filter(|(_, printed)| **printed)
            .flat_map(|(row, _)| row.chars().filter(char::is_ascii_digit))
            .collect();
        sorted_digits(&text)
    };
    (digits(position), digits(&answer))
}

/// A book spec's puzzles made, taught (walkthroughs, hints, techniques) and paginated, as
/// `puzzlebook book` does before composing, in the library.
pub struct Settled {
    pub spec: puzzlebook::book::Spec,
    pub fonts: puzzlebook::layout::fonts::FontSet,
    pub plan: puzzlebook::book::Plan,
    pub puzzles: Vec<puzzlebook::book::plan::Puzzle>,
    pub taught: puzzlebook::book::plan::Teaching,
    pub pagination: puzzlebook::layout::compose::Pagination,
    pub geometry: puzzlebook::layout::compose::Geometry,
}

/// [`Settled`] for the spec `text` (`japanese`: with the Japanese fonts).
pub fn settled(text: &str, japanese: bool) -> Settled {
    let spec = puzzlebook::book::Spec::parse("book.toml", text, None).unwrap();
    let fonts = puzzlebook::layout::fonts::FontSet::bundled(japanese);
    let plan = puzzlebook::book::Plan::new(&spec).unwrap();
    let puzzles = plan
        .make(&spec, &[], &Default::default(), None, &|_| {})
        .unwrap()
        .puzzles;
    let taught = puzzlebook::book::plan::teaching(&spec, &plan, &puzzles).unwrap();
    let (pagination, geometry) =
        puzzlebook::layout::settle(&spec, &fonts, &puzzles, &taught).unwrap();
    Settled {
        spec,
        fonts,
        plan,
        puzzles,
        taught,
        pagination,
        geometry,
    }
}
