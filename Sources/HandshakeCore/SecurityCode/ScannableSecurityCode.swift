/// The security code in the form one device shows as a QR code and the other scans.
///
/// What it protects: the scanning device checks *both* fingerprints at once — the shown one must hold the
/// scanner's key as "theirs" and the contact's key as "own" — so a scan proves the same thing as reading
/// all 60 digits, without reading. The comparison runs in constant time.
///
/// What it does not protect: like the digits, it means something only when scanned from the other
/// person's own screen, in person.
///
/// Payload: `HSC1:` + Base45 of `version (1 byte) ‖ fingerprint of the shower's key (32) ‖ fingerprint
/// of the scanner's key (32)`; every character is in the QR alphanumeric set.
public struct ScannableSecurityCode: Sendable, Hashable {
    /// The payload format version.
    public static let version: UInt8 = 1
    /// The text prefix; the `1` is the format version.
    public static let prefix = "HSC1:"

    /// The fingerprint of the key of the device showing the code.
    public let ownFingerprint: [UInt8]
    /// The fingerprint of the key of the person expected to scan it.
    public let theirFingerprint: [UInt8]

    /// The code the owner of `ownKey` shows to the owner of `theirKey`.
    public init(ownKey: SigningPublicKey, theirKey: SigningPublicKey) {
        ownFingerprint = SecurityCode.fingerprint(of: ownKey.rawRepresentation)
        theirFingerprint = SecurityCode.fingerprint(of: theirKey.rawRepresentation)
    }

    /// Why a scanned payload can't be read.
    public enum ParseError: HandshakeError, Equatable {
        /// The scanned text does not start with ``ScannableSecurityCode/prefix``.
        case notASecurityCode
        /// A code written by a newer Handshake in a format this version does not read.
        case unsupportedVersion(UInt8)

        /// A sentence to show the person who scanned the code.
        public var description: String {
            switch self {
            case .notASecurityCode: return "This is not a Handshake security code (it starts with \(ScannableSecurityCode.prefix))."
            case .unsupportedVersion(let version): return "This security code uses version \(version); this version of Handshake reads version \(ScannableSecurityCode.version)."
            }
        }
    }

    /// The length of ``payload``: the prefix and the Base45 text of 65 bytes.
    static let payloadLength = prefix.utf8.count + 98
    /// The longest text ``init(parsing:)`` looks at, white space around the payload included.
    static let maxParsedLength = 1024

    /// Reads a scanned payload: the payload in any letter case, with white space around it.
    public init(parsing text: String) throws(ParseError) {
        guard text.utf8.count <= Self.maxParsedLength else { throw .notASecurityCode }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // Upper-casing only ASCII letters, byte by byte: Unicode upper-casing would turn look-alikes into
        // the payload ("ſ" into "S", "ß" into "SS"), so text that is not the payload would be read as it.
        let upper = trimmed.utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
        guard upper.count == Self.payloadLength, upper.starts(with: Self.prefix.utf8),
            let bytes = try? Base45.decode(utf8: upper.dropFirst(Self.prefix.utf8.count)), bytes.count == 65
        else { throw .notASecurityCode }
        guard bytes[0] == Self.version else { throw .unsupportedVersion(bytes[0]) }
        ownFingerprint = Array(bytes[1..<33])
        theirFingerprint = Array(bytes[33..<65])
    }

    /// The text to put in a QR code.
    public var payload: String {
        Self.prefix + Base45.encode([Self.version] + ownFingerprint + theirFingerprint)
    }

    /// Whether this code, scanned from the other person's screen, matches the pair (`ownKey` of the
    /// scanner, `theirKey` of the person showing it). Both fingerprints are compared in constant time.
    public func matches(ownKey: SigningPublicKey, theirKey: SigningPublicKey) -> Bool {
        let expected = SecurityCode.fingerprint(of: theirKey.rawRepresentation) + SecurityCode.fingerprint(of: ownKey.rawRepresentation)
        return constantTimeEquals(ownFingerprint + theirFingerprint, expected)
    }
}
