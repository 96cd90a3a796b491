import Foundation
import Testing
@testable import Server

/// Opens the event stream over a raw socket and reads it off the cooperative pool.
final class EventStreamClient: Sendable {
    let connection: RawConnection

    init(port: UInt16) async throws {
        connection = try await RawHTTP.offPool { try RawConnection(port: port, timeout: 10) }
        connection.send("GET \(LiveReloadScript.eventsPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n")
        _ = try await read(until: "retry:")
    }

    /// Everything received so far once `marker` has arrived (throws after the socket timeout).
    func read(until marker: String) async throws -> String {
        let connection = self.connection
        return try await RawHTTP.offPool { try connection.receive(until: marker) }
    }
}

@Suite(.timeLimit(.minutes(1)))
struct LiveReloadTests {
    @Test func sseDeliversPublishedEvents() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { server, port in
            let client = try await EventStreamClient(port: port)
            let head = try await client.read(until: "\r\n\r\n")
            #expect(head.hasPrefix("HTTP/1.1 200"))
            #expect(head.lowercased().contains("content-type: text/event-stream"))
            #expect(head.lowercased().contains("cache-control: no-store"))
            #expect(await eventually { await server.hub.subscriberCount == 1 })

            await server.publish(.reload(paths: ["/blog/hello.html"]))
            let reload = try await client.read(until: "event: reload")
            #expect(reload.contains("\"paths\":[\"/blog/hello.html\"]"))

            await server.publish(.error(OverlayError(message: "unclosed section", file: "templates/post.html", line: 12, column: 3)))
            let failed = try await client.read(until: "event: build-error")
            #expect(failed.contains("\"location\":\"templates/post.html:12:3\""))

            await server.publish(.css(paths: ["/style.css"]))
            _ = try await client.read(until: "event: css")
            await server.publish(.ok)
            _ = try await client.read(until: "event: ok")
        }
    }

    @Test func newPageSeesCurrentErrorUntilFixed() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { server, port in
            await server.publish(.error(OverlayError(message: "bad front matter", file: "content/a.md", line: 2)))
            let late = try await EventStreamClient(port: port)
            #expect(try await late.read(until: "bad front matter").contains("event: build-error"))
            await server.publish(.ok)
            #expect(await server.hub.failure == nil)
            let fresh = try await EventStreamClient(port: port)
            await server.publish(.reload(paths: []))
            let text = try await fresh.read(until: "event: reload")
            #expect(!text.contains("build-error"))
        }
    }

    @Test func heartbeatsFlowAndStopEndsStreams() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        let server = DevServer(configuration: DevServerConfiguration(root: site.root, port: 0, heartbeatInterval: 0.05))
        let port = try await server.start()
        let client = try await EventStreamClient(port: port)
        _ = try await client.read(until: ": ping")
        let started = ContinuousClock.now
        await server.stop()
        #expect(ContinuousClock.now - started < .seconds(3))
        #expect(await server.hub.subscriberCount == 0)
        // The port is free again.
        let again = DevServer(configuration: DevServerConfiguration(root: site.root, port: port))
        #expect(try await again.start() == port)
        await again.stop()
    }

    @Test func pagesCarryTheBuildStampAndStreamsGreetWithIt() async throws {
        let site = try SiteFixture()
        defer { site.remove() }
        try await withServer(site) { server, port in
            let stamp = await server.hub.stamp
            let page = try await RawHTTP.request(port: port, target: "/")
            #expect(page.text.contains("let stamp = \"\(stamp)\";"))
            let client = try await EventStreamClient(port: port)
            #expect(try await client.read(until: "event: hello").contains("\"stamp\":\"\(stamp)\""))
            await server.publish(.error(OverlayError(message: "x")))
            #expect(await server.hub.stamp == stamp)  // errors change nothing that is served
            await server.publish(.css(paths: ["/style.css"]))
            let next = await server.hub.stamp
            #expect(next != stamp)
            #expect(try await client.read(until: "event: css").contains("\"stamp\":\"\(next)\""))
            #expect(try await RawHTTP.request(port: port, target: "/").text.contains("let stamp = \"\(next)\";"))
        }
        #expect(LiveReloadScript.tag(stamp: "a\"</script>-1").contains("let stamp = \"ascript-1\";"))
    }

    @Test func injectionPlacement() {
        let tag = LiveReloadScript.tag(stamp: "")
        let html = Data("<html><body>a</body><!-- </body> in comment --></html>".utf8)
        let injected = String(decoding: LiveReloadScript.inject(into: html), as: UTF8.self)
        #expect(injected == "<html><body>a</body><!-- \(tag)</body> in comment --></html>")
        let upper = String(decoding: LiveReloadScript.inject(into: Data("<BODY>x</BODY>".utf8)), as: UTF8.self)
        #expect(upper == "<BODY>x\(tag)</BODY>")
        let none = String(decoding: LiveReloadScript.inject(into: Data("plain".utf8)), as: UTF8.self)
        #expect(none == "plain\(tag)\n")
        #expect(String(decoding: LiveReloadScript.inject(into: Data()), as: UTF8.self) == "\(tag)\n")
    }

    @Test func serverSentEventWireFormat() {
        #expect(ReloadEvent.ok.serverSentEvent() == "event: ok\ndata: {}\n\n")
        #expect(ReloadEvent.ok.serverSentEvent(stamp: "a-1") == "event: ok\ndata: {\"stamp\":\"a-1\"}\n\n")
        let error = ReloadEvent.error(OverlayError(message: "line1\nline2", file: "a.md", line: 3))
        let text = error.serverSentEvent()
        #expect(text.hasPrefix("event: build-error\ndata: {"))
        #expect(text.hasSuffix("}\n\n"))
        #expect(text.components(separatedBy: "\n").count == 4)  // one data line despite the newline
        #expect(OverlayError(message: "m", file: "a.md", line: 3, column: 9).location == "a.md:3:9")
        #expect(OverlayError(message: "m").location == nil)
    }

    @Test func devLoopEventMapping() {
        #expect(DevLoop.event(for: .success(changedOutputPaths: ["/a.html"], cssOnly: false), failureShown: false)
                == .reload(paths: ["/a.html"]))
        #expect(DevLoop.event(for: .success(changedOutputPaths: ["/s.css"], cssOnly: true), failureShown: true)
                == .css(paths: ["/s.css"]))
        #expect(DevLoop.event(for: .success(changedOutputPaths: [], cssOnly: false), failureShown: false) == nil)
        #expect(DevLoop.event(for: .success(changedOutputPaths: [], cssOnly: false), failureShown: true) == .ok)
        #expect(DevLoop.event(for: .failure(message: "m", file: "f", line: 1, column: nil), failureShown: false)
                == .error(OverlayError(message: "m", file: "f", line: 1)))
    }
}
