//! The `questline` binary: see `questline --help`.

/// mimalloc rather than glibc's allocator: with 20,000 open websockets glibc's arenas keep the holes the
/// handshakes leave, about 0.7 KiB per connection more (measured in `docs/performance.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    questline::cli::main()
}
