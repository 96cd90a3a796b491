import Foundation
import Testing
@testable import Server

/// First executable with one of `names` on PATH.
func executable(_ names: [String]) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
        for folder in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
            return "\(folder)/\(name)"
        }
    }
    return nil
}

let browser = executable(["chromium", "chromium-browser", "google-chrome"])
let node = executable(["node"])

/// Live reload in a real browser: headless Chromium driven over the DevTools protocol by a small
/// Node script. Exercises watcher → DevLoop → SSE → injected script → DOM, with a fake build
/// that maps trigger files to outcomes. Skipped when Chromium or Node is missing.
@Suite(.serialized, .timeLimit(.minutes(1)), .enabled(if: browser != nil && node != nil))
struct BrowserTests {
    @Test func reloadCssSwapOverlayAndHiddenTabs() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("galley-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: base) }
        for folder in ["public", "triggers", "profile"] {
            try FileManager.default.createDirectory(atPath: base + "/" + folder, withIntermediateDirectories: true)
        }
        try Data(Self.page("v1").utf8).write(to: URL(fileURLWithPath: base + "/public/index.html"))
        try Data("p { color: rgb(255, 0, 0); }".utf8).write(to: URL(fileURLWithPath: base + "/public/style.css"))
        try Data(Self.driver.utf8).write(to: URL(fileURLWithPath: base + "/drive.mjs"))

        let server = DevServer(configuration: DevServerConfiguration(root: URL(fileURLWithPath: base + "/public"), port: 0))
        let port = try await server.start()
        let loop = DevLoop(server: server, watcher: FileWatcher(folders: [base + "/triggers"])) { changed in
            if changed.isEmpty { return .success(changedOutputPaths: [], cssOnly: false) }  // initial build
            let names = Set(changed.map { ($0 as NSString).lastPathComponent })
            if names.contains("fail") {
                return .failure(message: "unclosed section", file: "templates/list.html", line: 3, column: 7)
            }
            if names.contains("css") { return .success(changedOutputPaths: ["style.css"], cssOnly: true) }
            if names.contains("fixed") { return .success(changedOutputPaths: [], cssOnly: false) }
            return .success(changedOutputPaths: ["index.html"], cssOnly: false)
        }
        let loopTask = Task { try await loop.run() }
        defer { loopTask.cancel() }

        let output = try await Self.runDriver(base: base, port: port)
        await server.stop()
        let lines = output.split(separator: "\n").map(String.init)
        for line in lines where line.hasPrefix("FAIL") { Issue.record("\(line)") }
        #expect(lines.contains("DONE"), "driver output:\n\(output)")
    }

    static func page(_ text: String) -> String {
        #"<html><head><link rel="stylesheet" href="/style.css"></head><body><p id="t">\#(text)</p></body></html>"#
    }

