/// Text that is not a program although it sits in a code fence: what a terminal, a compiler, a debugger or a
/// tool printed. Real blogs have as many of these unlabelled fences as code (half the unlabelled fences of the
/// five blogs in Benchmarks/highlight/blog_fences.jsonl), and every one a token scorer reads as code is a
/// wrong colour: a Rust diagnostic looks like Markdown, a dexdump like YAML. Checked before any language.
enum Output {
    /// Whether the line's bytes contain an ASCII (or UTF-8) literal: these checks run on every line of every
    /// unlabelled block, so they stay on bytes (a Character search costs more than the whole token scan).
    @inline(__always) static func has(_ l: Substring, _ needle: StaticString) -> Bool {
        needle.withUTF8Buffer { n in
            l.utf8.withContiguousStorageIfAvailable { u in find(u, n) } ?? Array(l.utf8).withUnsafeBufferPointer { find($0, n) }
        }
    }

    /// `body` on the line's bytes, in place when contiguous (a native String's always are).
    @inline(__always) static func bytes<R>(_ l: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        l.utf8.withContiguousStorageIfAvailable(body) ?? Array(l.utf8).withUnsafeBufferPointer(body)
    }

    @inline(__always) static func find(_ u: UnsafeBufferPointer<UInt8>, _ n: UnsafeBufferPointer<UInt8>) -> Bool {
        let m = n.count
        guard m > 0, u.count >= m else { return false }
        let first = n[0]
        var i = 0
        while i <= u.count - m {
            if u[i] == first {
                var k = 1
                while k < m && u[i + k] == n[k] { k += 1 }
                if k == m { return true }
            }
            i += 1
        }
        return false
    }

    /// `console` for a session (prompts with commands), `diff` for a patch without headers, `plaintext` for
    /// diagnostics, stack traces, debugger sessions, logs, HTTP exchanges, directory trees, tables and dumps;
    /// nil when it may be code.
    static func classify(_ body: [Substring], raws: [Substring]) -> String? {
        classify(body, raws: raws, masks: body.map(LineMask.init))
    }

