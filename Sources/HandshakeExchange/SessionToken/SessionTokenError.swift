// Every way an NFC session token is refused, as a sentence: an NDEF message that is not well formed, one
// without our record, a payload that does not follow the layout, and a token that has expired or claims to
// live too long. None of the sentences includes the secret.

import HandshakeCore

/// Why an NDEF message was not accepted as a session token.
public enum SessionTokenError: HandshakeError, Equatable {
    /// No bytes.
    case empty
    /// More bytes than any token takes.
    case tooLarge(limit: Int)
    /// The message ends inside a record, or before a record marked as the last.
    case truncated
    /// An NDEF record header that breaks the NDEF rules (the reason says which).
    case malformedRecord(String)
    /// A chunked record: tokens are never chunked.
    case chunkedRecord
    /// Bytes after the record marked as the last one.
    case trailingBytes
    /// No record of type `handshake.app:session`.
    case noSessionRecord
    /// More than one such record: which to trust is not ours to guess.
    case multipleSessionRecords
    /// A payload of a version this library does not read.
    case unsupportedVersion(UInt8)
    /// A payload that does not follow the layout (the reason says how).
    case malformedPayload(String)
    /// The token expired this many seconds ago.
    case expired(secondsAgo: Int)
    /// The token claims to stay valid for longer than any Handshake token does.
    case expiresTooLate(secondsAhead: Int)
    /// A token asked for with more endpoints than fit, or a lifetime over a minute.
    case invalidToken(String)
    /// The record naming the relay is not one (the reason says how): the token is not used, since the
    /// device that wrote it expects to be met there.
    case malformedRelay(String)

    /// A sentence to show the person whose tap failed.
    public var description: String {
        switch self {
        case .empty: "The NFC tag is empty."
        case .tooLarge(let limit): "The NFC message is larger than a session token can be (\(limit) bytes)."
        case .truncated: "The NFC message is cut short: hold the phones together until the tap completes."
        case .malformedRecord(let reason): "The NFC message is not valid NDEF: \(reason)."
        case .chunkedRecord: "The NFC message uses chunked records, which Handshake tokens never do."
        case .trailingBytes: "The NFC message has bytes after its last record."
        case .noSessionRecord: "This NFC tag holds no Handshake session token."
        case .multipleSessionRecords: "This NFC tag holds more than one Handshake session token; tap again."
        case .unsupportedVersion(let version): "The session token is version \(version), which this app cannot read; update the app."
        case .malformedPayload(let reason): "The session token is damaged: \(reason)."
        case .malformedRelay(let reason): "The session token is damaged: \(reason)."
        case .expired(0): "The session token has just expired; tap again."
        case .expired(let seconds): "The session token expired \(seconds) second\(seconds == 1 ? "" : "s") ago; tap again."
        case .expiresTooLate(let seconds): "The session token claims to be valid for another \(seconds) seconds, longer than any Handshake token; it was refused."
        case .invalidToken(let reason): "A session token cannot be made: \(reason)."
        }
    }
}
