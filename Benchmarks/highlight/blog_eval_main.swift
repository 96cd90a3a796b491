// The harness `blog_eval.py` compiles together with Sources/Highlight (as module Highlight, optimised):
// reads `blog_fences.jsonl` from stdin, highlights every fence as an unlabelled block through the public
// API with the post's context, and prints one JSON line per fence: its id and the language the HTML got.
import Foundation

let fallback = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
let useContext = !CommandLine.arguments.contains("--no-context")
/// `--speed N`: after the verdicts, highlight every fence N more times and print input MB per CPU second.
let speedRounds = CommandLine.arguments.firstIndex(of: "--speed").flatMap { Int(CommandLine.arguments[$0 + 1]) } ?? 0
var work: [(String, HighlightOptions)] = []
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
    work.append((text, options))
    let out: [String: Any] = ["id": obj["id"] as? Int ?? -1, "got": block.language]
    print(String(decoding: try! JSONSerialization.data(withJSONObject: out), as: UTF8.self))
}

if speedRounds > 0 {
    func cpu() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
    let bytes = work.reduce(0) { $0 + $1.0.utf8.count } * speedRounds
    var html = 0
    let t0 = cpu()
    for _ in 0..<speedRounds { for (text, options) in work { html &+= highlighter.highlight(text, language: nil, options: options).html.utf8.count } }
    let t1 = cpu()
    FileHandle.standardError.write("speed: \(work.count) fences x \(speedRounds), \(bytes) bytes in, \(html) bytes of HTML, \(String(format: "%.1f", Double(bytes) / 1e6 / (t1 - t0))) MB/s (CPU)\n".data(using: .utf8)!)
}
