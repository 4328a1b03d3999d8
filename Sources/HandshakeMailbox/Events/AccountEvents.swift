import Foundation
import HandshakeCore

/// The account's events as they happen: an async sequence that never misses one.
///
/// It connects to the server's event stream, yields each event in order, and when the connection ends
/// (the server restarted, the network dropped, the server fell silent) it waits the reconnect delay and
/// connects again with the last id it yielded (`Last-Event-ID`), so the server replays exactly what came
/// after. When the server says the token expired or was revoked, it signs in again and carries on. A server
/// that cannot be reached is tried again the same way. It ends when the task iterating it is cancelled, or
/// with a ``MailboxClientError`` when the server refuses the stream for another reason, the client has no
/// identity, or ``MailboxClient/Configuration/maxQuickReconnects`` connections in a row failed or ended
/// within seconds of being made (the server is gone, or is not a mailbox).
///
/// ```swift
/// for try await event in client.events() {
///     if event.kind == .friendRequestReceived { … }
/// }
/// ```
public struct AccountEvents: AsyncSequence, Sendable {
    /// Each element is one event of the account.
    public typealias Element = AccountEvent
    /// It ends with a ``MailboxClientError``, or with `CancellationError` when its task is cancelled.
    public typealias Failure = any Error

    let client: MailboxClient
    let after: Int64

    /// The iterator: one connection at a time, made again whenever one ends.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let client: MailboxClient
        var last: Int64
        var connection: EventStreamConnection?
        var items: AsyncStream<EventStreamConnection.Item>.AsyncIterator?
        /// Whether the connection in use has already been refused once for its token.
        var signedInAgain = false
        /// When to connect again, and when to give up.
        var reconnection: StreamReconnection

        /// The next event; waits as long as it takes, reconnecting as needed.
        public mutating func next() async throws -> AccountEvent? {
            while true {
                try Task.checkCancellation()
                if items == nil {
                    let opened: EventStreamConnection
                    switch await open() {
                    case .success(let connection): opened = connection
                    case .failure(let error):
                        // Signing in again could not reach the server: try again after the delay, a bounded number of times.
                        guard case .unreachable = error else { throw error }
                        try await reconnection.failedQuickly(error)
                        continue
                    }
                    connection = opened
                    items = opened.items.makeAsyncIterator()
                    reconnection.opened()
                }
                let item = await withTaskCancellationHandler {
                    await items?.next()
                } onCancel: { [connection] in
                    connection?.close()
                }
                switch item {
                case .message(let message)?:
                    signedInAgain = false
                    reconnection.delivered()
                    guard let event = try AccountEvent(message) else { continue }
                    last = Swift.max(last, event.id)
                    return event
                case .status(401, _)?:
                    // The token expired or was revoked: sign in again once, and connect at once.
                    items = nil
                    if signedInAgain { throw MailboxClientError.refused(.unauthorized("The server refused a fresh sign-in."), owner: nil) }
                    signedInAgain = true
                    await client.forgetSession()
                case .status(_, let response)?:
                    throw await client.refusal(from: response)
                case .malformed?:
                    throw MailboxClientError.unexpectedAnswer("the event stream has a line over 64 KiB.")
                case .failed(let error)?:
                    try await ended(because: error)
                case nil:
                    try await ended(because: .unreachable(server: client.server.host ?? "the server", reason: "the event stream ended at once"))
                }
            }
        }

        /// The connection ended (`error` says how, for when it ended at once): connect again after the
        /// server's retry delay.
        mutating func ended(because error: MailboxClientError) async throws {
            items = nil
            connection = nil
            try await reconnection.ended(because: error)
        }

        /// A connection after the last event, or why none could be made.
        func open() async -> Result<EventStreamConnection, MailboxClientError> {
            do throws(MailboxClientError) {
                return .success(try await client.openEventStream(after: last))
            } catch {
                return .failure(error)
            }
        }
    }

    /// An iterator starting after event `after`.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(client: client, last: after, reconnection: StreamReconnection(configuration: client.configuration))
    }
}

extension MailboxClient {
    /// The account's events after event `after` (0: all of them), as they happen. See ``AccountEvents``.
    public nonisolated func events(after: Int64 = 0) -> AccountEvents {
        AccountEvents(client: self, after: after)
    }

    /// The account's events after event `after`, at most a page (100) of them, oldest first: for an app
    /// that polls, or to learn the newest id before following.
    public func eventPage(after: Int64 = 0) async throws(MailboxClientError) -> [AccountEvent] {
        let response: EventListResponse = try await call("GET", MailboxPath.events, query: "after=\(after)")
        return try response.events.map { wire throws(MailboxClientError) in try AccountEvent(wire) }
    }

    /// The id of the account's newest event, 0 when there is none: follow ``events(after:)`` from it to hear
    /// only what happens from now on.
    public func latestEventID() async throws(MailboxClientError) -> Int64 {
        var last: Int64 = 0
        while true {
            let page = try await eventPage(after: last)
            guard let newest = page.last?.id, newest > last else { return last }
            last = newest
        }
    }

    /// One connection to the event stream, signed in.
    func openEventStream(after last: Int64) async throws(MailboxClientError) -> EventStreamConnection {
        var request = try makeRequest("GET", MailboxPath.eventStream, [:])
        request.setValue("Bearer \(try await currentToken())", forHTTPHeaderField: "Authorization")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.setValue(String(last), forHTTPHeaderField: "Last-Event-ID")
        return EventStreamConnection(request: request, http: http.http, silenceLimit: configuration.streamSilenceLimit)
    }
}

/// Something that happened to the account: a friend request received, accepted, declined or withdrawn,
/// or a new badge count. Events carry no cards: fetch the request (``MailboxClient/friendRequest(_:)``).
public struct AccountEvent: Sendable, Equatable, Identifiable {
    /// The event's id, increasing.
    public let id: Int64
    /// What happened.
    public let kind: MailboxEventKind
    /// The friend request concerned (not for a badge event).
    public let requestID: String?
    /// The other side of that request.
    public let peer: NodeID?
    /// The number of received requests waiting (for a badge event).
    public let pendingRequests: Int?
    /// When it happened.
    public let createdAt: Date

    /// The event `wire` describes. A request id not shaped as one is refused: an id is printed and sent back
    /// in a path, so it is checked where it arrives, as where it is sent.
    init(_ wire: EventResponse) throws(MailboxClientError) {
        if let requestID = wire.requestId, !MailboxClient.isRequestID(requestID) {
            throw .unexpectedAnswer("an event names the request \(UntrustedText.quoted(requestID, limit: 80)), which is not a request id.")
        }
        id = wire.id
        kind = wire.type
        requestID = wire.requestId
        peer = wire.peer.flatMap(NodeID.init)
        pendingRequests = wire.pendingRequests
        createdAt = wire.createdAt
    }

    /// The event a stream message carries; `nil` for a message this version cannot read (an event kind
    /// added later), which is skipped; a refusal for one that names a request by something not an id.
    init?(_ message: ServerSentEventParser.Message) throws(MailboxClientError) {
        guard let wire = try? JSONDecoder.mailbox.decode(EventResponse.self, from: Data(message.data.utf8)) else { return nil }
        try self.init(wire)
    }
}
