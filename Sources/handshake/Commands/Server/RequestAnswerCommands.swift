import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation
import HandshakeStore

/// The three answers to a friend request share one implementation; each is its own subcommand, so it reads
/// as a sentence: `handshake request accept ID`.
enum FriendRequestVerb: String {
    case accept, decline, cancel

    /// `anyway`: accept a request whose card only claims a contact's name without asking first.
    func run(id: String, anyway: Bool = false) async throws {
        let home = HandshakeHome.current()
        let account = try home.account()
        let client = try RegisteredServer.client(in: home)
        switch self {
        case .accept:
            var acceptance = try await FriendRequestAcceptance.accept(id, anyway: anyway, card: try account.issueCard(), account: account, client: client)
            if case .asks(let warning, let question) = acceptance {
                guard Prompt.canAsk else {
                    throw ValidationError("\(TerminalLine(warning)) \(TerminalLine(FriendRequestSentences.notAccepted)) To accept them as someone new: handshake request accept \(TerminalText.value(id)) --anyway")
                }
                guard Prompt.choose(TerminalLine(question), ["yes", "no"]) == "yes" else {
                    print(TerminalLine(FriendRequestSentences.notAccepted))
                    return
                }
                acceptance = try await FriendRequestAcceptance.accept(id, anyway: true, card: try account.issueCard(), account: account, client: client)
            }
            switch acceptance {
            case .accepted(let report): print(TerminalLine(report.acceptedSentence))
            case .acceptedWithoutCard: throw CommandFailure(FriendRequestSentences.noCard.plain)
            case .asks: return
            }
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
    func run() async throws { try await FriendRequestVerb.accept.run(id: id, anyway: anyway) }
}

struct RequestDeclineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decline", abstract: "Decline a request you received; the sender sees it.")
    @Argument(help: ArgumentHelp("The request's id.", valueName: "id"))
    var id: String
    func run() async throws { try await FriendRequestVerb.decline.run(id: id) }
}

struct RequestCancelCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "cancel", abstract: "Withdraw a request you sent; the receiver sees it.")
    @Argument(help: ArgumentHelp("The request's id.", valueName: "id"))
    var id: String
    func run() async throws { try await FriendRequestVerb.cancel.run(id: id) }
}
