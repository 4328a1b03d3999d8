import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox

/// `handshake events`: follows the account's live events on the registered server, reconnecting with the
/// last event id so nothing is missed.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Follow your friend requests as they happen (the server's live event stream).",
        discussion: """
            Shows each event as it arrives: a request received, accepted, declined or withdrawn, and the \
            number of requests waiting for you. Runs until you stop it (Ctrl-C); if the connection drops, \
            it reconnects and picks up after the last event shown.

            By default only new events are shown; --after 0 shows all of them from the start.

            Example:
              handshake events --json --count 1     # wait for the next event, print it as JSON, exit
            """
    )

    @Flag(help: "Print each event as one JSON line.")
    var json = false

    @Option(help: ArgumentHelp("Show the events after this id (0: from the start).", valueName: "id"))
    var after: Int64?

    @Option(help: ArgumentHelp("Exit after this many events.", valueName: "n"))
    var count: Int?

    @Option(help: ArgumentHelp("Exit (status 1) if no event arrives for this many seconds.", valueName: "seconds"))
    var idle: Int?

    func validate() throws {
        if let after, after < 0 { throw ValidationError("--after must be an event id (0 or more).") }
        if let count, count < 1 { throw ValidationError("--count must be at least 1.") }
        if let idle, idle < 1 { throw ValidationError("--idle must be at least 1 second.") }
    }

    /// One event as `--json` prints it: the API's own names.
    struct Report: Encodable {
        let id: Int64
        let type: String
        let requestId: String?
        let peer: String?
        let pendingRequests: Int?
        let createdAt: String

        init(_ event: AccountEvent) {
            id = event.id
            type = event.kind.rawValue
            requestId = event.requestID
            peer = event.peer?.rawValue
            pendingRequests = event.pendingRequests
            createdAt = event.createdAt.formatted(.iso8601)
        }
    }

    func run() async throws {
        let client = try RegisteredServer.client(in: HandshakeHome.current())
        let start: Int64
        if let after { start = after } else { start = try await client.latestEventID() }
        if !json { Output.line("Following your events on \(client.server.absoluteString) (Ctrl-C to stop)…") }
        // Without --idle, wait for as long as the person keeps the command running.
        let idle = idle
        let heartbeat = Heartbeat()
        let shown: Int? = try await withThrowingTaskGroup(of: Int?.self) { group in
            group.addTask { try await follow(client, after: start, heartbeat: heartbeat) }
            if let idle {
                // Ends the wait when no event came for --idle seconds since the last one (or the start).
                group.addTask {
                    while true {
                        let deadline = await heartbeat.last + .seconds(idle)
                        if ContinuousClock.now >= deadline { return nil }
                        try await Task.sleep(until: deadline)
                    }
                }
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        if shown == nil {
            let seconds = idle ?? 0
            throw CommandFailure("No event arrived within \(seconds == 1 ? "1 second" : "\(seconds) seconds").")
        }
    }

    /// Shows events as they arrive until `--count` of them were shown; returns how many.
    private func follow(_ client: MailboxClient, after start: Int64, heartbeat: Heartbeat) async throws -> Int {
        var shown = 0
        var names: [NodeID: String] = [:]
        for try await event in client.events(after: start) {
            await heartbeat.beat()
            await show(event, client: client, names: &names)
            shown += 1
            if let count, shown >= count { break }
        }
        return shown
    }

    private func show(_ event: AccountEvent, client: MailboxClient, names: inout [NodeID: String]) async {
        if json {
            try? Output.jsonLine(Report(event))
            return
        }
        let who: String
        if let peer = event.peer {
            if names[peer] == nil {
                names[peer] = (try? await client.card(of: peer))?.card.name ?? String(peer.rawValue.prefix(8))
            }
            who = TerminalText.value(names[peer] ?? peer.rawValue)
        } else {
            who = "Someone"
        }
        let id = event.requestID ?? ""
        let line: TerminalLine
        switch event.kind {
        case .friendRequestReceived: line = "\(who) sent you a friend request. Accept: handshake request accept \(id)"
        case .friendRequestAccepted: line = "\(who) accepted your friend request: handshake requests --sent adds their card."
        case .friendRequestDeclined: line = "\(who) declined your friend request."
        case .friendRequestCancelled: line = "\(who) withdrew their friend request."
        case .badge: line = "Requests waiting for you: \(event.pendingRequests ?? 0)."
        }
        Output.line(line)
    }
}

/// When the last event arrived, for `--idle`.
private actor Heartbeat {
    private(set) var last = ContinuousClock.now
    func beat() { last = .now }
}
