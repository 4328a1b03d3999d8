// A whole DNS message (RFC 1035 §4.1): the header and its four sections. Reading and writing live in
// DNSReader.swift and DNSWriter.swift; this file is only the value. A message says what its sender claims;
// multicast DNS has no authentication, so nothing here is proof of anything.

/// A DNS message as multicast DNS uses it.
struct DNSMessage: Hashable, Sendable {
    /// The identifier; 0 in multicast DNS (RFC 6762 §18.1) except in answers to legacy unicast queries.
    var id: UInt16
    /// The flags word: QR, opcode, AA, TC, RD, RA, Z, AD, CD, RCODE.
    var flags: UInt16
    /// The question section.
    var questions: [DNSQuestion]
    /// The answer section.
    var answers: [DNSRecord]
    /// The authority section (probes carry their proposed records here, RFC 6762 §8.2).
    var authorities: [DNSRecord]
    /// The additional section.
    var additionals: [DNSRecord]

    /// A message from its parts.
    init(
        id: UInt16 = 0, flags: UInt16, questions: [DNSQuestion] = [], answers: [DNSRecord] = [],
        authorities: [DNSRecord] = [], additionals: [DNSRecord] = []
    ) {
        self.id = id
        self.flags = flags
        self.questions = questions
        self.answers = answers
        self.authorities = authorities
        self.additionals = additionals
    }

    /// Flags of a multicast DNS query: all zero (RFC 6762 §18).
    static let queryFlags: UInt16 = 0x0000
    /// Flags of a multicast DNS response: QR and AA set (RFC 6762 §18.2, §18.4).
    static let responseFlags: UInt16 = 0x8400

    /// Whether this is a response (QR bit).
    var isResponse: Bool { flags & 0x8000 != 0 }
    /// The opcode (0 for standard queries; RFC 6762 §18.3 says others are ignored).
    var opcode: UInt8 { UInt8((flags >> 11) & 0x0F) }
    /// The truncated bit (RFC 6762 §18.5: more known answers follow).
    var isTruncated: Bool { flags & 0x0200 != 0 }
    /// The response code (RFC 6762 §18.11: messages with a non-zero code are ignored).
    var responseCode: UInt8 { UInt8(flags & 0x000F) }

    /// Every record of the three record sections, in order.
    var allRecords: [DNSRecord] { answers + authorities + additionals }
}
