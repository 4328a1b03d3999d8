import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakeMailbox
import HandshakePresentation

/// `handshake events`: follows the account's live events on the registered server, reconnecting with the
/// last event id so nothing is missed, and the contacts' cards on the servers they name, keeping each newer
/// one as it is published.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Follow your friend requests and your contacts' cards as they change.",
        discussion: """
            Shows each event as it arrives: a request received, accepted, declined or withdrawn, and the \
            number of requests waiting for you. Runs until you stop it (Ctrl-C); if the connection drops, \
            it reconnects and picks up after the last event shown.

            It also follows the cards of your contacts whose cards name a server (see handshake contacts \
            refresh): when one of them publishes a newer card, it is fetched, checked and kept as an update \
            (your alias, notes and trust stay), and a line says what changed. This needs no registered server.

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

    /// A contact's card as `--json` prints it: `type` is `cardUpdated`, `cardRefused` (fetched, not kept),
    /// `cardUnchanged` or `followingStopped` (a server's stream ended for good).
    struct CardReport: Encodable {
        let type: String
        let contact: String?
        let nodeId: String?
        let server: String?
        let changes: [CardField]?
        let sentence: String?
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
        let home = HandshakeHome.current()
        let registration = RegisteredServer.registration(in: home)
        let cards = CardFollowing(refresh: CardRefresh(book: try home.contactBook(), registered: registration.server()))
        let streams = try cards.streams()
        // Without a registered server only the cards are followed; with neither, the registration's own refusal.
        let client: MailboxClient?
        do {
            client = try RegisteredServer.client(in: home)
        } catch {
            guard !streams.isEmpty else { throw error }
            client = nil
        }
        var from: Int64 = 0
        if let client {
            if let after { from = after } else { from = try await client.latestEventID() }
            if !json { Output.line("Following your events on \(client.server.absoluteString) (Ctrl-C to stop)…") }
        }
        if !json && !streams.isEmpty {
            let contacts = streams.reduce(0) { $0 + $1.nodeIDs.count }
            Output.line(TerminalLine(RefreshSentences.following(contacts: contacts, servers: Set(streams.map(\.server)).count)))
        }
        // Without --idle, wait for as long as the person keeps the command running.
        let (idle, start) = (idle, from)
        let heartbeat = Heartbeat()
        let shown: Int? = try await withThrowingTaskGroup(of: Int?.self) { group in
            let shown = Shown(limit: count)
            if let client { group.addTask { try await follow(client, after: start, heartbeat: heartbeat, shown: shown) } }
            if !streams.isEmpty { group.addTask { await follow(cards, heartbeat: heartbeat, shown: shown, alone: client == nil) } }
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

    /// Shows events as they arrive until `--count` lines were shown; returns how many.
    private func follow(_ client: MailboxClient, after start: Int64, heartbeat: Heartbeat, shown: Shown) async throws -> Int {
        var names: [NodeID: String] = [:]
        for try await event in client.events(after: start) {
            await heartbeat.beat()
            await show(event, client: client, names: &names)
            if await shown.add() { break }
        }
        return await shown.count
    }

    /// Shows each contact's card kept (or refused) as its server tells of it, until `--count` lines were shown.
    /// Every server's stream having stopped ends the command only when it follows nothing else (`alone`).
    private func follow(_ cards: CardFollowing, heartbeat: Heartbeat, shown: Shown, alone: Bool) async -> Int {
        for await event in cards.events() {
            await heartbeat.beat()
            show(event)
            if await shown.add() { return await shown.count }
        }
        while !alone && !Task.isCancelled { try? await Task.sleep(for: .seconds(3600)) }
        return await shown.count
    }

    private func show(_ event: CardFollowing.Event) {
        switch event {
        case .refreshed(let result):
            if json {
                let report = ContactsRefreshCommand.report(result)
                let type = ["updated": "cardUpdated", "unchanged": "cardUnchanged"][report.outcome] ?? "cardRefused"
                try? Output.jsonLine(
                    CardReport(type: type, contact: report.contact, nodeId: report.nodeId, server: report.server, changes: report.changes, sentence: report.sentence))
            } else if let sentence = RefreshSentences.sentence(result) {
                Output.line(TerminalLine(sentence))
            }
        case .stopped(let server, let reason):
            if json {
                try? Output.jsonLine(CardReport(type: "followingStopped", contact: nil, nodeId: nil, server: server.origin, changes: nil, sentence: reason))
            } else {
                Output.line(TerminalLine(RefreshSentences.stoppedFollowing(server, reason: reason)))
            }
        }
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

/// How many lines both followers showed, for `--count`.
private actor Shown {
    let limit: Int?
    private(set) var count = 0
    init(limit: Int?) { self.limit = limit }
    /// Counts one more; whether `--count` is reached.
    func add() -> Bool {
        count += 1
        return limit.map { count >= $0 } ?? false
    }
}

/// When the last event arrived, for `--idle`.
private actor Heartbeat {
    private(set) var last = ContinuousClock.now
    func beat() { last = .now }
}
