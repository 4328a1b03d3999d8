import Foundation
import HandshakeCore
import HandshakeMailbox
import Hummingbird
import ServiceLifecycle

/// The signed-in account's events: `GET /v1/events?after=ID` (a JSON page, for polling) and
/// `GET /v1/events/stream` (server-sent events, resumable with `Last-Event-ID`).
///
/// The stream first sends every event after the client's last id, then waits for
/// ``EventBroadcaster`` to say there may be more; each SSE message has `id:` (the event id), `event:`
/// (its type) and `data:` (its JSON). A comment line is sent as a keep-alive. The stream ends when the
/// server shuts down, and when its session has expired (checked at each wake-up); the client reconnects
/// (signing in again if it must) with `Last-Event-ID` and misses nothing, and at once when its connection
/// closes (the client went away). Streams are counted (``EventStreamQuota``): past the account's cap the
/// stream is refused `429 too_many_streams`, past the instance's `503 server_busy`. `HEAD` answers a
/// stream's headers without opening one.
struct EventRoutes: Sendable {
    let storage: any MailboxStorage
    let broadcaster: EventBroadcaster
    let metrics: MailboxMetrics
    let clock: any MailboxClock
    let quota: EventStreamQuota

    static let pageSize = 100

    func register(on group: RouterGroup<MailboxContext>) {
        group.get(RouterPath(MailboxPath.events), use: list)
        group.get(RouterPath(MailboxPath.eventStream), use: stream)
    }

    @Sendable func list(_ request: Request, context: MailboxContext) async throws -> EventListResponse {
        let account = try context.requireAccount()
        let after = try Self.position(request.uri.queryParameters.get("after"), name: "`after`")
        let events = try await storage.events(of: account, after: after, limit: Self.pageSize)
        return EventListResponse(events: events.map(EventResponse.init))
    }

    @Sendable func stream(_ request: Request, context: MailboxContext) async throws -> Response {
        let account = try context.requireAccount()
        let tokenHash = context.sessionTokenHash
        let header = HTTPFields.Element.Name.lastEventID.flatMap { request.headers[values: $0].last }
        let lastID = header ?? request.uri.queryParameters.get("after")
        let start = try Self.position(lastID, name: "`Last-Event-ID`")
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
        // HEAD is told what GET would say, without a stream opened or counted.
        guard request.method != .head else { return Response(status: .ok, headers: headers) }
        let permit = try quota.take(for: account)
        let (storage, broadcaster, metrics, clock) = (storage, broadcaster, metrics, clock)
        // Subscribed before the replay, so an event recorded between the replay and the wait still wakes it.
        let (subscription, signals) = await broadcaster.subscribe(account)
        // The connection closing (the client went away: ConnectionGuardHandler closes it then) ends the wait
        // at once, and with it the stream, its place and its count in the gauge.
        context.connectionClosed.whenComplete { _ in Task { await broadcaster.unsubscribe(subscription) } }
        // A stream lives no longer than its session: at each wake-up (an event, or the keep-alive every 15 s)
        // the token must still be valid, or the stream ends and the client signs in again, resuming from its
        // Last-Event-ID.
        let body = EventStreamBody.make(
            start, permit: permit, subscription: subscription, signals: signals, broadcaster: broadcaster, metrics: metrics,
            goesOn: {
                guard let tokenHash else { return true }
                return try await storage.sessionAccount(tokenHash: tokenHash, now: clock.now()) == account
            },
            send: { last, writer in last = try await Self.send(after: last, of: account, storage: storage, to: &writer) })
        return Response(status: .ok, headers: headers, body: body)
    }

    /// Writes every event after `last` as SSE messages and returns the new last id.
    static func send(after last: Int64, of account: NodeID, storage: any MailboxStorage, to writer: inout any ResponseBodyWriter) async throws
        -> Int64
    {
        var last = last
        while true {
            let events = try await storage.events(of: account, after: last, limit: pageSize)
            guard !events.isEmpty else { return last }
            var text = ""
            for event in events {
                let data = String(decoding: try JSONEncoder.events.encode(EventResponse(event)), as: UTF8.self)
                text += "id: \(event.id)\nevent: \(event.kind.rawValue)\ndata: \(data)\n\n"
                last = event.id
            }
            try await writer.write(ByteBuffer(string: text))
        }
    }

    /// An event id from a query or header: a non-negative integer, 0 when absent.
    static func position(_ text: String?, name: String) throws(MailboxError) -> Int64 {
        guard let text else { return 0 }
        guard let value = Int64(text), value >= 0 else { throw .badRequest("\(name) must be an event id (a non-negative integer).") }
        return value
    }
}

extension JSONEncoder {
    /// The encoder for SSE `data:` lines: one line, ISO 8601 dates, as the JSON routes write them.
    static var events: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
