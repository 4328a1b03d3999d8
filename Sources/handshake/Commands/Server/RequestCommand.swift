import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeStore

/// `handshake request send|accept|decline|cancel` and `handshake requests`: friend requests through the
/// registered server. Accepted requests put the other side's verified card in the contact book.
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Send, accept, decline or cancel friend requests through your server.",
        subcommands: [RequestSendCommand.self, RequestAcceptCommand.self, RequestDeclineCommand.self, RequestCancelCommand.self]
    )
}

struct RequestSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a friend request, with your card, by Node ID or share link."
    )

    @Argument(help: ArgumentHelp("A Node ID, a share link or its token.", valueName: "to"))
    var target: String

    @Option(help: ArgumentHelp("A note for them (at most \(NoteLimits.characters) characters).", valueName: "text"))
    var note: String?

    func validate() throws {
        if let note, note.count > NoteLimits.characters {
            throw ValidationError("--note has \(note.count) characters; at most \(NoteLimits.characters) are allowed.")
        }
    }

    func run() async throws {
        let home = HandshakeHome.current()
        let identity = try home.identity()
        let client = try RegisteredServer.client(in: home)
        guard let to = FriendRequestTarget(parsing: target) else {
            throw CommandFailure("\"\(target)\" is neither a Node ID nor a share link.")
        }
        let card = try home.issueCard(for: identity)
        do {
            let sent = try await client.sendFriendRequest(to: to, card: card, note: note)
            print("Request sent (id \(sent.id)). You will see the answer in: handshake requests --sent")
        } catch {
            guard case .shareLink(let link) = to else { throw error }
            throw CommandFailure(await client.sentence(for: error, about: link))
        }
    }
}

/// The three answers share one implementation; each is its own subcommand so it reads as the issue says:
/// `handshake request accept ID`.
enum RequestAnswer: String {
    case accept, decline, cancel

    func run(id: String) async throws {
        let home = HandshakeHome.current()
        let identity = try home.identity()
        let client = try RegisteredServer.client(in: home)
        switch self {
        case .accept:
            let accepted = try await client.acceptFriendRequest(id, card: try home.issueCard(for: identity))
            guard let card = accepted.senderCard else { throw CommandFailure("The server sent no card with this request.") }
            print(try RequestsCommand.store(card, in: home))
        case .decline:
            try await client.declineFriendRequest(id)
            print("Declined; they will see it.")
        case .cancel:
            try await client.cancelFriendRequest(id)
            print("Cancelled; they will see it.")
        }
    }
}

struct RequestAcceptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: "Accept a request you received: you each get the other's verified card.")
    @Argument(help: ArgumentHelp("The request's id (handshake requests lists them).", valueName: "id"))
    var id: String
    func run() async throws { try await RequestAnswer.accept.run(id: id) }
}

struct RequestDeclineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline a request you received; the sender sees it.")
    @Argument(help: ArgumentHelp("The request's id.", valueName: "id"))
    var id: String
    func run() async throws { try await RequestAnswer.decline.run(id: id) }
}

struct RequestCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Withdraw a request you sent; the receiver sees it.")
    @Argument(help: ArgumentHelp("The request's id.", valueName: "id"))
    var id: String
    func run() async throws { try await RequestAnswer.cancel.run(id: id) }
}

/// `handshake requests [--sent] [--json]`: the requests you received or sent, with their status.
struct RequestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "requests",
        abstract: "List friend requests you received (or sent) on your server.",
        discussion: "With --sent, requests the other side accepted add their verified card to your contacts."
    )

    @Flag(help: "List the requests you sent instead.")
    var sent = false

    @Flag(help: "Print JSON.")
    var json = false

    /// One request as `--json` prints it: the API's own names, the cards as verified here.
    struct Report: Encodable {
        let id: String
        let sender: String
        let receiver: String
        let senderCard: String?
        let receiverCard: String?
        let note: String?
        let route: String
        let status: String
        let createdAt: String
        let answeredAt: String?

        init(_ request: MailboxFriendRequest) {
            id = request.id
            sender = request.sender.rawValue
            receiver = request.receiver.rawValue
            senderCard = request.senderCard.map { Base64URL.encode($0.bytes) }
            receiverCard = request.receiverCard.map { Base64URL.encode($0.bytes) }
            note = request.note
            route = request.route.rawValue
            status = request.status.rawValue
            createdAt = request.createdAt.formatted(.iso8601)
            answeredAt = request.answeredAt?.formatted(.iso8601)
        }
    }

    func run() async throws {
        let home = HandshakeHome.current()
        let identity = try home.identity()
        let requests = try await RegisteredServer.client(in: home).friendRequests(sent ? .sent : .received)
        if json { try Output.json(requests.map(Report.init)) }
        if !json && requests.isEmpty { print(sent ? "You have sent no requests." : "No requests.") }
        for request in requests {
            let card = request.otherCard(from: identity.nodeID)
            let other = card?.card.name ?? request.other(from: identity.nodeID).rawValue
            if !json {
                let note = request.note.map { " — \"\($0)\"" } ?? ""
                print("\(request.id)  \(request.status.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0))  \(sent ? "to" : "from") \(other)\(note)")
            }
            if sent, request.status == .accepted, let card {
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
