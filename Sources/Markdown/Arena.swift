import CCmark
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A bump allocator for cmark. Half of cmark's parse time goes to malloc and free (one block
/// per node, literal and temporary buffer, then one free each when the tree goes), so each
/// render parses into an arena and drops it whole. Small blocks are carved from zeroed `mmap`
/// chunks; freed ones up to `reuseLimit` go on per-size free lists (cmark frees many
/// temporaries while parsing; reusing them keeps the arena ~25% smaller). Blocks over
/// `largeLimit` come from malloc and are freed individually, so big growing buffers leave no garbage.
///
/// cmark's allocator hooks take no context pointer, so the arena in use lives in a thread-local
/// slot: a document parsed with `withArena` must be used and dropped on that thread, inside the call.
struct ParseArena {
    /// Block header: small blocks [size, the arena's `freeLists`]; large blocks [prev, next, size, 1] (a circular
    /// list). A small block names the free lists it goes back to, so `free` (cmark's most frequent call, 621 k per
    /// build) needs no look-up of the thread's arena.
    private static let smallHeader = 16
    private static let largeHeader = 32
    private static let largeLimit = 32 * 1024
    /// The first chunk suits a blog post; later ones are bigger and pre-faulted (`MAP_POPULATE`),
    /// since a document that outgrows 1 MB will touch them all and page faults one by one cost more.
    private static let firstChunk = 1 << 20
    private static let laterChunk = 8 << 20

    var cursor: UnsafeMutableRawPointer? = nil
    var end: UnsafeMutableRawPointer? = nil
    /// Chunks in a list through their first word: (next, size).
    var chunks: UnsafeMutableRawPointer? = nil
    /// Sentinel of the circular large-block list (its own prev and next when empty).
    let sentinel: UnsafeMutableRawPointer

    /// Freed small blocks by size class (16-byte steps up to `reuseLimit`), reused first.
    private static let reuseLimit = 512
    let freeLists = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: reuseLimit / 16 + 1)

    init() {
        freeLists.initialize(repeating: nil, count: ParseArena.reuseLimit / 16 + 1)
        sentinel = UnsafeMutableRawPointer.allocate(byteCount: ParseArena.largeHeader, alignment: 16)
        sentinel.storeBytes(of: sentinel, as: UnsafeMutableRawPointer.self)
        sentinel.storeBytes(of: sentinel, toByteOffset: 8, as: UnsafeMutableRawPointer.self)
    }

    @inline(__always) private static func align(_ n: Int) -> Int { (n + 15) & ~15 }

    mutating func allocate(_ n: Int) -> UnsafeMutableRawPointer {
        if n > ParseArena.largeLimit { return allocateLarge(n) }
        let size = ParseArena.align(max(n, 1))
        if size <= ParseArena.reuseLimit, let p = freeLists[size >> 4] {
            freeLists[size >> 4] = p.load(as: UnsafeMutableRawPointer?.self)
            p.initializeMemory(as: UInt8.self, repeating: 0, count: size)
            p.storeBytes(of: n, toByteOffset: -16, as: Int.self)
            return p
        }
        let need = size + ParseArena.smallHeader
        if cursor == nil || end! - cursor! < need { newChunk(need) }
        let base = cursor!
        base.storeBytes(of: n, as: Int.self)
        base.storeBytes(of: freeLists, toByteOffset: 8, as: UnsafeMutablePointer<UnsafeMutableRawPointer?>.self)
        cursor = base + need
        return base + ParseArena.smallHeader
    }

    private mutating func newChunk(_ need: Int) {
        let later = chunks != nil
        if !later, need + 16 <= ParseArena.firstChunk, let cached = pthread_getspecific(spareChunkKey) {
            // The thread's previous first chunk, zeroed again when it was handed back.
            pthread_setspecific(spareChunkKey, nil)
            let m = cached
            m.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
            chunks = m
            cursor = m + 16
            end = m + ParseArena.firstChunk
            return
        }
        let size = max(later ? ParseArena.laterChunk : ParseArena.firstChunk, need + 16)
        #if os(Linux)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | (later ? MAP_POPULATE : 0)
        #else
        let flags = MAP_PRIVATE | MAP_ANONYMOUS
        #endif
        guard let m = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), m != MAP_FAILED else {
            fatalError("Markdown: out of memory while parsing")
        }
        m.storeBytes(of: chunks, as: UnsafeMutableRawPointer?.self)
        m.storeBytes(of: size, toByteOffset: 8, as: Int.self)
        chunks = m
        cursor = m + 16
        end = m + size
    }

    private mutating func allocateLarge(_ n: Int) -> UnsafeMutableRawPointer {
        guard let base = calloc(1, n + ParseArena.largeHeader) else { fatalError("Markdown: out of memory while parsing") }
        base.storeBytes(of: n, toByteOffset: 16, as: Int.self)
        base.storeBytes(of: 1, toByteOffset: 24, as: Int.self)
        link(base)
        return base + ParseArena.largeHeader
    }

    /// Inserts a large block after the sentinel.
    private func link(_ base: UnsafeMutableRawPointer) {
        let next = sentinel.load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self)
        base.storeBytes(of: sentinel, as: UnsafeMutableRawPointer.self)
        base.storeBytes(of: next, toByteOffset: 8, as: UnsafeMutableRawPointer.self)
        next.storeBytes(of: base, as: UnsafeMutableRawPointer.self)
        sentinel.storeBytes(of: base, toByteOffset: 8, as: UnsafeMutableRawPointer.self)
    }

    private static func unlink(_ base: UnsafeMutableRawPointer) {
        let prev = base.load(as: UnsafeMutableRawPointer.self)
        let next = base.load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self)
        prev.storeBytes(of: next, toByteOffset: 8, as: UnsafeMutableRawPointer.self)
        next.storeBytes(of: prev, as: UnsafeMutableRawPointer.self)
    }

    @inline(__always) private static func isLarge(_ p: UnsafeMutableRawPointer) -> Bool {
        p.load(fromByteOffset: -8, as: Int.self) == 1
    }

    static func release(_ p: UnsafeMutableRawPointer?) {
        guard let p else { return }
        if !isLarge(p) {
            let size = align(max(p.load(fromByteOffset: -16, as: Int.self), 1))
            guard size <= reuseLimit else { return }
            let lists = p.load(fromByteOffset: -8, as: UnsafeMutablePointer<UnsafeMutableRawPointer?>.self)
            p.storeBytes(of: lists[size >> 4], as: UnsafeMutableRawPointer?.self)
            lists[size >> 4] = p
            return
        }
        let base = p - largeHeader
        unlink(base)
        free(base)
    }

    mutating func reallocate(_ p: UnsafeMutableRawPointer?, _ n: Int) -> UnsafeMutableRawPointer {
        guard let p else { return allocate(n) }
        if ParseArena.isLarge(p) {
            let base = p - ParseArena.largeHeader
            ParseArena.unlink(base)
            guard let moved = realloc(base, n + ParseArena.largeHeader) else { fatalError("Markdown: out of memory while parsing") }
            moved.storeBytes(of: n, toByteOffset: 16, as: Int.self)
            link(moved)
            return moved + ParseArena.largeHeader
        }
        let old = p.load(fromByteOffset: -16, as: Int.self)
        if n <= old { return p }
        // The newest block grows in place when its chunk has room.
        if let c = cursor, p + ParseArena.align(max(old, 1)) == c, n <= ParseArena.largeLimit, end! - p >= ParseArena.align(n) {
            p.storeBytes(of: n, toByteOffset: -16, as: Int.self)
            cursor = p + ParseArena.align(n)
            return p
        }
        let q = allocate(n)
        q.copyMemory(from: p, byteCount: old)
        ParseArena.release(p)
        return q
    }

    /// Returns every chunk and large block to the system.
    mutating func releaseAll() {
        var b = sentinel.load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self)
        while b != sentinel {
            let next = b.load(fromByteOffset: 8, as: UnsafeMutableRawPointer.self)
            free(b)
            b = next
        }
        sentinel.deallocate()
        freeLists.deallocate()
        var c = chunks
        while let m = c {
            c = m.load(as: UnsafeMutableRawPointer?.self)
            let size = m.load(fromByteOffset: 8, as: Int.self)
            if c == nil, size == ParseArena.firstChunk, pthread_getspecific(spareChunkKey) == nil {
                // Keep the first chunk for this thread's next render (small pages then cost no
                // mmap or page faults); only the part used is zeroed.
                let used = chunks == m ? cursor! - m : size
                m.initializeMemory(as: UInt8.self, repeating: 0, count: used)
                m.storeBytes(of: size, toByteOffset: 8, as: Int.self)
                pthread_setspecific(spareChunkKey, m)
            } else {
                munmap(m, size)
            }
        }
        chunks = nil
        cursor = nil
        end = nil
    }
}

