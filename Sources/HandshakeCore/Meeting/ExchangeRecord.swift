import Foundation

/// What one completed nearby exchange leaves with the contact (Solidarity's list): proof the meeting
/// happened (both session bindings over the same handshake hash), when, both notes, the common friends,
/// and how the channel was secured. A person met many times has many records.
///
/// Anyone holding a record and both cards can check the proof again: each binding verifies with its card's
/// key over the handshake hash (HandshakeExchange's `SessionBinding`). The notes are not signed: they are
/// what each side said, kept for its owner, never shared further.
public struct ExchangeRecord: Sendable, Equatable {
    /// How the session's channel was secured.
    public enum Source: String, Sendable, Equatable, CaseIterable {
        /// Two people compared the 6-digit code (no shared secret).
        case comparedCode
        /// A session secret from an NFC tap or a typed short code.
        case sessionSecret
    }

    /// When the exchange completed.
    public var exchangedAt: Date
    /// How the session's channel was secured, which says how much the meeting proves.
    public var source: Source
    /// The Noise handshake hash of the session both bindings sign.
    public var handshakeHash: [UInt8]
    /// Our binding signature; `nil` if our card was not sent (a one-way exchange the other way).
    public var ourBinding: [UInt8]?
    /// Their binding signature; `nil` if theirs was not received.
    public var theirBinding: [UInt8]?
    /// The note we sent with our card, if any.
    public var ourNote: String?
    /// The note they sent with theirs, if any.
    public var theirNote: String?
    /// The signing keys of the friends both sides trust, as found at the time.
    public var commonFriends: [SigningPublicKey]
    /// The mailbox server whose relay carried the exchange, sealed end to end, when no network joined the two
    /// devices (docs/protocols/nearby-relay.md); `nil` when they met over the network directly.
    public var throughServer: ServerOrigin?

    /// A record of one exchange, as the exchange reports it when it completes.
    public init(
        exchangedAt: Date, source: Source, handshakeHash: [UInt8], ourBinding: [UInt8]? = nil, theirBinding: [UInt8]? = nil,
        ourNote: String? = nil, theirNote: String? = nil, commonFriends: [SigningPublicKey] = [], throughServer: ServerOrigin? = nil
    ) {
        self.exchangedAt = exchangedAt
        self.source = source
        self.handshakeHash = handshakeHash
        self.ourBinding = ourBinding
        self.theirBinding = theirBinding
        self.ourNote = ourNote
        self.theirNote = theirNote
        self.commonFriends = commonFriends
        self.throughServer = throughServer
    }
}
