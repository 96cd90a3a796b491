import Foundation

/// The browser side of live reload. Injected into served HTML only; never written to disk.
public enum LiveReloadScript {
    /// Path of the Server-Sent Events stream; `/__galley/` is reserved for the dev server.
    public static let eventsPath = "/__galley/events"

    /// The wire name of build failures. Not `error`: EventSource fires its own `error` on disconnect.
    static let failureEventName = "build-error"

    /// Inline script: listens for events, reloads, swaps stylesheets and shows the error overlay.
    /// Hidden tabs close their stream (browsers allow ~6 connections per host over HTTP/1.1,
    /// and every open stream holds one); on return, `hello` tells them whether they missed a build.
    /// `stamp` is the build stamp the page is served with (letters, digits and `-` only).
    public static func tag(stamp: String) -> String {
        template.replacingOccurrences(of: "__GALLEY_STAMP__", with: stamp.filter { $0.isLetter || $0.isNumber || $0 == "-" })
    }

    static let template: String = """
    <script data-galley-live-reload>
    (() => {
      if (window.__galleyLiveReload) return;
      window.__galleyLiveReload = true;
      let stamp = "__GALLEY_STAMP__";
      const OVERLAY = "__galley_error_overlay";
      const removeOverlay = () => { const o = document.getElementById(OVERLAY); if (o) o.remove(); };
      const showOverlay = (e) => {
        removeOverlay();
        const o = document.createElement("div");
        o.id = OVERLAY;
        o.setAttribute("role", "alert");
        o.style.cssText = "position:fixed;inset:0;z-index:2147483647;background:rgba(24,24,27,.95);" +
          "color:#f4f4f5;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;" +
          "padding:2rem;overflow:auto;white-space:pre-wrap";
        const title = document.createElement("div");
        title.style.cssText = "color:#f87171;font-weight:bold;margin-bottom:1rem";
        title.textContent = "Build failed" + (e.location ? " \\u2014 " + e.location : "");
        const message = document.createElement("div");
        message.className = "galley-error-message";
        message.textContent = e.message || "";
        const fix = document.createElement("div");
        fix.className = "galley-error-hint";
        fix.style.cssText = "margin-top:.75rem;color:#a5b4fc";
        fix.textContent = e.hint ? "hint: " + e.hint : "";
        const hint = document.createElement("div");
        hint.style.cssText = "margin-top:2rem;opacity:.6";
        hint.textContent = "Still serving the last good build. Fix the error and save: this goes away.";
        o.append(title, message, fix, hint);
        (document.body || document.documentElement).appendChild(o);
      };
      const swapStylesheets = () => {
        const stamp = String(Date.now());
        for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
          const url = new URL(link.href, location.href);
          if (url.origin !== location.origin) continue;
          url.searchParams.set("galley", stamp);
          const next = link.cloneNode();
          next.href = url.href;
          next.addEventListener("load", () => link.remove(), { once: true });
          next.addEventListener("error", () => next.remove(), { once: true });
          link.after(next);
        }
      };
      let events = null;
      const connect = () => {
        if (events) return;
        events = new EventSource("\(eventsPath)");
        events.addEventListener("hello", (ev) => { if (JSON.parse(ev.data).stamp !== stamp) location.reload(); });
        events.addEventListener("reload", () => location.reload());
        events.addEventListener("css", (ev) => {
          stamp = JSON.parse(ev.data).stamp || stamp;
          removeOverlay();
          swapStylesheets();
        });
        events.addEventListener("ok", removeOverlay);
        events.addEventListener("\(failureEventName)", (ev) => showOverlay(JSON.parse(ev.data)));
      };
      const disconnect = () => { if (events) { events.close(); events = null; } };
      document.addEventListener("visibilitychange", () => { if (document.hidden) disconnect(); else connect(); });
      window.addEventListener("pagehide", disconnect);
      window.addEventListener("pageshow", () => { if (!document.hidden) connect(); });
      if (!document.hidden) connect();
    })();
    </script>
    """

    /// Inserts the script before the last `</body>` (any case), or appends it when there is none.
    /// Runs for every page served: the script text is made once per stamp, the search is on bytes.
    public static func inject(into html: Data, stamp: String = "") -> Data {
        let tag = tagBytes(stamp: stamp)
        let needle = Array("</body".utf8)
        let insertAt: Int = html.withUnsafeBytes { raw -> Int in
            let b = raw.bindMemory(to: UInt8.self)
            guard b.count >= needle.count else { return b.count }
            var index = b.count - needle.count
            while index >= 0 {
                if b[index] == 0x3C, matchesCaseInsensitive(b, at: index, needle) { return index }
                index -= 1
            }
            return b.count
        }
        var result = Data(capacity: html.count + tag.count + 1)
        result.append(html[html.startIndex..<(html.startIndex + insertAt)])
        result.append(contentsOf: tag)
        if insertAt == html.count { result.append(UInt8(ascii: "\n")) }
        result.append(html[(html.startIndex + insertAt)...])
        return result
    }

    /// The script for `stamp`, as bytes, remembered for the last stamp (it changes once per build).
    private static let tagCache = TagCache()
    private static func tagBytes(stamp: String) -> [UInt8] {
        if let hit = tagCache.get(stamp) { return hit }
        let bytes = Array(tag(stamp: stamp).utf8)
        tagCache.set(stamp, bytes)
        return bytes
    }

    private final class TagCache: @unchecked Sendable {
        private let lock = NSLock()
        private var last: (String, [UInt8])?
        func get(_ stamp: String) -> [UInt8]? { lock.lock(); defer { lock.unlock() }; return last?.0 == stamp ? last?.1 : nil }
        func set(_ stamp: String, _ bytes: [UInt8]) { lock.lock(); last = (stamp, bytes); lock.unlock() }
    }

    private static func matchesCaseInsensitive(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ needle: [UInt8]) -> Bool {
        for offset in 0..<needle.count {
            var byte = bytes[index + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != needle[offset] { return false }
        }
        return true
    }
}
