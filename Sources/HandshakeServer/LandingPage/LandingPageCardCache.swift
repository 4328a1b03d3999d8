import Crypto
import Foundation
import HandshakeCore
import HandshakeMailbox
import Synchronization

/// What the landing page needs of a stored card, worked out once per card instead of once per view: the card
/// verified again, its page split where a link's token goes, and its vCard.
///
/// Verifying the stored card was most of a landing page's cost (with the QR code the page drew then, it ran at
/// 0.18× the rate of `/health`). A card changes rarely and many people open the same person's links, so the
/// work is kept by the SHA-256 of the signed card's bytes: a new card is a new key, and nothing stale can be
/// shown. Keeping a verification is sound because the only check that depends on the time (not dated in the
/// future) cannot fail later once it passed. At most ``capacity`` cards are kept; past that the oldest goes.
final class LandingPageCardCache: Sendable {
    /// A stored card as the page shows it.
    struct Entry: Sendable {
        let signed: SignedCard
        /// The page, split where a link's token goes.
        let pageParts: [String]
        /// The card as a vCard 4.0 (docs/formats/card.md §5.4), for Save to Contacts without script.
        let vCard: String
    }

    /// How many cards are kept.
    let capacity: Int
    /// How long links last, as the page says.
    let lifetime: TimeInterval
    private let entries = Mutex((byDigest: [Data: Entry](), order: [Data]()))

    init(lifetime: TimeInterval, capacity: Int = 512) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The page for `link` to the stored card `bytes`, its owner's.
    /// - Throws: `CardRejection` when the stored bytes do not verify (nothing is kept then);
    ///   `MailboxError.linkUnknown` when the card is not the link's owner's.
    func page(for bytes: [UInt8], link: ShareLink, now: Date) throws -> String {
        try entry(for: bytes, of: link, now: now).pageParts.joined(separator: link.token)
    }

    /// The vCard of the stored card `bytes` of `link`'s owner.
    /// - Throws: as ``page(for:link:now:)``.
    func vCard(for bytes: [UInt8], link: ShareLink, now: Date) throws -> String {
        try entry(for: bytes, of: link, now: now).vCard
    }

    /// The entry of `bytes`, which must be the card of `link`'s owner: a link shows no one else's card, even
    /// one the server holds by mistake.
    private func entry(for bytes: [UInt8], of link: ShareLink, now: Date) throws -> Entry {
        let entry = try entry(for: bytes, now: now)
        guard entry.signed.nodeID == link.owner else { throw MailboxError.linkUnknown }
        return entry
    }

    /// The card in `bytes`, verified, its page and its vCard: worked out now, or kept from an earlier view.
    private func entry(for bytes: [UInt8], now: Date) throws -> Entry {
        let key = Data(SHA256.hash(data: bytes))
        if let kept = entries.withLock({ $0.byDigest[key] }) { return kept }
        let signed = try CardVerifier().verify(bytes, now: now)
        // The page is written once with a stand-in for the token, a fresh random token made after
        // the card was published, so no card's text can hold it (it never leaves the server).
        let marker = SecretToken.share()
        let parts = CardPageHTML.shareLink(signed, token: marker, lifetime: lifetime).components(separatedBy: marker)
        let entry = Entry(signed: signed, pageParts: parts, vCard: String(decoding: CardText.encode(signed, as: .vcard), as: UTF8.self))
        entries.withLock { entries in
            guard entries.byDigest.updateValue(entry, forKey: key) == nil else { return }
            entries.order.append(key)
            if entries.order.count > capacity { entries.byDigest[entries.order.removeFirst()] = nil }
        }
        return entry
    }
}
