import Foundation
import HandshakeCore

/// What a scanned or typed code holds, verified, and what adding it would do; nothing is stored yet.
///
/// Reading needs the contact book (to tell new from update, replay, conflict or blocked) but not the
/// owner's identity, so ``ContactBook/read(_:now:)`` makes it; ``HandshakeAccount``'s `read` is
/// the same for an app that holds the account.
public struct ScannedCard: Sendable {
    /// The card, its signature checked.
    public var card: SignedCard
    /// The form it arrived in (QR text, link, typed code, binary).
    public var form: CardForm
    /// Where the contact book should say it came from if it is added.
    public var source: ContactSource
    /// New, an update, a replay, a conflict or a blocked person.
    public var preview: ReceivePreview

    /// A scanned card, as ``ContactBook/read(_:now:)`` reports it.
    public init(card: SignedCard, form: CardForm, source: ContactSource, preview: ReceivePreview) {
        self.card = card
        self.form = form
        self.source = source
        self.preview = preview
    }
}

extension ContactBook {
    /// Reads a card in any Handshake form from the bytes as they arrived and previews what adding it
    /// would do. Stores nothing.
    /// - Throws: `CardRejection` when the bytes are not a card that verifies;
    ///   ``ContactBookError/damagedCard(_:reason:)`` when the stored card to compare with is damaged.
    public func read(_ bytes: [UInt8], now: Date = Date()) throws -> ScannedCard {
        let (card, form) = try CardText.read(bytes, now: now)
        return ScannedCard(card: card, form: form, source: ContactSource(form: form), preview: try receive(card))
    }
}
