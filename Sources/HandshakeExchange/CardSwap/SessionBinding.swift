import Crypto
import Foundation
@_spi(Wire) import HandshakeCore

/// The signature that ties a card to one nearby session: Ed25519 by the card's own `sigKey`, for the
/// purpose `SigningPurpose/nearbySessionBinding`, over
/// `handshakeHash (32) ‖ sender role (1: 0x49 "I" initiator, 0x52 "R" responder) ‖ SHA-256(card bytes) (32)`.
///
/// What it protects: a card and binding recorded in one session are refused in any other (the handshake
/// hash differs), a peer cannot reflect our own card back as its own (the role differs), and a binding
/// cannot be moved to another card of the same person (the card's hash is signed). What it does not: it
/// says nothing about who is holding the other device — in compare-code mode only the two people comparing
/// the short code establish that no one sits between them.
@_spi(Wire) public enum SessionBinding {
    /// The bytes that are signed (after the purpose label).
    static func message(handshakeHash: [UInt8], senderRole: ChannelRole, cardBytes: [UInt8]) -> [UInt8] {
        handshakeHash + [senderRole.bindingByte] + Array(SHA256.hash(data: cardBytes))
    }

    /// Our card, bound to this session: the offer we send.
    public static func offer(card: SignedCard, identity: Identity, handshakeHash: [UInt8], ownRole: ChannelRole) -> CardOffer {
        precondition(card.card.sigKey == identity.sigKey, "a card is bound to a session only by its own identity")
        let signed = message(handshakeHash: handshakeHash, senderRole: ownRole, cardBytes: card.bytes)
        return CardOffer(cardBytes: card.bytes, binding: identity.sign(signed, for: .nearbySessionBinding))
    }

    /// The peer's card, verified: the receive pipeline of HandshakeCore first (size, CBOR, COSE, schema,
    /// fields, Node ID, signature, date), then the binding to this session and to the peer's role.
    public static func verify(_ offer: CardOffer, handshakeHash: [UInt8], senderRole: ChannelRole, now: Date) throws(CardSwapError) -> SignedCard {
        let card: SignedCard
        do throws(CardRejection) {
            card = try CardVerifier().verify(offer.cardBytes, now: now)
        } catch {
            throw .rejected(error)
        }
        let signed = message(handshakeHash: handshakeHash, senderRole: senderRole, cardBytes: offer.cardBytes)
        guard card.card.sigKey.isValidSignature(offer.binding, for: signed, purpose: .nearbySessionBinding) else {
            throw .notBoundToThisSession
        }
        return card
    }
}

extension ChannelRole {
    /// The byte a binding signs for the sender's role.
    var bindingByte: UInt8 { self == .initiator ? 0x49 : 0x52 }
    /// The other end.
    public var peer: ChannelRole { self == .initiator ? .responder : .initiator }
}

/// Why a card offered in a session was refused.
@_spi(Wire) public enum CardSwapError: HandshakeError, Equatable {
    /// The card itself failed the receive pipeline.
    case rejected(CardRejection)
    /// The card is genuine but its session signature is not for this session: it was recorded elsewhere
    /// and replayed, or belongs to someone else.
    case notBoundToThisSession
    /// The peer offered our own card back.
    case ownCard

    /// A sentence to show the person whose exchange failed.
    public var description: String {
        switch self {
        case .rejected(let rejection): return "The other device's card was refused. \(rejection.description)"
        case .notBoundToThisSession: return "The other device's card was not signed for this exchange: it may have been recorded from another one. Nothing was kept."
        case .ownCard: return "The other device sent your own card back. Nothing was kept."
        }
    }
}
