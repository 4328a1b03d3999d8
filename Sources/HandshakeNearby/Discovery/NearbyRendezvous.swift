// What a device advertises, besides its version and name, when it was bootstrapped out of band: the
// rendezvous value of an NFC session token (TXT `t`) or of a short code (TXT `c`), so the other device finds
// it with no choice by the person (docs/protocols/nearby-bootstrap.md, sections 2.4 and 3.6). A rendezvous
// value only says "this is the device you tapped or whose code you typed"; it proves nothing: the secret
// behind it (the token's, or the one CPace derives from the code) is what the channel checks.

@_spi(Wire) import HandshakeExchange

/// The out-of-band rendezvous a device advertises while it waits for the device that holds its token or
/// typed its code.
@_spi(Wire) public enum NearbyRendezvous: Hashable, Sendable, CustomStringConvertible {
    /// A session token's rendezvous identifier, as `SessionToken/rendezvousText` (32 lowercase hex digits).
    case sessionToken(String)
    /// A short code's rendezvous part, as `ShortCode/rendezvous` (3 upper-case characters).
    case shortCode(String)

    /// The rendezvous of a token this device issued.
    public init(_ token: SessionToken) { self = .sessionToken(token.rendezvousText) }

    /// The rendezvous of a code this device shows.
    public init(_ code: ShortCode) { self = .shortCode(code.rendezvous) }

    /// The TXT string that carries it: `t=…` or `c=…`.
    var textString: [UInt8] {
        switch self {
        case .sessionToken(let text): Array("\(NearbyProtocol.sessionTokenRendezvousKey)=\(text)".utf8)
        case .shortCode(let text): Array("\(NearbyProtocol.shortCodeRendezvousKey)=\(text)".utf8)
        }
    }

    /// Reads a TXT key and value; nil for any other key or a value of the wrong shape (ignored, as a
    /// browser ignores every TXT key it does not know).
    init?(key: String, value: String) {
        switch key {
        case NearbyProtocol.sessionTokenRendezvousKey:
            let hex = value.lowercased()
            guard hex.utf8.count == SessionToken.rendezvousLength * 2, hex.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
            else { return nil }
            self = .sessionToken(hex)
        case NearbyProtocol.shortCodeRendezvousKey:
            guard let normalized = ShortCode.normalizedRendezvous(value) else { return nil }
            self = .shortCode(normalized)
        default:
            return nil
        }
    }

    /// Whether a peer advertising this rendezvous is the one this token leads to.
    public func matches(_ token: SessionToken) -> Bool { self == .sessionToken(token.rendezvousText) }

    /// Whether a peer advertising this rendezvous shows this code.
    public func matches(_ code: ShortCode) -> Bool { self == .shortCode(code.rendezvous) }

    /// The rendezvous as it appears in the advertisement, for logs.
    public var description: String {
        switch self {
        case .sessionToken(let text): "session token \(text)"
        case .shortCode(let text): "short code \(text)-…"
        }
    }
}
