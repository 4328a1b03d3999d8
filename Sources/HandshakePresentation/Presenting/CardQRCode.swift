// Establishes the QR code of one's own card, decided once for every front end (the terminal's share screen,
// the web app's My card, an app): which text (HandshakeMailbox's `CardQR`: the card page link on a registered
// server, else `HS1:` text) at which error-correction level. Level M: it survives a scuffed screen or a glare
// spot while keeping a typical card at version 12–13 (docs/performance.md), which phones read at arm's length.
// The other codes a Handshake screen shows a camera (a session token, a security code) are made here too, at
// the same level, so no front end decides one. (An Apple Wallet pass draws its own barcode;
// HandshakeWalletPass only checks that the text fits.)
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeQR

/// The QR code of a card.
public enum CardQRCode {
    /// The error-correction level of every card's QR code.
    public static let errorCorrection = QRErrorCorrection.medium

    /// The code of `card`: its card page link on `server` (the account's mailbox server), or its `HS1:` text
    /// when there is none.
    public static func make(for card: SignedCard, server: URL?) throws(CardQRCodeError) -> QRCode {
        do {
            return try QRCode(encoding: CardQR.text(for: card, server: server), errorCorrection: errorCorrection)
        } catch {
            // The text is Base45 or a link of digits, and neither version nor mask is forced: running out of
            // room is the only way this fails.
            throw CardQRCodeError(cardBytes: card.bytes.count, sharesAvatar: card.card.avatar != nil)
        }
    }
}

extension CardQRCode {
    /// The code of any other text a screen shows for the other device's camera: a session token's `HT1:`
    /// text, a security code's `HSC1:` payload. At the card's level, so every Handshake code scans alike.
    /// - Throws: `QRCodeError` when the text does not fit, which these short texts always do.
    public static func make(showing text: String) throws -> QRCode {
        try QRCode(encoding: text, errorCorrection: errorCorrection)
    }
}

/// A card too large for a QR code.
public struct CardQRCodeError: HandshakeError, Equatable {
    /// The signed card's size in bytes.
    public let cardBytes: Int
    /// Whether the card shares a photo (usually the largest field).
    public let sharesAvatar: Bool

    /// What happened and what to do, without naming a front end's commands.
    public var description: String {
        "Your card is too large for a QR code: it is \(cardBytes) bytes signed, and the largest QR code holds about 2 KB. "
            + "Share fewer fields\(sharesAvatar ? " (the photo is usually the largest)" : ""), or give your card as its typed code or link, which have room for it."
    }
}
