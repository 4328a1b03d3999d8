import Foundation
import HandshakeCore
import HandshakePresentation
import HandshakeQR

/// The owner's card as the share screen shows it: the QR code, the name and Node ID under it, and the
/// read-aloud code. `share` prints it; `add` prints it after a scanned card was added, so the other
/// person can scan back at once.
enum ShareScreen {
    /// `server`: show the QR code of the card page link there (`share --web`) instead of the `HS1:` text.
    static func print(_ card: SignedCard, style: TerminalRenderer.Style, server: URL? = nil) throws {
        let code = try CardQRCode.make(for: card, server: server)
        Output.graphics(code.terminalText(style: style, quietZone: 4))
        handshake.print("  \(card.card.name ?? "(no name on the shared card)")")
        handshake.print("  Node ID \(card.nodeID)")
        if let server {
            handshake.print("")
            handshake.print("  Any phone's camera opens this code as your card's page on \(server.absoluteString): it checks the")
            handshake.print("  signature, saves you to the phone's contacts and sends theirs back. Handshake reads the card from it")
            handshake.print("  with no network.")
        }
        handshake.print("")
        handshake.print("  Or read this code aloud:")
        let groups = CardText.code(card)
        for start in stride(from: 0, to: groups.count, by: 8) {
            handshake.print("  \(groups[start..<min(start + 8, groups.count)].joined(separator: " "))")
        }
    }
}
