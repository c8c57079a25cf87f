//! The `puzzlebook` binary: a thin shell over [`puzzlebook::cli`].

fn main() {
    std::process::exit(puzzlebook::cli::run());
}
