// The harness `blog_eval.py` compiles together with Sources/Highlight (as module Highlight, optimised):
// reads `blog_fences.jsonl` from stdin, highlights every fence as an unlabelled block through the public
// API with the post's context, and prints one JSON line per fence: its id and the language the HTML got.
import Foundation

let fallback = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
let useContext = !CommandLine.arguments.contains("--no-context")
var sites: [String: [String: Int]] = [:]
let highlighter = Highlighter()
while let line = readLine(strippingNewline: true) {
    guard let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
    if let site = obj["site"] as? String {
        sites[site] = obj["languages"] as? [String: Int] ?? [:]
        continue
    }
    let text = obj["text"] as? String ?? ""
    let policy: UnlabeledPolicy = fallback.isEmpty ? .auto : .fallback(fallback)
    var options = HighlightOptions(unlabeled: policy)
    #if CONTEXT
    if useContext {
        var mix = sites[obj["repo"] as? String ?? ""] ?? [:]
        // The fence's own label is not evidence about itself.
        if let own = obj["truth"] as? String, obj["truth_by"] as? String == "author", let n = mix[own] { mix[own] = n - 1 }
        options.context = DetectionContext(
            postLanguages: obj["post_labels"] as? [String] ?? [],
            siteLanguages: mix,
            title: obj["title"] as? String ?? "",
            tags: (obj["tags"] as? [String] ?? []) + (obj["categories"] as? [String] ?? []),
            prose: obj["prose"] as? String ?? "")
    }
    #endif
    let block = highlighter.highlight(text, language: nil, options: options)
    let out: [String: Any] = ["id": obj["id"] as? Int ?? -1, "got": block.language]
    print(String(decoding: try! JSONSerialization.data(withJSONObject: out), as: UTF8.self))
}
