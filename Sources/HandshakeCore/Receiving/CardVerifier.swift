import Crypto
import Foundation

/// The receive pipeline's verification half, shared by every way a card arrives (QR, code, link, vCard,
/// nearby, server): size → CBOR → COSE envelope → signature (as soon as the payload names its key) → schema →
/// field rules → Node ID → date.
///
/// What it establishes: the card is well-formed, within limits, signed by the key it carries, and that
/// key is the one its Node ID names. What it cannot establish: that the key belongs to the person you think
/// it does — that is what comparing security codes in person is for — and, on its own, that this card is
/// the newest; `CardClassifier` decides that against the contact book.
public struct CardVerifier: Sendable {
    /// How far ahead of this device's clock a card may be dated (clock drift), in milliseconds.
    public var allowedClockSkew: UInt64 = 24 * 60 * 60 * 1000

    let decoder = CBORDecoder(limits: .init(maxInputSize: CardLimits.signedCardBytes, maxDepth: 8, maxItemsPerContainer: 64))

    /// A verifier with the usual allowance for clock drift.
    public init() {}

    /// Verifies signed card bytes. `now` is this device's time, passed in so verification is repeatable.
    public func verify(_ bytes: [UInt8], now: Date) throws(CardRejection) -> SignedCard {
        guard bytes.count <= CardLimits.signedCardBytes else {
            throw .tooLarge(bytes: bytes.count, limit: CardLimits.signedCardBytes)
        }
        let item: CBOR
        do throws(CBORError) {
            item = try decoder.decode(bytes)
        } catch {
            throw .malformed(error)
        }
        let envelope: COSESign1
        do throws(SignedEnvelopeError) {
            envelope = try COSESign1(item, decoder: decoder)
        } catch {
            throw .notSigned(error)
        }
        let payloadItem: CBOR
        do throws(CBORError) {
            payloadItem = try decoder.decode(envelope.payload)
        } catch {
            throw .notACard("its content is not canonical CBOR (\(error))")
        }

        // The signature first, as soon as the key it names can be found: a changed byte anywhere is then told as
        // a change, never as a field rule the owner did not break.
        let signer = CardSchema.signingKey(in: payloadItem)
        if let signer, !signer.isValidSignature(envelope.signature, overSignedBytes: envelope.signedBytes) {
            throw .badSignature
        }
        let (card, claimedNodeID) = try CardSchema.decode(payloadItem)
        // A payload that decodes always names its key; the check stays where it can never be skipped.
        if signer == nil, !card.sigKey.isValidSignature(envelope.signature, overSignedBytes: envelope.signedBytes) {
            throw .badSignature
        }
        do {
            try card.fields.validate()
        } catch {
            throw .fieldRule(error)
        }
        // Compared byte for byte: Swift's String == treats canonically equivalent text as equal
        // (U+212A KELVIN SIGN == "K"), and a Node ID is an exact string.
        guard claimedNodeID.utf8.elementsEqual(card.nodeID.rawValue.utf8) else {
            throw .nodeIDMismatch(claimed: claimedNodeID, derived: card.nodeID)
        }

        let nowMillis = UInt64(max(0, now.timeIntervalSince1970 * 1000))
        guard card.updatedAt <= nowMillis &+ allowedClockSkew else {
            throw .datedInFuture(updatedAt: card.updatedAt, now: nowMillis)
        }
        return SignedCard(bytes: bytes, card: card)
    }
}
