// Establishes the one shape of a server-sent event stream the server writes (an account's events, the card
// changes a follower hears of): `retry: 3000`, a first round of messages, then one round each time the
// broadcaster says something may have changed and a comment at each keep-alive, until graceful shutdown or
// the client's leaving; counted in the gauge and the quota for exactly as long as it is open.
import HandshakeCore
import Hummingbird
import ServiceLifecycle

/// A stream's response body.
enum EventStreamBody {
    /// The body of a stream woken by `signals` (subscription `subscription` of `broadcaster`), holding
    /// `permit` while it is open. `send` writes a round of messages from `state` (the first at once);
    /// `goesOn` is asked at each wake-up whether the stream may go on (an account's session still valid).
    static func make<State: Sendable>(
        _ state: State, permit: EventStreamPermit, subscription: Int, signals: AsyncStream<EventBroadcaster.Signal>,
        broadcaster: EventBroadcaster, metrics: MailboxMetrics,
        goesOn: @escaping @Sendable () async throws -> Bool = { true },
        send: @escaping @Sendable (inout State, inout any ResponseBodyWriter) async throws -> Void
    ) -> ResponseBody {
        ResponseBody { writer in
            metrics.eventStreamOpened()
            defer {
                metrics.eventStreamClosed()
                permit.release()
            }
            var state = state
            do {
                try await writer.write(ByteBuffer(string: "retry: 3000\n\n"))
                try await send(&state, &writer)
                // Request handlers run inside the server's service, so they see its graceful shutdown: the
                // stream ends then, rather than holding the server open until the client leaves.
                for await signal in signals.cancelOnGracefulShutdown() {
                    guard try await goesOn() else { break }
                    switch signal {
                    case .changed: try await send(&state, &writer)
                    case .keepAlive: try await writer.write(ByteBuffer(string: ": keep-alive\n\n"))
                    }
                }
            } catch {
                await broadcaster.unsubscribe(subscription)
                throw error
            }
            await broadcaster.unsubscribe(subscription)
            try await writer.finish(nil)
        }
    }
}
