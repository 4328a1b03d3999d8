// The numbers of the secure channel's wire format, version 1 (docs/protocols/nearby-channel.md): frame
// types and the bounds every frame and message is held to. It establishes that both sides and every test
// read the same limits from one place; it does not enforce them (the frame reader and record layer do).

extension NearbyProtocol {
    /// The longest frame body accepted before the handshake completes. Handshake frames are at most 49 bytes,
    /// so a peer that has proved nothing yet cannot make us hold more than this.
    public static let handshakeFrameLimit = 256
    /// The longest frame body accepted once the channel is established: the Noise maximum message length.
    public static let recordFrameLimit = 65535
    /// The largest message, after reassembly, that a channel carries unless the layer above lowers it.
    public static let maximumMessageSize = 131_072
    /// The number of digits of the short code both screens show in compare-code mode.
    public static let shortCodeDigits = 6
}

/// The first byte of every frame body.
@_spi(Wire) public enum ChannelFrameType: UInt8, Sendable, CustomStringConvertible {
    /// The responder's commitment to its ephemeral key (compare-code mode only).
    case commit = 0x01
    /// A Noise handshake message.
    case handshake = 0x02
    /// A Noise transport message carrying one fragment of one message of the layer above.
    case record = 0x03

    /// The frame type's name, for logs.
    public var description: String {
        switch self {
        case .commit: "key commitment"
        case .handshake: "handshake message"
        case .record: "encrypted record"
        }
    }

    /// The description with its indefinite article: "a key commitment", "an encrypted record".
    public var withArticle: String {
        switch self {
        case .record: "an \(description)"
        case .commit, .handshake: "a \(description)"
        }
    }
}

/// Which of the two Noise protocols a channel runs, chosen by whether the two devices share a secret.
@_spi(Wire) public enum ChannelMode: UInt8, Sendable, Equatable {
    /// No shared secret: `Noise_NN`, a key commitment, and a 6-digit code both people compare.
    case compareCode = 0
    /// A 32-byte session secret from an NFC tap or a typed code: `Noise_NNpsk0` with it as the PSK.
    case sessionSecret = 1
}
