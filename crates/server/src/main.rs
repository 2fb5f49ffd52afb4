//! The `questline` binary: see `questline --help`.

/// mimalloc rather than glibc's allocator: with 20,000 open websockets glibc's arenas keep the holes the
/// handshakes leave, about 0.7 KiB per connection more (measured in `docs/performance.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_arena_eager_commit` and `mi_option_purge_delay` in mimalloc v3's `mimalloc.h` (the Rust bindings name
/// no constants for them).
const MI_OPTION_ARENA_EAGER_COMMIT: libmimalloc_sys::mi_option_t = 4;
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// On Linux (which overcommits) mimalloc commits its arena eagerly by default, and the arena's first chunks end up
/// resident whether or not they hold anything: 16 MiB of the 34 MiB an idle server used. Committing on demand brings
/// idle memory to about 21 MiB after start and 23 MiB after a short journey (docs/performance.md). mimalloc creates
/// its arena while the process loads, before `main`, so the option is set by a constructor that runs ahead of
/// mimalloc's own (a lower `.init_array` priority runs first).
#[used]
#[unsafe(link_section = ".init_array.00100")]
static COMMIT_ON_DEMAND: extern "C" fn() = commit_on_demand;

extern "C" fn commit_on_demand() {
    // SAFETY: sets a process-wide option while the process loads, on its only thread; it allocates nothing.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_ARENA_EAGER_COMMIT, 0) };
}

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
