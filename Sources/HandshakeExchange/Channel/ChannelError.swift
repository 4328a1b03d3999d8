// Every reason a secure channel stops, each as a sentence a person can read on the exchange screen. Any
// error from `receive` ends the channel for good: nothing more is delivered and every later call answers
// `alreadyFailed`. The sentences say what happened, never how to drive a program.

import HandshakeCore

/// Why the secure channel refused something.
@_spi(Wire) public enum ChannelError: HandshakeError, Equatable {
    /// A frame's length prefix announced more than the channel accepts at this point (refused unread).
    case frameTooLarge(length: Int, limit: Int)
    /// A frame whose length is zero, a commitment of the wrong size, or a handshake message carrying data.
    case malformedFrame
    /// A frame whose type byte this version does not know.
    case unknownFrameType(UInt8)
    /// A frame that may not come now: a record before the handshake ends, a commitment in session-secret mode…
    case frameOutOfOrder(ChannelFrameType)
    /// The responder's ephemeral key is not the one it committed to.
    case commitmentMismatch
    /// A handshake message did not authenticate or carried an invalid key: a different session secret, or
    /// someone changing bytes on the way.
    case handshakeFailed
    /// In compare-code mode (no session secret), a handshake message that is not a usable one: cut short, or a
    /// key that cannot be used (all zeros, a low-order point).
    case invalidHandshakeMessage
    /// A record did not decrypt: it was replayed, reordered, dropped before, cut short or altered.
    case decryptionFailed
    /// A record's flags byte has reserved bits set.
    case badFragmentFlags(UInt8)
    /// A record too short to hold its header, or a fragment whose message type differs from the first one's.
    case malformedRecord
    /// A message larger than the channel's limit, sent or received.
    case messageTooLarge(limit: Int)
    /// `seal` was called before the handshake completed.
    case notEstablished
    /// The 2^64 − 1 records one key may protect have all been used.
    case recordLimitReached
    /// The channel had already failed for the reason given; nothing more goes in or out.
    indirect case alreadyFailed(ChannelError)

    /// A sentence to show the person whose exchange failed.
    public var description: String {
        switch self {
        case .frameTooLarge(let length, let limit):
            "The other device tried to send a block of \(length) bytes where at most \(limit) are allowed, so the connection was closed before reading it."
        case .malformedFrame:
            "The other device sent something that is not part of the nearby exchange format, so the connection was closed."
        case .unknownFrameType(let type):
            "The other device sent a kind of message this version does not know (type \(type)); it may run a newer version of Handshake."
        case .frameOutOfOrder(let type):
            "The other device sent \(type.withArticle) when none was expected, so the connection was closed."
        case .commitmentMismatch:
            "The other device's key is not the one it announced at the start; someone may be interfering, so the connection was closed and nothing from it was kept."
        case .handshakeFailed:
            "The secure connection could not be set up: the other device does not hold the same session secret, or someone interfered."
        case .invalidHandshakeMessage:
            "The secure connection could not be set up: the other device's handshake message is not a usable one (cut short, or a key that cannot be used), or someone interfered."
        case .decryptionFailed:
            "The connection was interrupted or tampered with; nothing from it was kept."
        case .badFragmentFlags(let flags):
            "The other device sent a message part with unknown flags (\(flags)), so the connection was closed."
        case .malformedRecord:
            "The other device sent a message whose parts do not fit together, so the connection was closed."
        case .messageTooLarge(let limit):
            "A message was larger than the \(limit) bytes a nearby exchange allows, so it was not accepted."
        case .notEstablished:
            "The secure connection is not set up yet, so nothing can be sent over it."
        case .recordLimitReached:
            "This connection has carried as many messages as it safely can; a new exchange is needed."
        case .alreadyFailed(let reason):
            "The connection had already ended: \(reason.description)"
        }
    }
}
