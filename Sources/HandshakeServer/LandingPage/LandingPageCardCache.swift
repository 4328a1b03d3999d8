import Crypto
import Foundation
import HandshakeCore
import HandshakeQR
import Synchronization

/// What the landing page needs of a stored card, worked out once per card instead of once per view: the
/// card verified again, the QR code that carries it, and the page around a link's token.
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
        /// The SVG of the QR code carrying the card's text; `nil` when it is too large for a QR symbol.
        let qrSVG: String?
        /// The page, split where a link's token goes; `nil` when the QR is the app link's (it holds the token).
        let pageParts: [String]?

        /// The page for the link `token`.
        func page(token: String, lifetime: TimeInterval) -> String {
            pageParts?.joined(separator: token) ?? LandingPageHTML.card(signed, qrSVG: qrSVG, token: token, lifetime: lifetime)
        }
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

    /// The card in `bytes`, verified, and its QR: worked out now, or kept from an earlier view.
    /// - Throws: `CardRejection` when the stored bytes do not verify (nothing is kept then).
    func entry(for bytes: [UInt8], now: Date) throws -> Entry {
        let key = Data(SHA256.hash(data: bytes))
        if let kept = entries.withLock({ $0.byDigest[key] }) { return kept }
        let signed = try CardVerifier().verify(bytes, now: now)
        let code = try? QRCode(encoding: CardText.qrText(signed), errorCorrection: .low)
        let svg = code.map { SVGRenderer(quietZone: 4, moduleSize: 4).render($0) }
        let entry = Entry(
            signed: signed, qrSVG: svg, pageParts: svg.map { LandingPageHTML.cardPageParts(signed, qrSVG: $0, lifetime: lifetime) })
        entries.withLock { entries in
            guard entries.byDigest.updateValue(entry, forKey: key) == nil else { return }
            entries.order.append(key)
            if entries.order.count > capacity { entries.byDigest[entries.order.removeFirst()] = nil }
        }
        return entry
    }
}
