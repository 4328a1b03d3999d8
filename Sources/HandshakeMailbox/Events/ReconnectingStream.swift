// Establishes the connection half of a stream that keeps itself connected (an account's events, the card
// changes a follower hears of): the connection in use and its messages, read so that cancelling the reader
// closes it; when to connect again after one ends (the server's retry delay); and when to give up, with the
// last error, once too many connections in a row failed or ended within seconds of being made (the server is
// gone, or is not a mailbox), so a follower never spins on a server that is not there. What a message means,
// and how a connection is opened, is each stream's own.

import HandshakeCredentials

/// The connection in use by a stream's iterator, and its reconnecting.
struct ReconnectingStream {
    /// What the connection in use said next.
    enum Answer {
        /// A message.
        case message(ServerSentEventParser.Message)
        /// The server's status was not 200 (401: the token expired or was revoked).
        case status(Int, BoundedHTTP.Response)
    }

    let configuration: MailboxClient.Configuration
    /// The stream's name in a sentence ("the event stream").
    let name: String
    /// The server's host, for a sentence.
    let server: String
    private var connection: EventStreamConnection?
    private var items: AsyncStream<EventStreamConnection.Item>.AsyncIterator?
    /// When the connection in use was made.
    private var openedAt = ContinuousClock.now
    /// How many connections in a row failed, or ended within seconds of being made.
    private var quickFailures = 0

    init(configuration: MailboxClient.Configuration, name: String, server: String) {
        self.configuration = configuration
        self.name = name
        self.server = server
    }

    /// Whether a connection is in use.
    var isConnected: Bool { items != nil }

    /// Uses `opened`, a connection just made.
    mutating func use(_ opened: EventStreamConnection) {
        connection = opened
        items = opened.items.makeAsyncIterator()
        openedAt = .now
    }

    /// Stops using the connection, to connect again at once (a token refused: sign in again first).
    mutating func drop() {
        items = nil
    }

    /// The next message or refusal of the connection in use; `nil` once it ended and the retry delay has
    /// passed (connect again). Cancelling the task closes the connection.
    /// - Throws: ``MailboxClientError`` when a line is over the limit, or connections keep ending at once.
    mutating func next() async throws -> Answer? {
        let item = await withTaskCancellationHandler {
            await items?.next()
        } onCancel: { [connection] in
            connection?.close()
        }
        switch item {
        case .message(let message)?:
            quickFailures = 0
            return .message(message)
        case .status(let status, let response)?:
            return .status(status, response)
        case .malformed?:
            throw MailboxClientError.unexpectedAnswer("\(name) has a line over 64 KiB.")
        case .failed(let error)?:
            try await ended(because: error)
        case nil:
            try await ended(because: .unreachable(server: server, reason: "\(name) ended at once"))
        }
        return nil
    }

    /// The connection ended (`error` says how, for when it ended at once): waits the retry delay, or throws
    /// `error` when connections keep ending at once.
    private mutating func ended(because error: MailboxClientError) async throws {
        items = nil
        connection = nil
        try Task.checkCancellation()
        if ContinuousClock.now - openedAt < .seconds(10) {
            try await failedQuickly(error)
        } else {
            quickFailures = 0
            try await configuration.sleep(configuration.reconnectDelay)
        }
    }

    /// Counts a connection that failed or ended at once, and waits the retry delay; past the limit, throws
    /// `error`.
    mutating func failedQuickly(_ error: MailboxClientError) async throws {
        quickFailures += 1
        if quickFailures > configuration.maxQuickReconnects { throw error }
        try await configuration.sleep(configuration.reconnectDelay)
    }
}