    /// The same with each line's `LineMask` (detection computes them once for all its checks).
    static func classify(_ body: [Substring], raws: [Substring], masks: [LineMask]) -> String? {
        guard let first = body.first else { return nil }
        if isDebugger(first) || first.hasASCIIPrefix(">>> ") || first.hasASCIIPrefix("irb(") { return "plaintext" }
        if promptLength(first) != nil { return "console" }
        if !masks[0].opensOutside(Gate.http), isHTTP(first) { return "plaintext" }
        // ProGuard/R8 rules (`-keep class …`, `-dontobfuscate`, `-assumevalues`): Android posts are full of them, and
        // no lexer here knows them (read as code they come out Java or Kotlin).
        if first.hasASCIIPrefix("-keep") || first.hasASCIIPrefix("-dont") || first.hasASCIIPrefix("-assume") || first.hasASCIIPrefix("-if ") {
            return "plaintext"
        }
        if isPatch(raws) { return "diff" }
        if isCommands(body) { return "bash" }
        var marks = 0, strong = 0, piped = 0, ruled = false, elided = 0
        for (k, line) in body.enumerated() {
            // Only a line with a tab byte can open with a number and a tab.
            let t = masks[k].has(9) ? afterNumberTab(line) : line
            // The line's mask answers the tests below that ask whether a byte occurs at all, how long the line is
            // and which byte opens it (each is implied by the test it guards, so the answers are theirs).
            let m = t.startIndex == line.startIndex && t.endIndex == line.endIndex ? masks[k] : LineMask(t)
            // `...`, `# ...`, `[SNIP]`: where the author cut output; neither code nor output.
            if m.count <= 6 && isElision(t) { elided += 1; continue }
            // Which tests the first byte leaves open (`Gate`): most lines of code are answered here.
            let g = m.count == 0 ? 0 : Gate.table[Int(m.first)]
            if (mayBeDiagnostic(m) && diagnostic(t, m)) || (g & Gate.trace != 0 && traceLine(t)) || (g & Gate.debugger != 0 && isDebugger(t)) {
                strong += 1; marks += 1
            } else if (g & Gate.gutter != 0 && isGutter(t)) || (g & Gate.dump != 0 && isDumpLine(t))
                        || (g & Gate.data != 0 && (t.hasASCIIPrefix("data: {") || t.hasASCIIPrefix("data: [")))
                        || (g & Gate.event != 0 && t.hasASCIIPrefix("event: ")) || (g & Gate.tree != 0 && treeBranch(t))
                        || (m.nonASCII && bytes(t) { hasBoxDrawing($0) }) || ((g & Gate.encoded != 0 || m.count >= 40) && isEncoded(t))
                        || (g & Gate.log != 0 && Detector.looksLikeLogLine(t)) || ((m.has(47) || m.has(46)) && isPath(t)) || isReportRow(raws[k])
                        || (g & Gate.progress != 0 && isProgress(t)) || (m.has(124) && isPipeRow(t)) || (g & Gate.build != 0 && isBuildStatus(t))
                        || (g & Gate.logcat != 0 && isLogcat(t)) { marks += 1 }
            else if m.count >= 5 && g & Gate.rule != 0 && isTableRule(t) { marks += 1; ruled = ruled || t.contains("|") }
            else if m.has(124) && !has(t, "||") && !(m.has(59) || m.has(123) || m.has(61)) { piped += 1 }
        }
        // A Markdown table: its rule makes its rows text too.
        if ruled { marks += piped }
        let n = body.count - elided
        if strong >= 1 && marks * 3 >= n { return "plaintext" }
        if n > 0 && marks * 2 >= n { return "plaintext" }
        return nil
    }

    /// Length of a shell prompt opening the line: `$ `, `% `, `❯ `, `~ % `, `user@host:~/dir$ `, `bash-3.2$ `,
    /// `[root@box /]# `, `(venv) $ `, followed by a command. `# ` alone is a comment, not a root prompt.
    static func promptLength(_ line: Substring) -> Int? {
        let u = Array(line.utf8.prefix(64))
        if u.starts(with: [0xE2, 0x9D, 0xAF, 32]) { return commandFollows(u, 4) ? 4 : nil }   // ❯
        for k in 0..<max(0, u.count - 1) where u[k + 1] == 32 {
            let c = u[k]
            guard c == 36 || c == 37 || c == 35 || c == 62 else {
                if c == 32 && k > 40 { return nil }
                continue
            }
            if k == 0 { return c == 36 || c == 37 ? (commandFollows(u, 2) ? 2 : nil) : nil }
            // A prompt's prefix: user@host:path, ~, a directory, [root@box /], (venv), bash-3.2, PS C:\> — never
            // an expression (`x % 2`, `a > b`): it holds one of @ : ~ / ] ) or names a shell, and no code punctuation.
            let prefix = u[0..<k]
            if prefix.contains(where: { $0 == 61 || $0 == 34 || $0 == 39 || $0 == 59 || $0 == 123 || $0 == 44 }) { return nil }
            let text = String(decoding: prefix, as: UTF8.self)
            let shell = text.hasPrefix("bash") || text.hasPrefix("zsh") || text.hasPrefix("sh-") || text.hasPrefix("PS ")
            let marked = prefix.contains { $0 == 64 || $0 == 58 || $0 == 126 || $0 == 47 || $0 == 93 || $0 == 41 }
            guard shell || marked, c != 62 || text.hasPrefix("PS ") else { return nil }
            return commandFollows(u, k + 2) ? k + 2 : nil
        }
        return nil
    }

