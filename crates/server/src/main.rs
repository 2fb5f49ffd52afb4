//! The `questline` binary: see `questline --help`.

/// mimalloc rather than glibc's allocator: with 20,000 open websockets glibc's arenas keep the holes the
/// handshakes leave, about 0.7 KiB per connection more (measured in `docs/performance.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc v3's `mimalloc.h` (the Rust bindings name no constant for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> std::process::ExitCode {
    // mimalloc returns freed memory to the system only when a later allocation on the same thread notices that the
    // purge delay has passed; an idle server makes none, so what start-up and the last requests freed (argon2's
    // 19 MiB per password hash, the migrations) stayed resident: 47 MiB idle, 93-99 MiB after a short journey.
    // Purging at once costs an madvise per freed page span, which the websocket benchmark does not notice
    // (docs/performance.md).
    // SAFETY: sets a process-wide option before any other thread exists; mimalloc reads it at each purge.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    questline::cli::main()
}
