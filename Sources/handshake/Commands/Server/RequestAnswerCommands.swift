import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation
import HandshakeStore

/// The three answers share one implementation; each is its own subcommand so it reads as the issue says:
/// `handshake request accept ID`.
enum RequestAnswer: String {
    case accept, decline, cancel

    /// `anyway`: accept a request whose card only claims a contact's name without asking first.
    func run(id: String, anyway: Bool = false) async throws {
        let home = HandshakeHome.current()
        let identity = try home.identity()
        let client = try RegisteredServer.client(in: home)
        switch self {
        case .accept:
            // A name is a claim: a card that passes for a contact is asked about before your card goes to it.
            let request = try await client.friendRequest(id)
            let claim = try NameClaimSentences.claim(ofOtherIn: request, me: identity.nodeID, book: home.account().book)
            if !anyway, let warning = NameClaimSentences.warning(ofOtherIn: request, me: identity.nodeID, claim: claim) {
                guard Prompt.canAsk else {
                    throw ValidationError("\(TerminalLine(warning)) \(TerminalLine(FriendRequestSentences.notAccepted)) To accept them as someone new: handshake request accept \(TerminalText.value(id)) --anyway")
                }
                guard Prompt.choose(TerminalLine(NameClaimSentences.acceptQuestion(warning)), ["yes", "no"]) == "yes" else {
                    print(TerminalLine(FriendRequestSentences.notAccepted))
                    return
                }
            }
            let accepted = try await client.acceptFriendRequest(id, card: try home.issueCard(for: identity))
            guard let card = accepted.senderCard else { throw CommandFailure(FriendRequestSentences.noCard.plain) }
            print(TerminalLine(ReceiveReport(try home.account().keepFromFriendRequest(card), card: card).acceptedSentence))
        case .decline:
            try await client.declineFriendRequest(id)
            print(TerminalLine(FriendRequestSentences.declined))
        case .cancel:
            try await client.cancelFriendRequest(id)
            print(TerminalLine(FriendRequestSentences.cancelled))
        }
    }
}

struct RequestAcceptCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept", abstract: "Accept a request you received: you each get the other's verified card.")
    @Argument(help: ArgumentHelp("The request's id (handshake requests lists them).", valueName: "id"))
    var id: String
    @Flag(help: ArgumentHelp(
        "Accept even when their card claims the name of one of your contacts with another key (a namesake).",
        discussion: "Without it such a request is asked about at a terminal, and refused in a script (exit status 2)."))
    var anyway = false
    func run() async throws { try await RequestAnswer.accept.run(id: id, anyway: anyway) }
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
