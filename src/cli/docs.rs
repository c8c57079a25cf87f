//! `puzzlebook completions SHELL` and `puzzlebook man`: the program describing itself.
//!
//! Both are generated from the same clap definition that parses the arguments, so they can
//! never fall out of step with the real flags.

use std::path::PathBuf;

use clap::Args;
use clap_complete::Shell;
use roff::{Roff, bold, roman};

use super::Ui;
use super::io::{MissingDirectory, Output, StagedFiles, interrupt};
use crate::error::Error;

#[derive(Debug, Args)]
#[command(after_help = "\
Install the script where your shell looks for completions, e.g.:
  bash        puzzlebook completions bash > ~/.local/share/bash-completion/completions/puzzlebook
  zsh         puzzlebook completions zsh > ~/.zfunc/_puzzlebook
              (with fpath+=~/.zfunc before compinit in ~/.zshrc)
  fish        puzzlebook completions fish > ~/.config/fish/completions/puzzlebook.fish
  elvish      eval (puzzlebook completions elvish | slurp)    (in ~/.config/elvish/rc.elv)
  powershell  puzzlebook completions powershell >> $PROFILE")]
pub struct CompletionsArgs {
    /// The shell to complete for.
    #[arg(value_enum)]
    shell: Shell,
}

#[derive(Debug, Args)]
#[command(after_help = "\
Examples:
  puzzlebook man | man -l -
  puzzlebook man --out /usr/local/share/man/man1")]
