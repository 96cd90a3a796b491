#if canImport(Glibc)
import Glibc
#endif

/// Allocator settings for a one-shot build, a process that exits when the site is written.
enum OneShotMemory {
    /// glibc grows each worker thread's heap a few pages at a time (one `mprotect` each) and gives its
    /// free top back to the kernel past 128 KB, to fault it in again on the next allocation: a cold
    /// 1000-post build made about 5,000 `mprotect` calls and 29,100 page faults. With a 64 MB pad a
    /// thread's heap is opened whole when the thread first allocates, and a process about to exit keeps
    /// what it freed: 53 calls, 26,400 faults, the same peak memory. Called before the first hop to a
    /// worker thread; not for `galley serve`, whose memory should shrink between saves.
    static func keepFreedMemory() {
        #if canImport(Glibc)
        // `mallopt` is in <malloc.h>, which the Glibc module does not import; its parameter numbers
        // are glibc's ABI (M_TRIM_THRESHOLD -1, M_TOP_PAD -2).
        typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
        _ = mallopt(-1, 256 << 20)
        _ = mallopt(-2, 64 << 20)
        #endif
    }
}
