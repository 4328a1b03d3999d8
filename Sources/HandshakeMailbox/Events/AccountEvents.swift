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
        /// Whether the connection in use has already been refused once for its token.
        var signedInAgain = false
        /// The connection in use, when to connect again, and when to give up.
        var stream: ReconnectingStream

        /// The next event; waits as long as it takes, reconnecting as needed.
        public mutating func next() async throws -> AccountEvent? {
            while true {
                try Task.checkCancellation()
                if !stream.isConnected {
                    switch await open() {
                    case .success(let connection): stream.use(connection)
                    case .failure(let error):
                        // Signing in again could not reach the server: try again after the delay, a bounded number of times.
                        guard case .unreachable = error else { throw error }
                        try await stream.failedQuickly(error)
                        continue
                    }
                }
                switch try await stream.next() {
                case .message(let message)?:
                    signedInAgain = false
                    guard let event = try AccountEvent(message) else { continue }
                    last = Swift.max(last, event.id)
                    return event
                case .status(401, _)?:
                    // The token expired or was revoked: sign in again once, and connect at once.
                    stream.drop()
                    if signedInAgain { throw MailboxClientError.refused(.unauthorized("The server refused a fresh sign-in."), owner: nil) }
                    signedInAgain = true
                    await client.forgetSession()
                case .status(_, let response)?:
                    throw await client.refusal(from: response)
                case nil:
                    continue
                }
            }
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
        AsyncIterator(
            client: client, last: after,
            stream: ReconnectingStream(configuration: client.configuration, name: "the event stream", server: client.server.host ?? "the server"))
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
