//! The `questline` binary: see `questline --help`.

fn main() -> std::process::ExitCode {
    questline::cli::main()
}