    /// Runs the Node driver with a hard deadline; returns its standard output.
    static func runDriver(base: String, port: UInt16) async throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node!)
        var arguments = [base + "/drive.mjs", String(port), base, browser!]
        // Node 20/21 need the flag for the global WebSocket; 22+ have it by default.
        if let major = Self.nodeMajorVersion(), major < 22 { arguments.insert("--experimental-websocket", at: 0) }
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(40))
            process.terminate()
        }
        defer { watchdog.cancel() }
        return try await RawHTTP.offPool {
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
    }

    static func nodeMajorVersion() -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node!)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Int(text.dropFirst().prefix { $0.isNumber })
    }

    /// Node driver: starts Chromium (DevTools port from `DevToolsActivePort`), opens the page,
    /// writes trigger files and waits for the DOM to show each expected effect.
    static let driver = #"""
    import { spawn } from "node:child_process";
    import { readFileSync, writeFileSync } from "node:fs";
    const [port, base, chromePath] = process.argv.slice(2);
    const sleep = (ms) => new Promise(r => setTimeout(r, ms));
    const page = (t) => `<html><head><link rel="stylesheet" href="/style.css"></head><body><p id="t">${t}</p></body></html>`;
    const chrome = spawn(chromePath, ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--remote-debugging-port=0", `--user-data-dir=${base}/profile`, "about:blank"], { stdio: "ignore" });
    const stop = (code) => { try { chrome.kill("SIGKILL"); } catch {} process.exit(code); };
    process.on("SIGTERM", () => stop(1));
    setTimeout(() => { console.log("FAIL driver timeout"); stop(1); }, 35000);
    let ws;
    try {
      let cdpPort;
      for (let i = 0; i < 400 && !cdpPort; i++) {
        try { cdpPort = readFileSync(`${base}/profile/DevToolsActivePort`, "utf8").split("\n")[0]; } catch { await sleep(50); }
      }
      let target;
      for (let i = 0; i < 400 && !target; i++) {
        try { target = (await (await fetch(`http://127.0.0.1:${cdpPort}/json`)).json()).find(t => t.type === "page"); } catch {}
        if (!target) await sleep(50);
      }
      if (!target) throw new Error(`no page target from Chromium (DevTools port ${cdpPort})`);
      ws = new WebSocket(target.webSocketDebuggerUrl);
      await new Promise(r => ws.onopen = r);
      let id = 0; const pending = new Map();
      ws.onmessage = (m) => { const msg = JSON.parse(m.data); if (pending.has(msg.id)) { pending.get(msg.id)(msg); pending.delete(msg.id); } };
      const send = (method, params = {}) => new Promise(r => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
      const js = async (expr) => (await send("Runtime.evaluate", { expression: expr, returnByValue: true })).result?.result?.value;
      const expectSoon = async (label, expr, ms = 8000) => {
        const start = Date.now();
        while (Date.now() - start < ms) { if (await js(expr)) { console.log(`OK ${label} ${Date.now() - start}ms`); return; } await sleep(20); }
        console.log(`FAIL ${label}`);
      };
      const trigger = (name, n) => writeFileSync(`${base}/triggers/${name}`, String(n));
      const overlay = `document.getElementById("__galley_error_overlay")`;

      await send("Page.navigate", { url: `http://127.0.0.1:${port}/` });
      await expectSoon("page loaded", `document.getElementById("t")?.textContent === "v1"`);
      // Give the event stream time to open on a loaded machine (CI once missed the 8 s below after 300 ms here).
      await sleep(1000);
      writeFileSync(`${base}/public/index.html`, page("v2"));
      trigger("page", 1);
      await expectSoon("reload shows the new text", `document.getElementById("t")?.textContent === "v2"`, 15000);
      await sleep(300);
      trigger("fail", 1);
      await expectSoon("overlay shows file:line:column", `(${overlay}?.textContent || "").includes("templates/list.html:3:7")`);
      await send("Page.reload", {});
      await expectSoon("overlay survives a manual reload", `!!${overlay}`);
      await js(`window.__marker = 42`);
      writeFileSync(`${base}/public/style.css`, "p { color: rgb(0, 0, 255); }");
      trigger("css", 1);
      await expectSoon("css swapped without a reload", `getComputedStyle(document.getElementById("t")).color === "rgb(0, 0, 255)" && window.__marker === 42`);
      await expectSoon("css success removes the overlay", `!${overlay}`);
      await expectSoon("one stylesheet after the swap", `document.querySelectorAll("link[rel=stylesheet]").length === 1`);
      trigger("fail", 2);
      await expectSoon("overlay again", `!!${overlay}`);
      trigger("fixed", 1);
      await expectSoon("ok removes the overlay without a reload", `!${overlay} && window.__marker === 42`);
      await js(`Object.defineProperty(document, "hidden", {value: true, configurable: true}); document.dispatchEvent(new Event("visibilitychange")); 1`);
      await sleep(200);
      writeFileSync(`${base}/public/index.html`, page("v3"));
      trigger("page", 2);
      await sleep(500);
      if (await js(`document.getElementById("t").textContent === "v2" && window.__marker === 42`)) console.log("OK hidden tab stays put");
      else console.log("FAIL hidden tab reloaded");
      await js(`Object.defineProperty(document, "hidden", {value: false, configurable: true}); document.dispatchEvent(new Event("visibilitychange")); 1`);
      await expectSoon("visible again: missed build reloads", `document.getElementById("t")?.textContent === "v3"`);
      console.log("DONE");
    } catch (error) {
      console.log(`FAIL ${error}`);
    } finally {
      try { ws?.close(); } catch {}
      stop(0);
    }
    """#
}
