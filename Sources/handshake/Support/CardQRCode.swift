import Foundation
@_spi(Wire) import HandshakeCore
import HandshakeMailbox
import HandshakeQR

/// The QR code of a card: its QR text at error correction M, the level that survives a scuffed screen or a
/// glare spot while keeping a typical business card at a size phones read at arm's length.
enum CardQRCode {
    /// Why a card has no QR code. Not a usage error: the command line was right, the card is what does not
    /// fit, so commands fail with exit status 1 and say what to send instead.
    struct TooLarge: Error, CustomStringConvertible {
        let cardBytes: Int
        let sharesAvatar: Bool

        var description: String {
            """
            Your card is too large for a QR code: it is \(cardBytes) bytes signed, and the largest QR code holds about 2 KB.
            Share fewer fields\(sharesAvatar ? " (the avatar is usually the largest)" : ""), for example:
              handshake card profile --share name,company,title,emails
            or give your card as the typed code or a link, which have room for it:
              handshake card export --format code
              handshake card export --format link
            """
        }
    }

    /// The QR code of `card`: its `HS1:` text, or its card page link on `server` (HandshakeMailbox's `CardQR`).
    static func make(for card: SignedCard, server: URL? = nil) throws(TooLarge) -> QRCode {
        do {
            return try QRCode(encoding: CardQR.text(for: card, server: server), errorCorrection: .medium)
        } catch {
            // Card QR text is Base45 (alphanumeric) or a link with digits, and neither version nor mask is
            // forced, so running out of room is the only way this fails.
            throw TooLarge(cardBytes: card.bytes.count, sharesAvatar: card.card.avatar != nil)
        }
    }
}
