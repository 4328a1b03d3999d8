import Crypto
import Foundation
import HandshakeCore
import HandshakeQR
import Synchronization

/// The landing page's QR code of a signed card, drawn once per card instead of once per view.
///
/// Drawing the QR of a whole signed card (a large symbol, eight masks tried) was most of a landing page's
/// cost: the page ran at 0.18× the rate of `/health`. A card changes rarely and many people open the same
/// person's links, so the SVG is kept by the SHA-256 of the signed card's bytes: a new card is a new key,
/// and nothing stale can be shown. At most ``capacity`` cards are kept; past that the oldest entry goes.
/// What it does not keep: the app-link QR drawn for a card too large for a symbol, which holds the token.
final class LandingPageQRCache: Sendable {
    /// How many cards' QR codes are kept.
    let capacity: Int
    private let entries = Mutex((svgs: [Data: String](), order: [Data]()))

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    /// The SVG of the QR code carrying `signed`'s text, drawn now or kept from an earlier view; `nil` when
    /// the card is too large for a QR symbol.
    func svg(of signed: SignedCard) -> String? {
        let key = Data(SHA256.hash(data: signed.bytes))
        if let kept = entries.withLock({ $0.svgs[key] }) { return kept }
        guard let code = try? QRCode(encoding: CardText.qrText(signed), errorCorrection: .low) else { return nil }
        let drawn = SVGRenderer(quietZone: 4, moduleSize: 4).render(code)
        entries.withLock { entries in
            guard entries.svgs.updateValue(drawn, forKey: key) == nil else { return }
            entries.order.append(key)
            if entries.order.count > capacity { entries.svgs[entries.order.removeFirst()] = nil }
        }
        return drawn
    }
}