    private static func commandFollows(_ u: [UInt8], _ at: Int) -> Bool {
        guard at < u.count else { return false }
        let c = u[at]
        return (c | 0x20) &- 97 < 26 || c == 46 || c == 47 || c == 126 || c == 36 || c == 33 || c == 35
    }

    /// Command lines without a prompt (`rustup update stable`, `pip install -e .`, `docker run -it fedora bash`): every
    /// line starts with a well-known command (after `VAR=value` settings) or continues the one before (`\`).
    static func isCommands(_ body: [Substring]) -> Bool {
        guard body.count <= 12 else { return false }
        var continued = false, commands = 0
        for l in body {
            defer { continued = l.hasSuffix("\\") }
            if continued || l.hasASCIIPrefix("# ") { continue }
            var words = l.split(separator: " ", maxSplits: 3).drop { $0.contains("=") && !$0.hasPrefix("=") && !$0.hasPrefix("-") }
            if words.first == "sudo" { words = words.dropFirst() }
            guard let w = words.first, let rest = words.dropFirst().first, commandNames.contains(String(w)) else { return false }
            // `go` and `swift` are commands only with a subcommand: `go func()` is Go, `swift build` a command.
            if let subs = subcommands[String(w)], !subs.contains(String(rest)) { return false }
            if rest.first == "=" || rest.first == "(" || rest.first == ":" || rest.first == "." && rest.count == 1 && w != "cd" { return false }
            commands += 1
        }
        return commands >= 1
    }

    static let commandNames: Set<String> = [
        "rustup", "cargo", "git", "brew", "npm", "npx", "yarn", "pnpm", "pip", "pip3", "pipx", "pipenv", "poetry", "uv", "docker",
        "kubectl", "helm", "curl", "wget", "xcodebuild", "xcrun", "xctool", "pod", "bundle", "gem", "rake", "go", "swift", "gradle",
        "./gradlew", "gradlew", "mvn", "make", "cmake", "apt-get", "apt", "deno", "node", "python", "python3", "ruby", "java", "javac",
        "kotlinc", "adb", "fly", "heroku", "terraform", "aws", "gcloud", "ssh", "scp", "rsync", "tar", "unzip", "chmod", "mkdir", "cd",
        "ls", "cat", "echo", "grep", "rg", "jq", "brew", "hugo", "jekyll", "ogrinfo", "scutil", "defaults", "launchctl", "systemctl",
        "datasette", "sqlite-utils", "sqlite3", "llm", "shot-scraper", "chromium", "open", "code", "carthage", "fastlane", "swiftlint",
    ]
    static let subcommands: [String: Set<String>] = [
        "go": ["build", "run", "test", "get", "mod", "install", "vet", "generate", "fmt", "work", "env", "version", "tool"],
        "swift": ["build", "run", "test", "package", "--version", "-v"], "open": ["-a", "."], "code": ["."],
    ]

    /// `(lldb)`, `(gdb)`, `(Pdb)`, lldb's `frame #0:` and `* thread #1`.
    static func isDebugger(_ l: Substring) -> Bool {
        // Each opens with `(`, `f`, `*` or `t`.
        guard let f = l.utf8.first, f == 40 || f == 102 || f == 42 || f == 116 else { return false }
        return l.hasASCIIPrefix("(lldb)") || l.hasASCIIPrefix("(gdb)") || l.hasASCIIPrefix("(Pdb)") || l.hasASCIIPrefix("(pdb)")
            || l.hasASCIIPrefix("frame #") || l.hasASCIIPrefix("* thread #") || l.hasASCIIPrefix("thread #")
    }

    /// `GET /path HTTP/1.1`, `HTTP/1.1 200 OK`.
    static func isHTTP(_ l: Substring) -> Bool {
        if l.hasASCIIPrefix("HTTP/1.") || l.hasASCIIPrefix("HTTP/2") { return true }
        for m in ["GET ", "POST ", "PUT ", "DELETE ", "PATCH ", "HEAD ", "OPTIONS "] where l.hasPrefix(m) {
            return l.contains(" HTTP/")
        }
        return false
    }

