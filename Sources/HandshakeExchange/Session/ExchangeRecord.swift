import Foundation
import HandshakeCore

/// What a completed nearby exchange leaves with the contact (Solidarity's list): proof the meeting
/// happened (both session bindings over the same handshake hash), when, both notes, the common friends,
/// and how the channel was made.
///
/// Anyone holding the record and both cards can check the proof again: each binding verifies with its
/// card's key over ``handshakeHash`` (``SessionBinding``).
public struct ExchangeRecord: Sendable, Equatable {
    /// How the session's channel was secured.
    public enum Source: String, Sendable, Equatable {
        /// Two people compared the 6-digit code (no shared secret).
        case comparedCode
        /// A session secret from an NFC tap or a typed short code.
        case sessionSecret
    }

    public var exchangedAt: Date
    public var source: Source
    public var handshakeHash: [UInt8]
    /// Our binding signature; `nil` if our card was not sent (a one-way exchange the other way).
    public var ourBinding: [UInt8]?
    /// Their binding signature; `nil` if theirs was not received.
    public var theirBinding: [UInt8]?
    public var ourNote: String?
    public var theirNote: String?
    public var commonFriends: [SigningPublicKey]
}