/// The thread's arena slot, read by every cmark allocation: a plain global (statically initialised,
/// so reading it costs no `swift_once`, 12 M instructions a build), set once through `arenaKey`
/// before any arena exists.
nonisolated(unsafe) private var arenaSlot: pthread_key_t = 0

private let arenaKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    arenaSlot = key
    return key
}()

/// One spare first chunk per thread, unmapped when the thread ends.
private let spareChunkKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { p in _ = munmap(p, 1 << 20) }
    return key
}()

@inline(__always) private func currentArena() -> UnsafeMutablePointer<ParseArena> {
    pthread_getspecific(arenaSlot)!.assumingMemoryBound(to: ParseArena.self)
}

/// cmark's allocator hooks, pointing at the current thread's arena.
nonisolated(unsafe) let arenaAllocator: UnsafeMutablePointer<cmark_mem> = {
    let m = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
    m.initialize(to: cmark_mem(
        calloc: { n, size in currentArena().pointee.allocate(n * size) },
        realloc: { p, n in currentArena().pointee.reallocate(p, n) },
        free: { p in ParseArena.release(p) }))
    return m
}()

/// Runs `body` with a fresh arena for cmark on this thread; everything cmark allocated inside
/// (documents, iterators) is gone afterwards. Nests: an inner call (a code block hook rendering
/// Markdown) gets its own arena and the outer one is restored.
func withArena<T>(_ body: () -> T) -> T {
    _ = arenaKey
    let arena = UnsafeMutablePointer<ParseArena>.allocate(capacity: 1)
    arena.initialize(to: ParseArena())
    let previous = pthread_getspecific(arenaKey)
    pthread_setspecific(arenaKey, arena)
    defer {
        arena.pointee.releaseAll()
        arena.deinitialize(count: 1)
        arena.deallocate()
        pthread_setspecific(arenaKey, previous)
    }
    return body()
}
