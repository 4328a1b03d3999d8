// Just enough NDEF (NFC Forum "NFC Data Exchange Format", 1.0) to write one record and to read the records
// of a message someone else wrote: the header flags, short and long records, optional IDs, and the rules on
// MB/ME, type formats and chunking. It protects the token decoder from malformed input (every length is
// checked against the bytes that remain before anything is copied). It does not reassemble chunked records:
// a token is one short record, so a chunked one is refused.

/// One NDEF record as read: its type name format, type, ID and payload.
struct NDEFRecord: Equatable {
    /// The TNF (the low three bits of the header): 0x04 is an NFC Forum external type.
    var typeNameFormat: UInt8
    var type: [UInt8]
    var id: [UInt8] = []
    var payload: [UInt8]

    static let externalType: UInt8 = 0x04
}

enum NDEFMessage {
    static let messageBegin: UInt8 = 0x80
    static let messageEnd: UInt8 = 0x40
    static let chunk: UInt8 = 0x20
    static let shortRecord: UInt8 = 0x10
    static let idLengthPresent: UInt8 = 0x08

    /// A message of `records`, each written as a short record when its payload fits in 255 bytes.
    static func encode(_ records: [NDEFRecord]) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, record) in records.enumerated() {
            var header = record.typeNameFormat & 0x07
            if index == 0 { header |= messageBegin }
            if index == records.count - 1 { header |= messageEnd }
            let short = record.payload.count <= 255
            if short { header |= shortRecord }
            if !record.id.isEmpty { header |= idLengthPresent }
            bytes.append(header)
            bytes.append(UInt8(record.type.count))
            if short {
                bytes.append(UInt8(record.payload.count))
            } else {
                let length = UInt32(record.payload.count)
                bytes += [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
            }
            if !record.id.isEmpty { bytes.append(UInt8(record.id.count)) }
            bytes += record.type + record.id + record.payload
        }
        return bytes
    }

    /// The records of a whole NDEF message, checked against the NDEF rules.
    static func decode(_ bytes: [UInt8]) throws(SessionTokenError) -> [NDEFRecord] {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= NearbyProtocol.sessionTokenMessageLimit else { throw .tooLarge(limit: NearbyProtocol.sessionTokenMessageLimit) }
        var records: [NDEFRecord] = []
        var offset = 0
        while true {
            guard offset < bytes.count else { throw .truncated }
            let header = bytes[offset]
            let tnf = header & 0x07
            let isFirst = records.isEmpty
            guard (header & messageBegin != 0) == isFirst else {
                throw .malformedRecord(isFirst ? "the first record lacks the message-begin flag" : "a record after the first has the message-begin flag")
            }
            guard header & chunk == 0, tnf != 0x06 else { throw .chunkedRecord }
            guard tnf != 0x07 else { throw .malformedRecord("a record has the reserved type name format 7") }
            var cursor = offset + 1
            func take(_ count: Int) throws(SessionTokenError) -> ArraySlice<UInt8> {
                guard count >= 0, count <= bytes.count - cursor else { throw .truncated }
                defer { cursor += count }
                return bytes[cursor..<(cursor + count)]
            }
            let typeLength = Int(try take(1)[cursor - 1])
            let payloadLength: Int
            if header & shortRecord != 0 {
                payloadLength = Int(try take(1)[cursor - 1])
            } else {
                payloadLength = try take(4).reduce(0) { $0 << 8 | Int($1) }
            }
            let idLength = header & idLengthPresent != 0 ? Int(try take(1)[cursor - 1]) : 0
            switch tnf {
            case 0x00 where typeLength != 0 || idLength != 0 || payloadLength != 0:
                throw .malformedRecord("an empty record has a type, an ID or a payload")
            case 0x05 where typeLength != 0:
                throw .malformedRecord("a record of unknown type has a type")
            case 0x01...0x04 where typeLength == 0:
                throw .malformedRecord("a record of type name format \(tnf) has no type")
            default:
                break
            }
            let type = Array(try take(typeLength))
            let id = Array(try take(idLength))
            let payload = Array(try take(payloadLength))
            records.append(NDEFRecord(typeNameFormat: tnf, type: type, id: id, payload: payload))
            offset = cursor
            if header & messageEnd != 0 {
                guard offset == bytes.count else { throw .trailingBytes }
                return records
            }
        }
    }
}
