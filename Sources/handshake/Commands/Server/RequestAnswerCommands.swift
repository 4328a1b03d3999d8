import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation

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
