import Foundation
import CLibXML2

/// Parses a written feed back with libxml2 and checks it.
public enum FeedValidator {
    /// Validates an RSS 2.0, Atom or JSON feed. `expectedSelfURL`, when given, must equal the feed's self link.
    public static func validate(_ data: Data, expectedSelfURL: String? = nil) -> [FeedDiagnostic] {
        // Placeholder: well-formedness only. The Feeds work adds the rules.
        var diags: [FeedDiagnostic] = []
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let ptr = raw.baseAddress!.assumingMemoryBound(to: CChar.self)
            let opts = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
            if let doc = xmlReadMemory(ptr, Int32(raw.count), nil, "UTF-8", opts) {
                xmlFreeDoc(doc)
            } else {
                let err = xmlGetLastError()
                let msg = err.map { String(cString: $0.pointee.message).trimmingCharacters(in: .whitespacesAndNewlines) } ?? "not well-formed"
                diags.append(FeedDiagnostic(severity: .error, rule: "xml-well-formed", message: msg, line: Int(err?.pointee.line ?? 0), column: Int(err?.pointee.int2 ?? 0)))
            }
        }
        return diags
    }
}
