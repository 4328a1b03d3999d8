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
        let code = try CardQRCode.make(for: card)
        print(code.terminalText(style: style, quietZone: 4))
        print("  " + (card.card.name ?? "(no name on the shared card)"))
        print("  Node ID \(card.nodeID)")
        print("")
        print("  Or read this code aloud:")
        let groups = CardText.code(card)
        for start in stride(from: 0, to: groups.count, by: 8) {
            print("  " + groups[start..<min(start + 8, groups.count)].joined(separator: " "))
        }
    }
}
