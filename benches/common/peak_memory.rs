//! The process's peak resident memory, shared by the benchmarks that report it.

/// Peak resident set size so far (Linux `VmHWM`), in MiB; 0 where it cannot be read.
pub fn peak_memory_mib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb / 1024)
}
