import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox

/// `handshake request send`: a friend request with this identity's card, by Node ID or share link.
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
        if ShareLink.looksLikeShareLink(target) { _ = try LinkCommand.read(target) }  // a broken link is told as one
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
