import ArgumentParser
import Foundation
import HandshakeCore
import HandshakeQR

struct ShareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Show your card as a QR code to scan, with the code to read aloud.",
        discussion: """
            The Share screen: your card, freshly signed with the fields of your sharing profile, as a QR \
            code in the terminal, your name and Node ID under it, and the read-aloud code beneath for \
            when a camera is not at hand. The QR code is drawn dark on light whatever the terminal's \
            colours, so a phone camera can read it off the screen; use --plain for output without colours.

            With --web (once registered with a server: handshake server register), the code holds your card's \
            page on that server, https://SERVER/c#…, with the signed card in the part after #, which never \
            reaches the server. A phone without Handshake opens it as a page that checks the signature, saves \
            you to its contacts and sends its owner's card back as a friend request; any Handshake reads the \
            card from it offline, as from the plain code.
            """
    )

    @Flag(help: "Draw without colour codes (dark modules as blocks; for light backgrounds and files).")
    var plain = false

    @Flag(help: "With --plain, draw the light modules instead, for dark terminal backgrounds.")
    var invert = false

    @Flag(help: "Show your card's web page on your server instead: any phone's camera opens it, and Handshake reads the card from it with no network.")
    var web = false

    func run() throws {
        let home = HandshakeHome.current()
        // Asked before anything else: without a server there is no page to show.
        let server = try web ? RegisteredServer.url(in: home) : nil
        let card = try home.account().issueCard()
        let style: TerminalRenderer.Style = plain ? (invert ? .plainInverted : .plain) : .ansi
        try ShareScreen.print(card, style: style, server: server)
    }
}
