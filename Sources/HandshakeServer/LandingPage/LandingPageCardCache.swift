import Crypto
import Foundation
import HandshakeCore
import HandshakeMailbox
import HandshakeQR
import Synchronization

/// What the landing page needs of a stored card, worked out once per card instead of once per view: the
/// card verified again, the QR code that carries it, and the page around a link's app form.
///
/// Verifying the stored card and drawing the QR of the whole signed card (a large symbol, eight masks tried)
/// were most of a landing page's cost: the page ran at 0.18× the rate of `/health`. A card changes rarely
/// and many people open the same person's links, so both are kept by the SHA-256 of the signed card's
/// bytes: a new card is a new key, and nothing stale can be shown. Keeping a verification is sound because
/// the only check that depends on the time (not dated in the future) cannot fail later once it passed.
/// At most ``capacity`` cards are kept; past that the oldest entry goes. What it does not keep: the
/// app-link QR drawn for a card too large for a symbol, which holds the link's token.
final class LandingPageCardCache: Sendable {
    /// A stored card as the page shows it.
    struct Entry: Sendable {
        let signed: SignedCard
        /// The page, split where the link's app form goes; `nil` when the card is too large for a QR symbol,
        /// so its page shows the app link's QR, which holds the token.
        let pageParts: [String]?
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

    /// The page for `link` to the stored card `bytes`.
    /// - Throws: `CardRejection` when the stored bytes do not verify (nothing is kept then).
    func page(for bytes: [UInt8], link: ShareLink, now: Date) throws -> String {
        let entry = try entry(for: bytes, now: now)
        return entry.pageParts?.joined(separator: link.appURL) ?? LandingPageHTML.card(entry.signed, qrSVG: nil, appLink: link.appURL, lifetime: lifetime)
    }

    /// The card in `bytes`, verified, and its page: worked out now, or kept from an earlier view.
    private func entry(for bytes: [UInt8], now: Date) throws -> Entry {
        let key = Data(SHA256.hash(data: bytes))
        if let kept = entries.withLock({ $0.byDigest[key] }) { return kept }
        let signed = try CardVerifier().verify(bytes, now: now)
        let code = try? QRCode(encoding: CardText.qrText(signed), errorCorrection: .low)
        let svg = code.map { SVGRenderer(quietZone: 4, moduleSize: 4).render($0) }
        // Escaped card text cannot hold a NUL (UntrustedText shows controls as text), so the marker is ours alone.
        let marker = "\u{0}link\u{0}"
        let parts = svg.map { LandingPageHTML.card(signed, qrSVG: $0, appLink: marker, lifetime: lifetime).components(separatedBy: marker) }
        let entry = Entry(signed: signed, pageParts: parts)
        entries.withLock { entries in
            guard entries.byDigest.updateValue(entry, forKey: key) == nil else { return }
            entries.order.append(key)
            if entries.order.count > capacity { entries.byDigest[entries.order.removeFirst()] = nil }
        }
        return entry
    }
}
