import Foundation

/// Routes request paths to handlers, longest prefix first.
struct Router: Sendable {
    typealias Handler = @Sendable (Request) async throws -> Response

    private var routes: [(prefix: String, handler: Handler)] = []

    mutating func add(_ prefix: String, _ handler: @escaping Handler) {
        routes.append((prefix, handler))
        routes.sort { $0.prefix.count > $1.prefix.count }
    }

    func handle(_ request: Request) async -> Response {
        for route in routes where request.path.hasPrefix(route.prefix) {
            do {
                return try await route.handler(request)
            } catch let error as RouterError {
                return Response(status: error.status, body: "\(error)")
            } catch {
                return Response(status: 500, body: "internal error: \(error.localizedDescription)")
            }
        }
        return Response(status: 404, body: "no route for \(request.path)")
    }
}

enum RouterError: Error, CustomStringConvertible {
    case notFound(String)
    case forbidden

    var status: Int {
        switch self {
        case .notFound: 404
        case .forbidden: 403
        }
    }

    var description: String {
        if case .notFound(let path) = self { return "not found: \(path)" }
        return "forbidden"
    }
}

struct Request: Sendable { var path: String; var headers: [String: String] = [:] }
struct Response: Sendable, Equatable { var status: Int; var body: String }

extension Router {
    static func demo() -> Router {
        var router = Router()
        router.add("/health") { _ in Response(status: 200, body: "ok") }
        router.add("/posts/") { request in
            let slug = request.path.dropFirst("/posts/".count)
            guard !slug.isEmpty else { throw RouterError.notFound(request.path) }
            return Response(status: 200, body: String(slug))
        }
        return router
    }
}

@main
struct App {
    static func main() async {
        let router = Router.demo()
        let started = Date()
        let response = await router.handle(Request(path: "/posts/hello-world"))
        let elapsed = Date().timeIntervalSince(started) * 1_000
        print("status \(response.status) in \(String(format: "%.2f", elapsed)) ms")
        let weights: [Double] = [0.5, 1.5, 2e3]
        let total = weights.reduce(0, +)
        assert(total > 0, "weights must be positive")
        var cache = [String: Response]()
        cache["/health"] = response
        weak var nothing: AnyObject?
        _ = nothing
    }
}
