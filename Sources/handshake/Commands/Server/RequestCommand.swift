import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeStore

/// `handshake request send|accept|decline|cancel` and `handshake requests`: friend requests through the
/// registered server. Accepted requests put the other side's verified card in the contact book.
struct RequestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Send, accept, decline or cancel friend requests through your server.",
        subcommands: [RequestSendCommand.self, RequestAcceptCommand.self, RequestDeclineCommand.self, RequestCancelCommand.self]
    )
}

struct RequestSendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a friend request, with your card, by Node ID or share link."
    )

    @Argument(help: ArgumentHelp("A Node ID, a share link or its token.", valueName: "to"))
    var target: String

    @Option(help: ArgumentHelp("A note for them (at most 140 characters).", valueName: "text"))
    var note: String?

    func validate() throws {
        if let note, note.count > 140 { throw ValidationError("--note has \(note.count) characters; at most 140 are allowed.") }
    }

    func run() throws {
        let home = HandshakeHome.current()
        let identity = try home.identity()
        var client = try MailboxClient.registered(in: home)
        try client.signIn(identity)
        var body = ["card": Base64URL.encode(try home.issueCard(for: identity).bytes)]
        var owner: String?
        if let nodeID = NodeID(target) {
            body["to"] = nodeID.rawValue
        } else if let token = ShareLinkText.token(in: target) {
            body["token"] = token
            // The owner's name, from their signed card, for a clearer sentence if the link cannot be used.
            do {
                owner = try MailboxClient.verifiedCard(client.call("GET", "/v1/share-links/\(token)")["card"]).card.name
            } catch let refusal as MailboxClient.Refusal {
                owner = refusal.owner.flatMap { try? client.card(of: $0).card.name }
            } catch {}
        } else {
            throw CommandFailure("\"\(target)\" is neither a Node ID nor a share link.")
        }
        if let note { body["note"] = note }
        do {
            let sent = try client.call("POST", "/v1/friend-requests", json: body)
            print("Request sent (id \(sent["id"] as? String ?? "?")). You will see the answer in: handshake requests --sent")
        } catch let refusal as MailboxClient.Refusal {
            throw CommandFailure(Self.sentence(for: refusal, owner: owner))
        }
    }

    /// The server's refusal, with the link owner's name where it helps.
    static func sentence(for refusal: MailboxClient.Refusal, owner: String?) -> String {
        let who = owner ?? "its owner"
        switch refusal.code {
        case "link_used": return "This link was already used. Ask \(who) for a new one."
        case "link_expired": return "This link has expired. Ask \(who) for a new one."
        case "link_revoked": return "\(owner ?? "Its owner") withdrew this link. Ask them for a new one."
        default: return refusal.message
        }
    }
}

/// The three answers share one implementation; each is its own subcommand so it reads as the issue says:
/// `handshake request accept ID`.
enum RequestAnswer: String {
    case accept, decline, cancel

    func run(id: String) throws {
        let home = HandshakeHome.current()
        let identity = try home.identity()
        var client = try MailboxClient.registered(in: home)
        try client.signIn(identity)
        let body = self == .accept ? ["card": Base64URL.encode(try home.issueCard(for: identity).bytes)] : nil
        let answered: [String: Any]
        do {
            answered = try client.call("POST", "/v1/friend-requests/\(id)/\(rawValue)", json: body)
        } catch let refusal as MailboxClient.Refusal {
            throw CommandFailure(refusal.message)
        }
        switch self {
        case .accept:
            let card = try MailboxClient.verifiedCard(answered["senderCard"])
            print(try RequestsCommand.store(card, in: home))
        case .decline: print("Declined; they will see it.")
        case .cancel: print("Cancelled; they will see it.")
        }
    }
}

struct RequestAcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: "Accept a request you received: you each get the other's verified card.")
    @Argument(help: ArgumentHelp("The request's id (handshake requests lists them).", valueName: "id"))
    var id: String
    func run() throws { try RequestAnswer.accept.run(id: id) }
}

struct RequestDeclineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline a request you received; the sender sees it.")
    @Argument(help: ArgumentHelp("The request's id.", valueName: "id"))
    var id: String
    func run() throws { try RequestAnswer.decline.run(id: id) }
}

struct RequestCancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Withdraw a request you sent; the receiver sees it.")
    @Argument(help: ArgumentHelp("The request's id.", valueName: "id"))
    var id: String
    func run() throws { try RequestAnswer.cancel.run(id: id) }
}

/// `handshake requests [--sent] [--json]`: the requests you received or sent, with their status.
struct RequestsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List friend requests you received (or sent) on your server.",
        discussion: "With --sent, requests the other side accepted add their verified card to your contacts."
    )

    @Flag(help: "List the requests you sent instead.")
    var sent = false

    @Flag(help: "Print JSON.")
    var json = false

    func run() throws {
        let home = HandshakeHome.current()
        var client = try MailboxClient.registered(in: home)
        try client.signIn(try home.identity())
        let list = try client.call("GET", "/v1/friend-requests?direction=\(sent ? "sent" : "received")")
        let requests = list["requests"] as? [[String: Any]] ?? []
        if json {
            let data = try JSONSerialization.data(withJSONObject: requests, options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        }
        if !json && requests.isEmpty { print(sent ? "You have sent no requests." : "No requests.") }
        for request in requests {
            let status = request["status"] as? String ?? "?"
            let id = request["id"] as? String ?? "?"
            let cardText = sent ? request["receiverCard"] : request["senderCard"]
            let name = (try? MailboxClient.verifiedCard(cardText))?.card.name
            let other = name ?? (sent ? request["receiver"] : request["sender"]) as? String ?? "?"
            if !json {
                let note = (request["note"] as? String).map { " — \"\($0)\"" } ?? ""
                print("\(id)  \(status.padding(toLength: 9, withPad: " ", startingAt: 0))  \(sent ? "to" : "from") \(other)\(note)")
            }
            if sent, status == "accepted", let card = try? MailboxClient.verifiedCard(cardText) {
                let outcome = try Self.store(card, in: home)
                if !json { print("    " + outcome) }
            }
        }
    }

    /// Puts a card from an accepted request in the contact book (source: server request); a sentence
    /// saying what happened.
    static func store(_ card: SignedCard, in home: HandshakeHome) throws -> String {
        let book = try home.contactBook()
        let now = Date()
        let name = card.card.name ?? card.nodeID.rawValue
        // The requester chose to be added: no question to ask, and a shared email or phone is not a merge.
        switch try book.receive(card, source: .serverRequest, answer: .addSeparately(trust: .trusted), now: now) {
        case .added, .merged: return "Added \(name) to your contacts."
        case .updated: return "Updated \(name) from their newer card."
        case .alreadyHave: return "\(name) is already in your contacts."
        case .ignoredBlocked: return "\(name) is blocked; their card was ignored."
        case .refusedKeyConflict:
            return "A contact with \(name)'s Node ID has a different key; the card was not stored. Compare security codes in person."
        case .ignored: return "\(name) was not added."  // not an outcome of this answer
        }
    }
}
