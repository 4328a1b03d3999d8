import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeMailbox

/// `handshake card server [on|off]`: whether your card names your server, where contacts fetch its newest version.
struct CardServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "server",
        abstract: "Say whether your card names your mailbox server, so contacts can fetch your newest card there.",
        discussion: """
            Once you register with a server (handshake server register), your card names it: whoever holds \
            your card can then fetch its newest version there (handshake contacts refresh), and sees your \
            changes without meeting you again. Turn it off and your card names no server; the server still \
            keeps the card you publish. Either way your card's update time moves forward, as with any change.

            Without on or off, says which it is.
            """
    )

    enum Setting: String, ExpressibleByArgument, CaseIterable { case on, off }

    @Argument(help: ArgumentHelp("on or off.", valueName: "setting"))
    var setting: Setting?

    func run() async throws {
        let home = HandshakeHome.current()
        let account = try home.account()
        let registered = RegisteredServer.registration(in: home).server().flatMap { ServerOrigin($0.absoluteString) }
        var profile = try account.profile()
        if let setting {
            let before = profile.card
            profile = try account.nameServer(registered, named: setting == .on)
            if profile.card != before { await RegisteredServer.publishNewest(in: home) }
        }
        switch (profile.namesServer, profile.card.server) {
        case (true, let server?): print("Your card names your server, \(TerminalText.value(server.origin)): contacts fetch your newest card there.")
        case (true, nil): print("Your card will name your server once you register with one (handshake server register).")
        case (false, _): print("Your card names no server: contacts see your changes only when you give them your card again.")
        }
    }
}
