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
            """
    )

    @Flag(help: "Draw without colour codes (dark modules as blocks; for light backgrounds and files).")
    var plain = false

    @Flag(help: "With --plain, draw the light modules instead, for dark terminal backgrounds.")
    var invert = false

    func run() throws {
        let home = HandshakeHome.current()
        let identity = try home.identity()
        let card = try home.issueCard(for: identity)
        let style: TerminalRenderer.Style = plain ? (invert ? .plainInverted : .plain) : .ansi
        try ShareScreen.print(card, style: style)
    }
}
