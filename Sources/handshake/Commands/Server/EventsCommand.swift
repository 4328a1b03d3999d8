import ArgumentParser
import Foundation

/// `handshake events`: follows the account's live events on the registered server, reconnecting with the
/// last event id so nothing is missed.
struct EventsCommand: ParsableCommand {
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

    func run() throws {
        let home = HandshakeHome.current()
        var client = try MailboxClient.registered(in: home)
        let identity = try home.identity()
        try client.signIn(identity)
        var last = try after ?? latestEventID(client)
        var shown = 0
        var names: [String: String] = [:]
        guard let url = URL(string: client.baseURL + "/v1/events/stream") else { throw CommandFailure("\(client.baseURL) is not a URL.") }
        if !json { Output.line("Following your events on \(client.baseURL) (Ctrl-C to stop)…") }
        while true {
            let reader = EventStreamReader(url: url, token: client.token ?? "", lastEventID: last)
            defer { reader.close() }
            reading: while true {
                // Without --idle, wait for as long as the person keeps the command running.
                switch reader.next(by: .now() + .seconds(idle ?? 365 * 24 * 60 * 60)) {
                case nil:
                    let seconds = idle ?? 0
                    throw CommandFailure("No event arrived within \(seconds == 1 ? "1 second" : "\(seconds) seconds").")
                case .success(let message)?:
                    if let id = message.id.flatMap(Int64.init) { last = id }
                    show(message, client: client, names: &names)
                    shown += 1
                    if let count, shown >= count { return }
                case .failure(let ended)?:
                    if case .status(401) = ended.end {
                        // The bearer token lives an hour; sign in again and carry on.
                        try client.signIn(identity)
                    } else if case .status(let status) = ended.end {
                        throw CommandFailure("The server refused the event stream (status \(status)).")
                    } else {
                        Thread.sleep(forTimeInterval: 3)  // the stream's own `retry: 3000`
                    }
                    break reading
                }
            }
        }
    }

    /// The id of the account's newest event (0 when there is none), so that only new ones are shown.
    private func latestEventID(_ client: MailboxClient) throws -> Int64 {
        var last: Int64 = 0
        while true {
            let page = try client.call("GET", "/v1/events?after=\(last)")
            guard let events = page["events"] as? [[String: Any]], let id = (events.last?["id"] as? NSNumber)?.int64Value else { return last }
            last = id
        }
    }

    private func show(_ message: EventStreamReader.Message, client: MailboxClient, names: inout [String: String]) {
        if json {
            Output.line(message.data)
            return
        }
        let event = (try? JSONSerialization.jsonObject(with: Data(message.data.utf8))) as? [String: Any] ?? [:]
        let who: String
        if let peer = event["peer"] as? String {
            if names[peer] == nil { names[peer] = (try? client.card(of: peer))?.card.name ?? String(peer.prefix(8)) }
            who = names[peer] ?? peer
        } else {
            who = "Someone"
        }
        let id = event["requestId"] as? String ?? ""
        let line: String
        switch message.event ?? event["type"] as? String {
        case "friendRequestReceived": line = "\(who) sent you a friend request. Accept: handshake request accept \(id)"
        case "friendRequestAccepted": line = "\(who) accepted your friend request: handshake requests --sent adds their card."
        case "friendRequestDeclined": line = "\(who) declined your friend request."
        case "friendRequestCancelled": line = "\(who) withdrew their friend request."
        case "badge": line = "Requests waiting for you: \(event["pendingRequests"] as? Int ?? 0)."
        default: line = "An event this version does not know: \(message.event ?? "?")."
        }
        Output.line(line)
    }
}
