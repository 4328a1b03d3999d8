// Every way a DNS message from the network can be refused by the decoder, each with a sentence a person can
// read in a log. The decoder throws one of these and nothing else: it never traps on outside input. These
// errors say what was wrong with the bytes; they do not say who sent them or why.

import HandshakeCore

/// Why a DNS message could not be read (or, for a few cases, written).
enum DNSMessageError: HandshakeError, Equatable {
    /// The message is larger than ``DNSLimits/maxMessageSize``.
    case messageTooLarge(size: Int)
    /// The message ended in the middle of a field.
    case truncated(offset: Int, field: String)
    /// A label is longer than 63 bytes (only reachable when writing; the wire format cannot say more).
    case labelTooLong(length: Int)
    /// A label of length zero in the middle of a name (only when writing).
    case emptyLabel
    /// A name is longer than 255 bytes in wire form.
    case nameTooLong
    /// A label starts with the reserved bit patterns 01 or 10 (RFC 6891 extended labels are not supported).
    case unsupportedLabelType(byte: UInt8, offset: Int)
    /// A compression pointer points at or past itself, so following it could loop.
    case compressionPointerNotBackward(offset: Int, target: Int)
    /// A name needs more compression pointers than ``DNSLimits/maxPointersPerName``.
    case tooManyCompressionPointers(offset: Int)
    /// The sections announce more entries than ``DNSLimits/maxEntries``.
    case tooManyEntries(count: Int)
    /// A record's data did not use exactly the length its header declared.
    case recordDataLengthMismatch(type: DNSRecordType, declared: Int, used: Int)
    /// An A or AAAA record of the wrong size.
    case addressLength(type: DNSRecordType, length: Int)
    /// An NSEC type bitmap that breaks RFC 4034 §4.1.2.
    case malformedTypeBitmap(offset: Int)
    /// A TXT string longer than 255 bytes (only when writing).
    case textStringTooLong(length: Int)
    /// Bytes were left after the last section.
    case trailingBytes(count: Int)

    /// A sentence that says what is wrong with the message, for logs.
    var description: String {
        switch self {
        case .messageTooLarge(let size):
            "The DNS message is \(size) bytes, more than the \(DNSLimits.maxMessageSize) a multicast DNS message may have."
        case .truncated(let offset, let field):
            "The DNS message ends at byte \(offset), in the middle of its \(field)."
        case .labelTooLong(let length):
            "A DNS label is \(length) bytes long; a label holds at most 63."
        case .emptyLabel:
            "A DNS name has an empty label in the middle; only the root label may be empty."
        case .nameTooLong:
            "A DNS name is longer than 255 bytes."
        case .unsupportedLabelType(let byte, let offset):
            "The DNS label at byte \(offset) starts with 0x\(String(byte, radix: 16)), a label type this reader does not support."
        case .compressionPointerNotBackward(let offset, let target):
            "The compression pointer at byte \(offset) points to byte \(target), not to an earlier part of the message, so it could loop."
        case .tooManyCompressionPointers(let offset):
            "The DNS name at byte \(offset) follows more than \(DNSLimits.maxPointersPerName) compression pointers."
        case .tooManyEntries(let count):
            "The DNS message announces \(count) entries; at most \(DNSLimits.maxEntries) are read."
        case .recordDataLengthMismatch(let type, let declared, let used):
            "A \(type) record declares \(declared) bytes of data but its contents take \(used)."
        case .addressLength(let type, let length):
            "A \(type) record holds \(length) bytes; its address must be \(type == .aaaa ? 16 : 4)."
        case .malformedTypeBitmap(let offset):
            "The NSEC type bitmap at byte \(offset) is malformed (windows out of order, or a length outside 1–32)."
        case .textStringTooLong(let length):
            "A TXT string is \(length) bytes long; a TXT string holds at most 255."
        case .trailingBytes(let count):
            "The DNS message has \(count) bytes after its last record."
        }
    }
}

/// The bounds the codec enforces on every message, whichever direction it goes.
enum DNSLimits {
    /// RFC 6762 §17: a multicast DNS message is at most 9000 bytes (jumbo frames included).
    static let maxMessageSize = 9000
    /// At most this many questions and records, all sections together.
    static let maxEntries = 512
    /// At most this many compression pointers followed while reading one name.
    static let maxPointersPerName = 64
    /// RFC 1035 §2.3.4: a name is at most 255 bytes in wire form.
    static let maxNameLength = 255
}
