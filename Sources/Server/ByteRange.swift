import Foundation

/// A single `Range: bytes=…` request, resolved against a file length.
/// Safari will not play `<video>` without range support, so the dev server honours the simple forms.
public enum ByteRange: Equatable, Sendable {
    /// Serve these bytes with 206.
    case partial(Range<Int>)
    /// Syntactically fine but outside the file: 416.
    case unsatisfiable
    /// No usable range (absent, multi-range, other units, malformed): serve the whole file.
    case whole

    public static func parse(_ header: String?, length: Int) -> ByteRange {
        guard let header else { return .whole }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { return .whole }
        let spec = trimmed.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .whole }
        let first = parts[0].trimmingCharacters(in: .whitespaces)
        let last = parts[1].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            // Suffix form: the last N bytes.
            guard let count = Int(last), count >= 0 else { return .whole }
            guard count > 0, length > 0 else { return .unsatisfiable }
            return .partial(max(0, length - count)..<length)
        }
        guard let start = Int(first), start >= 0 else { return .whole }
        guard start < length else { return .unsatisfiable }
        if last.isEmpty { return .partial(start..<length) }
        guard let end = Int(last), end >= start else { return .whole }
        return .partial(start..<(min(end, length - 1) + 1))
    }
}
