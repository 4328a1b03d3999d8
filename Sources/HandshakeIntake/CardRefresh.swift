// Establishes how the cards in a book stay current: for each contact whose card names a server (card.md, key
// 16), that server is asked for the contact's newest card (`MailboxClient.card(of:unless:)`: a 304 when it is
// the card held), and what comes back goes to the one receive rule: the same key and strictly newer is an
// update (the old card to the history; alias, notes, tags and trust kept), anything else leaves the contact as
// it was, with the reason. One request at a time to a server, a few servers at once, and a server that does not
// answer is asked nothing more in this refresh: it is said once, for all its contacts (and, for refreshes on a
// timer, rests a while: ServerBackOff).
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeStore

/// Fetches contacts' newest cards from the servers their cards name.
public struct CardRefresh: Sendable {
    /// The book whose contacts are refreshed, and where updates are kept.
    public let book: ContactBook
    /// The server the person registered with, if any: reached at any address; others only at public ones.
    public let registered: URL?
    /// Limits and timing of each request (30 s by default).
    public var configuration = MailboxClient.Configuration()
    /// How many servers are asked at once.
    public var serversAtOnce = 4

    /// A refresh of `book`'s contacts, for a person registered with `registered`.
    public init(book: ContactBook, registered: URL?) {
        self.book = book
        self.registered = registered
    }

    /// What refreshing one contact did.
    public enum Outcome: Sendable, Equatable {
        /// A newer card was kept; `changes` names the fields that differ.
        case updated(CardChanges)
        /// The server holds the card the book holds (or an older one).
        case unchanged
        /// The contact's card names no server (or they have no verified card).
        case noServer
        /// The server answered, but not with a newer card of theirs that could be kept; the sentence says why.
        case refused(String)
        /// The server did not answer (or not in time); nothing more was asked of it in this refresh.
        case unreachable(String)
    }

    /// One contact's refresh.
    public struct Result: Sendable, Equatable {
        /// The contact as the book holds it now.
        public let contact: Contact
        /// The server asked, when their card names one.
        public let server: ServerOrigin?
        /// What happened.
        public let outcome: Outcome
    }

    /// Refreshes `contacts` (by default every contact with a verified card), in their order.
    public func refresh(_ contacts: [Contact]? = nil) async throws -> [Result] {
        try await refresh(contacts) { _ in nil }
    }

    /// Refreshes `contacts` as ``refresh(_:)`` does, for a refresh that comes back on a timer: a server
    /// `backOff` has resting at `now` is not asked (its contacts are ``Outcome/unreachable(_:)``, saying when it
    /// is asked again), and `backOff` learns which servers did not answer this time and which did.
    public func refresh(_ contacts: [Contact]? = nil, backOff: inout ServerBackOff, now: Date = Date()) async throws -> [Result] {
        let rests = backOff
        let results = try await refresh(contacts) { server in
            rests.resting(server, at: now).map { Self.resting(server, until: $0, now: now) }
        }
        var silent: Set<ServerOrigin> = []
        var answering: Set<ServerOrigin> = []
        for result in results {
            guard let server = result.server, rests.resting(server, at: now) == nil else { continue }
            if case .unreachable = result.outcome { silent.insert(server) } else { answering.insert(server) }
        }
        for server in silent { backOff.noAnswer(from: server, at: now) }
        for server in answering.subtracting(silent) { backOff.answered(by: server) }
        return results
    }

    /// What a resting server's contacts are told: when it is asked again, in whole minutes.
    static func resting(_ server: ServerOrigin, until: Date, now: Date) -> String {
        let minutes = max(1, Int((until.timeIntervalSince(now) / 60).rounded(.up)))
        let wait = minutes < 120 ? "\(minutes) minute\(minutes == 1 ? "" : "s")" : "\(minutes / 60) hours"
        return "\(server.origin) did not answer the last time it was asked; it is asked again in \(wait)."
    }

    /// Refreshes `contacts`, asking no server for which `rest` gives a sentence (its contacts get that sentence).
    func refresh(_ contacts: [Contact]?, rest: (ServerOrigin) -> String?) async throws -> [Result] {
        let chosen = try contacts ?? book.contacts().filter { $0.nodeID != nil }
        var results: [Int64: Result] = [:]
        var byServer: [ServerOrigin: [(Contact, SignedCard)]] = [:]
        for contact in chosen {
            guard contact.nodeID != nil, let held = try? book.card(of: contact.id), let server = held.card.server else {
                results[contact.id] = Result(contact: contact, server: nil, outcome: .noServer)
                continue
            }
            if let resting = rest(server) {
                results[contact.id] = Result(contact: contact, server: server, outcome: .unreachable(resting))
                continue
            }
            byServer[server, default: []].append((contact, held))
        }
        let servers = Array(byServer)
        try await withThrowingTaskGroup(of: [Result].self) { group in
            var next = 0
            func start() {
                guard next < servers.count else { return }
                let (server, held) = servers[next]
                next += 1
                group.addTask { try await self.refresh(held, at: server) }
            }
            for _ in 0..<max(1, serversAtOnce) { start() }
            while let done = try await group.next() {
                for result in done { results[result.contact.id] = result }
                start()
            }
        }
        return chosen.compactMap { results[$0.id] }
    }

    /// Asks `server` for each of `held`'s newest cards, one at a time; once it does not answer, no more.
    func refresh(_ held: [(Contact, SignedCard)], at server: ServerOrigin) async throws -> [Result] {
        guard let client = MailboxClient.following(server, registered: registered, configuration: configuration) else {
            return held.map { Result(contact: $0.0, server: server, outcome: .refused("\(server.origin) is not a server this device can ask.")) }
        }
        var results: [Result] = []
        var down: String?
        for (contact, card) in held {
            if let down {
                results.append(Result(contact: contact, server: server, outcome: .unreachable(down)))
                continue
            }
            do {
                results.append(try keep(try await client.card(of: card.nodeID, unless: card), of: contact, server: server))
            } catch let error as MailboxClientError {
                if error.leavesServerUnasked {
                    down = error.description
                    results.append(Result(contact: contact, server: server, outcome: .unreachable(error.description)))
                } else {
                    results.append(Result(contact: contact, server: server, outcome: .refused(error.description)))
                }
            }
        }
        return results
    }

    /// What the receive rule does with what the server answered.
    func keep(_ fetched: FetchedCard, of contact: Contact, server: ServerOrigin) throws -> Result {
        guard case .card(let newer) = fetched else { return Result(contact: contact, server: server, outcome: .unchanged) }
        // The source stays the contact's own: a card fetched later does not undo having met in person.
        switch try book.receiveUpdate(newer) {
        case .updated(let updated, let changes, _):
            return Result(contact: updated, server: server, outcome: .updated(changes))
        case .ignoredBlocked:
            return Result(contact: contact, server: server, outcome: .refused("\(contact.displayName) is blocked; their card was not kept."))
        case .refusedKeyConflict, .ignored:
            return Result(contact: contact, server: server, outcome: .refused("\(server.origin) answered with a card of another key; it was not kept."))
        case .alreadyHave, .added, .merged:
            return Result(contact: contact, server: server, outcome: .unchanged)
        }
    }
}

extension MailboxClientError {
    /// Whether the server was not reached (or may not be): asking it again in the same refresh would only wait.
    var leavesServerUnasked: Bool {
        switch self {
        case .unreachable, .addressNotAllowed, .badServerURL: true
        default: false
        }
    }
}