pub struct ManArgs {
    /// Write puzzlebook.1 and one page per subcommand (puzzlebook-sudoku-generate.1, ...)
    /// into this directory instead of printing the main page (made when missing; its
    /// parent must exist).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// The name the program is called by in scripts and pages.
const BIN: &str = "puzzlebook";

pub fn completions(args: CompletionsArgs) -> Result<i32, Error> {
    let mut command = super::command();
    // Generators panic on write errors: render to memory, then write as any output.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, BIN, &mut script);
    let script = String::from_utf8(script)
        .map_err(|_| Error::runtime("the completion script is not UTF-8"))?;
    let mut output = Output::stdout();
    output.line(script.trim_end_matches('\n'))?;
    output.flush()?;
    Ok(0)
}

pub fn man(args: ManArgs, ui: Ui) -> Result<i32, Error> {
    let mut root = super::command().disable_help_subcommand(true);
    root.build();
    let Some(directory) = args.out else {
        let mut output = Output::stdout();
        output.line(page(&root, true)?.trim_end_matches('\n'))?;
        output.flush()?;
        return Ok(0);
    };
    // The directory is made when missing, as every command's output directory is.
    let mut files = StagedFiles::new(&directory, MissingDirectory::Create)?;
    let mut pages = Vec::new();
    collect_pages(&root, true, &mut pages)?;
    for (name, _) in &pages {
        files.check(name)?;
    }
    for (name, text) in &pages {
        files.write(name, text.as_bytes())?;
        ui.detail(directory.join(name).display());
    }
    interrupt::finish(|| files.commit())?;
    ui.say(format_args!(
        "{}: {} manual pages",
        directory.display(),
        pages.len()
    ));
    Ok(0)
}

/// The pages of `command` and its visible subcommands, depth first: (file name, roff).
pub fn collect_pages(
    command: &clap::Command,
    root: bool,
    pages: &mut Vec<(String, String)>,
) -> Result<(), Error> {
    let name = command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_string();
    pages.push((format!("{name}.1"), page(command, root)?));
    for sub in command.get_subcommands().filter(|sub| !sub.is_hide_set()) {
        collect_pages(sub, false, pages)?;
    }
    Ok(())
}

/// One manual page: clap_mangen's sections, then the help's notes and examples (set as
/// paragraphs and literal lines, not run together), exit status and environment, see also.
fn page(command: &clap::Command, root: bool) -> Result<String, Error> {
    let name = command
        .get_display_name()
        .unwrap_or_else(|| command.get_name())
        .to_string();
    let version = format!("{BIN} {}", env!("CARGO_PKG_VERSION"));
    // The title line is written here so that its empty date field stays a field.
    let mut bytes = Roff::new()
        .control(
            "TH",
            [
                name.to_uppercase().as_str(),
                "1",
                "\"\"",
                version.as_str(),
                "puzzlebook manual",
            ],
        )
        .to_roff()
        .into_bytes();
    let man = clap_mangen::Man::new(command.clone());
    let rendered = (|| -> std::io::Result<()> {
        man.render_name_section(&mut bytes)?;
        man.render_synopsis_section(&mut bytes)?;
        man.render_description_section(&mut bytes)?;
        if command.get_arguments().any(|arg| !arg.is_hide_set()) {
            man.render_options_section(&mut bytes)?;
        }
        if command.has_subcommands() {
            man.render_subcommands_section(&mut bytes)?;
        }
        Ok(())
    })();
    rendered.map_err(|error| Error::runtime(format!("cannot render the manual page: {error}")))?;
    let mut text =
        String::from_utf8(bytes).map_err(|_| Error::runtime("the manual page is not UTF-8"))?;

    if let Some(after) = command.get_after_help() {
        let (mut notes, mut examples) = (Roff::new(), Roff::new());
        let (mut any_notes, mut any_examples) = (false, false);
        let after = after.to_string();
        for paragraph in after.split("\n\n") {
            let mut lines: Vec<&str> = paragraph
                .lines()
                .filter(|line| !line.trim().is_empty())
                .collect();
            if lines.is_empty() {
                continue;
            }
            let target = if lines[0].trim() == "Examples:" {
                lines.remove(0);
                any_examples = true;
                &mut examples
            } else {
                any_notes = true;
                &mut notes
            };
            target.control("PP", []);
            typeset_paragraph(target, &lines);
        }
        if any_notes {
            text.push_str(&Roff::new().control("SH", ["NOTES"]).to_roff());
            text.push_str(&notes.to_roff());
        }
        if any_examples {
            text.push_str(&Roff::new().control("SH", ["EXAMPLES"]).to_roff());
            text.push_str(&examples.to_roff());
        }
    }

    let mut roff = Roff::new();
    if root {
        roff.control("SH", ["EXIT STATUS"])
            .control("TP", [])
            .text([bold("0")])
            .text([roman("Success.")])
            .control("TP", [])
            .text([bold("1")])
            .text([roman(
                "A run-time failure: a puzzle without a unique solution, a request that \
                 cannot be met in time, an output that cannot be written.",
            )])
            .control("TP", [])
            .text([bold("2")])
            .text([roman(
                "Bad input or usage: a malformed puzzle or spec (the message names the file, \
                 line and column), an unknown flag, a missing file.",
            )]);
        roff.control("SH", ["ENVIRONMENT"])
            .control("TP", [])
            .text([bold("NO_COLOR")])
            .text([roman(
                "When set to a non-empty value, help and messages are never coloured.",
            )])
            .control("TP", [])
            .text([bold("CLICOLOR_FORCE")])
            .text([roman(
                "When set to a non-empty value other than 0 (and NO_COLOR is not set), \
                 messages are coloured even when standard error is not a terminal.",
            )]);
        roff.control("SH", ["SEE ALSO"]).text([roman(
            "The book spec reference is docs/spec.md in the puzzlebook sources; the README \
             describes the puzzle formats, the rating scales and the seed derivation.",
        )]);
    } else {
        roff.control("SH", ["SEE ALSO"])
            .text([bold(BIN), roman("(1)")]);
    }
    text.push_str(&roff.to_roff());
    Ok(text)
}

/// Help text as roff: runs of flush-left lines are filled into running text, runs of
/// indented lines (examples, sample output, tables) are kept line for line.
fn typeset_paragraph(roff: &mut Roff, lines: &[&str]) {
    let indented = |line: &str| line.starts_with(' ');
    let mut at = 0;
    while at < lines.len() {
        let literal = indented(lines[at]);
        let end = lines[at..]
            .iter()
            .position(|line| indented(line) != literal)
            .map_or(lines.len(), |length| at + length);
        let run = &lines[at..end];
        if literal {
            let margin = run
                .iter()
                .map(|line| line.len() - line.trim_start().len())
                .min()
                .unwrap_or(0);
            roff.control("RS", []).control("nf", []);
            for line in run {
                roff.text([roman(line[margin..].trim_end())]);
            }
            roff.control("fi", []).control("RE", []);
        } else {
            let joined: Vec<&str> = run.iter().map(|line| line.trim()).collect();
            roff.text([roman(joined.join(" "))]);
        }
        at = end;
    }
}
