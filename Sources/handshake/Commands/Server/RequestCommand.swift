import ArgumentParser
import Foundation

/// `handshake request send|accept|decline|cancel` and `handshake requests`: friend requests through the
/// registered server. Accepted requests put the other side's verified card in the contact book.
struct RequestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "request",
        abstract: "Send, accept, decline or cancel friend requests through your server.",
        subcommands: [RequestSendCommand.self, RequestAcceptCommand.self, RequestDeclineCommand.self, RequestCancelCommand.self]
    )
}
