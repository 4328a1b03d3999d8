import Hummingbird
import NIOCore

/// The app's server-sent event streams to the browser: what the source yields, as `data:` lines, and a
/// comment every ``keepAliveInterval`` in between.
///
/// The comment is how the app notices that the browser has gone (the page was closed): writing it fails,
/// the stream ends, and what it was relaying from (a friend-request stream holding a connection to the
/// server, the face-to-face screen's changes) is cancelled with it. Before, a closed page held its
/// upstream until the next event, which on a quiet account could be hours.
enum ServerSentEvents {
    /// How often a comment is written when nothing else is.
    static let keepAliveInterval: Duration = .seconds(15)

    /// A response that first writes `retry: RETRY`, then `opening` lines if any, then one `data:` line per
    /// element of `source` (as `line` makes it), until the source ends, the browser leaves, or the app stops.
    static func response<Source: AsyncSequence & Sendable>(
        retry milliseconds: Int, opening: String? = nil, relaying source: Source, keepAlive: Duration = keepAliveInterval,
        line: @escaping @Sendable (Source.Element) -> String
    ) -> Response where Source.Element: Sendable {
        let body = ResponseBody { writer in
            try await writer.write(ByteBuffer(string: "retry: \(milliseconds)\n\n" + (opening.map { "data: \($0)\n\n" } ?? "")))
            let (messages, relay) = AsyncStream.makeStream(of: String.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    do {
                        for try await element in source { relay.yield("data: \(line(element))\n\n") }
                    } catch {
                        // The source ended with an error (the server's stream dropped): the browser reconnects
                        // after `retry` and the page redraws.
                    }
                    relay.finish()
                }
                group.addTask {
                    while !Task.isCancelled {
                        try await Task.sleep(for: keepAlive)
                        relay.yield(": keep-alive\n\n")
                    }
                }
                defer { group.cancelAll() }
                for await message in messages.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: message))
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"], body: body)
    }
}
