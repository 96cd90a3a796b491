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
    public static func inject(into html: Data, stamp: String = "") -> Data {
        let tag = tag(stamp: stamp)
        let bytes = [UInt8](html)
        let needle = Array("</body".utf8)
        var insertAt = bytes.count
        if bytes.count >= needle.count {
            var index = bytes.count - needle.count
            while index >= 0 {
                if matchesCaseInsensitive(bytes, at: index, needle) {
                    insertAt = index
                    break
                }
                index -= 1
            }
        }
        var result = Data(capacity: bytes.count + tag.utf8.count + 1)
        result.append(contentsOf: bytes[..<insertAt])
        result.append(contentsOf: Array(tag.utf8))
        if insertAt == bytes.count { result.append(UInt8(ascii: "\n")) }
        result.append(contentsOf: bytes[insertAt...])
        return result
    }

    private static func matchesCaseInsensitive(_ bytes: [UInt8], at index: Int, _ needle: [UInt8]) -> Bool {
        for offset in 0..<needle.count {
            var byte = bytes[index + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != needle[offset] { return false }
        }
        return true
    }
}
