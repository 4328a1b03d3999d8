// Establishes which text the QR code of one's own card carries, for every front end (the terminal's share
// screen, the local web app's My card, an app): on a mailbox server, the card page link there
// (docs/formats/card.md §5.3), which any phone's camera opens as a page that verifies the card, saves it to the
// phone's contacts and answers it, and which every Handshake scanner reads as the card itself, offline; with no
// server, the `HS1:` text, which needs nothing but Handshake. Both carry the same signed card.
import Foundation
import HandshakeCore

/// The text of a card's QR code.
///
/// ```swift
/// let text = CardQR.text(for: card, server: MailboxRegistration(directory: home).server())
/// let code = try QRCode(encoding: text, errorCorrection: .medium)   // HandshakeQR
/// ```
public enum CardQR {
    /// The card page link on `server`, the account's mailbox server; `HS1:` text when there is none.
    public static func text(for card: SignedCard, server: URL?) -> String {
        guard let server else { return CardText.qrText(card) }
        return CardPageLink.link(for: card, server: server)
    }
}