    /// A patch without headers: every line opens with ` `, `+` or `-`, and lines are both added and removed.
    static func isPatch(_ body: [Substring]) -> Bool {
        var plus = 0, minus = 0, context = 0, selectors = 0, trees = 0
        for l in body {
            guard let c = l.utf8.first else { continue }
            if isTreeLine(l.trimmingBlanks) { trees += 1 }
            if c == 43 || c == 45 {
                if l.hasASCIIPrefix("+++") || l.hasASCIIPrefix("---") { continue }
                if c == 43 { plus += 1 } else { minus += 1 }
                if isSelector(l.dropFirst()) { selectors += 1 }
            } else if c == 32 || c == 9 { if !l.trimmingBlanks.isEmpty { context += 1 } }
            else if !l.hasASCIIPrefix("@@") { return false }
        }
        // Objective-C method lists (`-initWithFormat:locale:`, `+ (instancetype)shared;`) are not patches.
        if selectors == plus + minus { return false }
        // A tree drawn with `+--` branches adds nothing.
        if trees * 2 >= body.count { return false }
        // `- item` lists are all minus; a YAML list never adds.
        return body.count >= 3 && ((plus >= 1 && minus >= 1) || (plus >= 2 && context >= 1))
    }

    /// `initWithFormat:locale:` or ` (void)viewDidLoad;`: what follows the sign of an Objective-C method.
    static func isSelector(_ s: Substring) -> Bool {
        if s.hasPrefix(" (") || s.hasPrefix("(") { return true }
        return !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == ":" || $0 == "_" } && s.contains(":")
    }

    /// rustc's and swiftc's source excerpts: ` --> src/main.rs:4:22`, `4 |     code`, `  |   ^^^`, `= note:`, carets.
    static func isGutter(_ l: Substring) -> Bool {
        let u = l.utf8
        guard let f = u.first else { return false }
        if l.hasASCIIPrefix("--> ") || l.hasASCIIPrefix("= note") || l.hasASCIIPrefix("= help") || (u.count == 1 && f == 124) { return true }
        if f == 94 || f == 126 { return u.allSatisfy { $0 == 94 || $0 == 126 || $0 == 45 } }   // ^~~~
        if f == 124 { return u.dropFirst().first == 32 && u.contains(94) }                    // `| ^^^`
        // `12 | code` / `LL | code`
        guard isDigit(f) || f == 76, let bar = u.firstIndex(of: 124) else { return false }
        let gutter = u[..<bar]
        guard gutter.allSatisfy({ isDigit($0) || $0 == 76 || $0 == 32 }) else { return false }
        let after = u[u.index(after: bar)...]
        return after.isEmpty || after.first == 32
    }

    /// Java/Kotlin `at a.b.C.m(File.java:12)`, `Caused by:`, Python `Traceback`/`File "…", line 3`, Swift/Apple
    /// crash frames `0   libswiftCore.dylib  0x…`, Rust `thread 'main' panicked at`, Go `goroutine 1 [running]:`.
    static func isTraceLine(_ l: Substring) -> Bool { mayBeTraceLine(l) && traceLine(l) }

    /// `traceLine` answers only for lines opening with `a`, `E`, a digit or one of `C T t g F p S B` (ASCII bytes no
    /// other Character equals).
    @inline(__always) static func mayBeTraceLine(_ l: Substring) -> Bool {
        guard let f = l.utf8.first else { return false }
        return f == 97 || f == 69 || isDigit(f) || f == 67 || f == 84 || f == 116 || f == 103 || f == 70 || f == 112 || f == 83 || f == 66
    }

    static func traceLine(_ l: Substring) -> Bool {
        guard let f = l.utf8.first else { return false }
        if f == 97 { return l.hasASCIIPrefix("at ") && l.hasASCIISuffix(")") && has(l, ".") }
        // pytest's failure lines (`E   AssertionError: …`).
        if f == 69 { return l.hasASCIIPrefix("E   ") || l.hasASCIIPrefix("Exception in thread") }
        if isDigit(f) { return has(l, " 0x") }
        return l.hasASCIIPrefix("Caused by:") || l.hasASCIIPrefix("Traceback (") || l.hasASCIIPrefix("thread '") || l.hasASCIIPrefix("goroutine ")
            || l.hasASCIIPrefix("Fatal error:") || l.hasASCIIPrefix("Thread 1:") || l.hasASCIIPrefix("panic: ") || l.hasASCIIPrefix("Stack trace:")
            || l.hasASCIIPrefix("Backtrace:") || (l.hasASCIIPrefix("File \"") && has(l, "\", line "))
    }

    /// Offsets and bytecode dumps: `0000: const v0`, `00012e: 9201`, `[0002d8] Main.main:`, `#1 = Methodref`.
    static func isDumpLine(_ l: Substring) -> Bool {
        let u = l.utf8
        // Each form opens with `[` or a hex digit: no other line needs the walk below (a tenth of `classify`).
        guard let f = u.first, f == 91 || isDigit(f) || (f | 0x20) &- 97 < 6 else { return false }
        var i = u.startIndex
        if u.first == 91 { i = u.index(after: i) }   // [
        let start = i
        var n = 0
        while i < u.endIndex, n < 12, isDigit(u[i]) || (u[i] | 0x20) &- 97 < 6 { i = u.index(after: i); n += 1 }
        guard i < u.endIndex else { return false }
        if n >= 4 { return u[i] == 58 || u[i] == 93 }   // : or ]
        // javap's `12: invokestatic #71`: an offset, a colon, a lower-case opcode.
        guard start == u.startIndex, n >= 1, u[start..<i].allSatisfy(isDigit), u[i] == 58 else { return false }
        let rest = u[u.index(after: i)...]
        return rest.count >= 2 && rest.first == 32 && rest.dropFirst().first.map { $0 &- 97 < 26 } == true
    }

    /// A file path alone on its line (`cosmopolitan/ecosystem.md`, `/usr/lib/dyld`): listings, not code.
    static func isPath(_ l: Substring) -> Bool {
        guard l.utf8.count >= 3, has(l, "/") || has(l, ".") else { return false }
        var slash = false, dotExt = false
        for c in l.utf8 {
            if c == 47 { slash = true } else if c == 46 { dotExt = true }
            else if !((c | 0x20) &- 97 < 26 || isDigit(c) || c == 45 || c == 95 || c == 126 || c == 64) { return false }
        }
        // `foo.bar` alone is a Swift/Kotlin expression as often as a file; a slash or a known-looking extension decides.
        return slash || (dotExt && l.split(separator: ".").last.map { (1...4).contains($0.count) && $0.allSatisfy(\.isLowercase) } == true && l.first?.isLowercase == true && l.utf8.count > 6)
    }

    /// Columns of a report (`getpid        4189`, `ntpd    8`): a name, a run of spaces, a number at the end.
    static func isReportRow(_ raw: Substring) -> Bool { mayBeReportRow(raw) && reportRow(raw) }

    /// Trimming keeps a last byte other than a space, a tab or a CR: unless it is a digit, no report row.
    @inline(__always) static func mayBeReportRow(_ raw: Substring) -> Bool {
        guard let e = raw.utf8.last else { return true }
        return isDigit(e) || e == 32 || e == 9 || e == 13
    }

    static func reportRow(_ raw: Substring) -> Bool {
        let t = raw.trimmingBlanks
        // Ends in a number after a space, with a run of three spaces somewhere before.
        guard let lastByte = t.utf8.last, isDigit(lastByte), has(t, "   ") else { return false }
        let u = t.utf8
        guard let space = u.lastIndex(of: 32), let after = u[u.index(after: space)...].first, isDigit(after) else { return false }
        return !u.contains { $0 == 40 || $0 == 61 || $0 == 59 || $0 == 123 }
    }

    /// `├── src`, `└── main`, `|-- a`, `` `-- b ``: box drawing (U+2500–U+257F, bytes E2 94/95 xx) or ASCII branches.
    static func isTreeLine(_ l: Substring) -> Bool {
        (mayBeTreeBranch(l) && treeBranch(l)) || bytes(l) { u in hasBoxDrawing(u) }
    }

    /// The branches open with `|`, `` ` ``, `+` or `\`, or a non-ASCII Character (U+1FEF equals the backtick).
    @inline(__always) static func mayBeTreeBranch(_ l: Substring) -> Bool {
        guard let f = l.utf8.first else { return false }
        return f == 124 || f == 96 || f == 43 || f == 92 || f >= 0x80
    }

    static func treeBranch(_ l: Substring) -> Bool {
        if l.hasASCIIPrefix("|-- ") || l.hasASCIIPrefix("`-- ") || l.hasASCIIPrefix("+-- ") || l.hasASCIIPrefix("\\-- ") { return true }
        // `+--- server.js`, `+----functions`, `+--artsy`: hand-drawn trees (lines arrive trimmed).
        return l.hasASCIIPrefix("+--") && l.utf8.dropFirst(3).first(where: { $0 != 45 }).map { c in c == 32 || Shapes.isWordByte(c) || c == 46 } == true
    }

    /// Bytes E2 94 or E2 95: a box-drawing character.
    @inline(__always) static func hasBoxDrawing(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        var lead = false
        for c in u {
            if lead && (c == 0x94 || c == 0x95) { return true }
            lead = c == 0xE2
        }
        return false
    }

    /// A test runner's diff of expected output numbers or signs its lines before a tab (`2\t  --> $DIR/a.rs:9:1`,
    /// `-\terror: …`): what follows is the output line to recognise.
    @inline(__always) static func afterNumberTab(_ l: Substring) -> Substring {
        let u = l.utf8
        guard let tab = u.prefix(6).firstIndex(of: 9), u[..<tab].allSatisfy({ isDigit($0) || $0 == 43 || $0 == 45 }) else { return l }
        return Substring(u[u.index(after: tab)...]).trimmingBlanks
    }

    /// `...`, `…`, `# ...`, `// ...`, `[SNIP]`, `[...]`: a cut in pasted output.
    static func isElision(_ l: Substring) -> Bool {
        // None is longer than six bytes, and none has another Unicode spelling: a longer line is none of them.
        guard l.utf8.count <= 6 else { return false }
        return l == "..." || l == "…" || l == "# ..." || l == "// ..." || l == "[...]" || l == "[SNIP]" || l == "[snip]" || l == "<snip>"
    }

    /// `Starting web...`, `Loading model…`: a tool's progress message (a capital, words, an ellipsis, no code).
    static func isProgress(_ l: Substring) -> Bool {
        guard let f = l.utf8.first, f &- 65 < 26, l.hasASCIISuffix("...") || l.hasASCIISuffix("…") else { return false }
        return !l.utf8.contains { $0 == 40 || $0 == 61 || $0 == 59 || $0 == 123 || $0 == 34 || $0 == 39 }
    }

    /// Gradle's and Xcode's status lines: `> Task :app:compileDebugKotlin`, `BUILD SUCCESSFUL in 2s`,
    /// `* What went wrong:`, `** BUILD FAILED **`, `FAILURE: Build failed with an exception.`
    static func isBuildStatus(_ l: Substring) -> Bool {
        // Each opens with `>`, `B`, `F` or `*` (a line opening with any other byte has none of these prefixes).
        guard let f = l.utf8.first, f == 62 || f == 66 || f == 70 || f == 42 else { return false }
        return l.hasASCIIPrefix("> Task :") || l.hasASCIIPrefix("> Configure project") || l.hasASCIIPrefix("BUILD SUCCESSFUL") || l.hasASCIIPrefix("BUILD FAILED")
            || l.hasASCIIPrefix("FAILURE: ") || l.hasASCIIPrefix("* What went wrong:") || l.hasASCIIPrefix("* Try:") || l.hasASCIIPrefix("** BUILD ")
            || l.hasASCIIPrefix("** TEST ") || l.hasASCIIPrefix("** ARCHIVE ")
    }

    /// Android's logcat: `D/MainActivity( 1234): onCreate` (brief) and `03-17 16:13:38.811  1702  2395 D Tag: …`
    /// (threadtime, whose date has no year, so `Detector.looksLikeLogLine` misses it).
    static func isLogcat(_ l: Substring) -> Bool {
        // Both forms open with a level letter or a digit: other lines are answered before the copy below.
        guard let f = l.utf8.first, isDigit(f) || isLogLevel(f) else { return false }
        let u = Array(l.utf8.prefix(40))
        guard u.count >= 8 else { return false }
        if isLogLevel(u[0]), u[1] == 47, let paren = u.firstIndex(of: 40), paren > 2 {
            return u[2..<paren].allSatisfy { Shapes.isWordByte($0) || $0 == 46 || $0 == 32 || $0 == 45 } && u[paren...].contains(41) && has(l, "):")
        }
        guard u.count >= 19, isDigit(u[0]), isDigit(u[1]), u[2] == 45, isDigit(u[3]), isDigit(u[4]), u[5] == 32 else { return false }
        return isDigit(u[6]) && isDigit(u[7]) && u[8] == 58
    }

    /// One of logcat's level letters `VDIWEFA` (a search of that string's bytes cost 250 instructions a line).
    @inline(__always) static func isLogLevel(_ c: UInt8) -> Bool {
        c == 86 || c == 68 || c == 73 || c == 87 || c == 69 || c == 70 || c == 65
    }

    /// `foo|bar|2|1`: a row of `sqlite3`'s or `psql -A`'s output, fields between bare pipes (a shell pipeline
    /// spaces them, `a | b`, and Markdown tables do too).
    static func isPipeRow(_ l: Substring) -> Bool {
        var pipes = 0
        bytes(l) { u in for c in u where c == 124 { pipes += 1 } }
        return pipes >= 2 && !has(l, " | ") && !has(l, "||") && !l.utf8.contains { $0 == 59 || $0 == 123 || $0 == 61 || $0 == 40 }
    }

    /// Logs open with a digit, `[` or an upper-case level: the only lines worth `looksLikeLogLine`.
    @inline(__always) static func mayBeLog(_ l: Substring) -> Bool {
        guard let c = l.utf8.first else { return false }
        return isDigit(c) || c == 91 || c &- 65 < 26
    }

    /// `----|-----`, `=====`, `------  -----`: a table's or a report's rule.
    static func isTableRule(_ l: Substring) -> Bool {
        guard l.utf8.count >= 5 else { return false }
        var dashes = 0
        for c in l.utf8 {
            if c == 45 || c == 61 || c == 43 { dashes += 1 } else if c != 124 && c != 32 && c != 58 { return false }
        }
        return dashes >= 3
    }

    /// Base64 and PEM lines: long, no spaces, letters and digits with `+`/`/`.
    static func isEncoded(_ l: Substring) -> Bool {
        if l.hasASCIIPrefix("-----BEGIN ") || l.hasASCIIPrefix("-----END ") { return true }
        guard l.utf8.count >= 40 else { return false }
        var digits = 0
        for c in l.utf8 {
            if isDigit(c) { digits += 1 } else if !((c | 0x20) &- 97 < 26 || c == 43 || c == 47 || c == 61) { return false }
        }
        return digits >= 3
    }
}
