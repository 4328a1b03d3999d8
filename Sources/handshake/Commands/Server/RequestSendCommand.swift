import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation

/// `handshake request send`: a friend request with this identity's card, by Node ID or share link.
struct RequestSendCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send a friend request, with your card, by Node ID or share link."
    )

    @Argument(help: ArgumentHelp("A Node ID, a share link or its token.", valueName: "to"))
    var target: String

    @Option(help: ArgumentHelp("A note for them (at most \(FriendRequestDraft.noteLimit) characters).", valueName: "text"))
    var note: String?

    func validate() throws {
        // A note over the limit is a usage error, before any file or server is touched; the rule is the draft's.
        if let note, let breach = NoteLimits.check(note) { throw ValidationError(breach.sentence("--note")) }
    }

    func run() async throws {
        let home = HandshakeHome.current()
        let account = try home.account()
        let client = try RegisteredServer.client(in: home)
        if ShareLink.looksLikeShareLink(target) { _ = try LinkCommand.read(target) }  // a broken link is told as one
        do {
            let sent = try await FriendRequestSending.send(to: target, note: note, card: try account.issueCard(), client: client)
            print("Request sent (id \(sent.id)). You will see the answer in: handshake requests --sent")
        } catch let refusal as FriendRequestNotSent {
            throw CommandFailure(TerminalLine(refusal.sentence).description)
        }
    }
}
