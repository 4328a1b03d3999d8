import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeIntake
import HandshakeMailbox
import HandshakePresentation

/// `handshake identity move`: a new key, vouched for by the old one, so contacts keep you as the same person.
struct IdentityMoveCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move to a new key that your old one vouches for.",
        discussion: """
            For a key you no longer trust (a lost or shared device, a backup code someone saw). A new key is \
            made; your old key signs a statement naming it, which your new card carries, so a contact who has \
            your old card takes the new one as yours: `handshake contacts refresh`, a scan or a meeting brings \
            it, and they see that you moved. Your card's fields and sharing stay as they are.

            When you are registered with a server, the new card is published there first, under your old Node \
            ID (where your contacts look) and your new one; if that fails, nothing changes here. Afterwards \
            your old backup code restores only the old key: write down the new one (handshake identity backup).
            """
    )

    @Flag(name: .shortAndLong, help: "Move without asking (for scripts).") var yes = false
    @OptionGroup var output: OutputOptions

    func run() async throws {
        let home = HandshakeHome.current()
        let account = try home.account()
        if !yes {
            guard Prompt.canAsk else {
                throw CommandFailure("Not asking: standard input is not a terminal. Move with --yes. Nothing was changed.")
            }
            guard Prompt.choose(TerminalLine(KeyMoveSentences.question), ["move", "cancel"]) == "move" else {
                print(TerminalLine(KeyMoveSentences.notMoved))
                return
            }
        }
        var configuration = MailboxClient.Configuration()
        configuration.requestTimeout = .seconds(30)
        let result = try await KeyMoveFlow.move(account, registration: RegisteredServer.registration(in: home), configuration: configuration)
        let newNodeID = result.account.identity.nodeID
        if output.json {
            let report: [String: String?] = ["nodeId": newNodeID.rawValue, "movedFrom": result.movedFrom.rawValue, "server": result.server?.absoluteString]
            try Output.json(report)
            return
        }
        print(TerminalLine(KeyMoveSentences.moved(from: result.movedFrom, to: newNodeID)))
        print(TerminalLine(result.server.map { KeyMoveSentences.published(to: $0.absoluteString) } ?? KeyMoveSentences.notPublished))
        print("\(KeyMoveSentences.backUpAgain) (handshake identity backup)")
    }
}
