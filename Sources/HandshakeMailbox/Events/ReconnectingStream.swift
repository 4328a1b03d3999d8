// Establishes when a stream that keeps itself connected (an account's events, the card changes a follower
// hears of) connects again, and when it gives up: after the server's retry delay each time a connection ends,
// and with the last error once too many connections in a row failed or ended within seconds of being made
// (the server is gone, or is not a mailbox), so a follower never spins on a server that is not there.

/// The reconnecting half of a stream's iterator.
struct StreamReconnection: Sendable {
    let configuration: MailboxClient.Configuration
    /// When the connection in use was made.
    var openedAt = ContinuousClock.now
    /// How many connections in a row failed, or ended within seconds of being made.
    var quickFailures = 0

    /// A connection was just made.
    mutating func opened() {
        openedAt = .now
    }

    /// The connection delivered a message: the server is there.
    mutating func delivered() {
        quickFailures = 0
    }

    /// The connection ended (`error` says how, for when it ended at once): waits the retry delay, or throws
    /// `error` when connections keep ending at once.
    mutating func ended(because error: MailboxClientError) async throws {
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
