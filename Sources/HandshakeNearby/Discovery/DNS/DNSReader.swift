// The decoder: bytes from the network to a ``DNSMessage``, with every bound checked before it is relied on —
// message size, entry counts, label types, name length, compression pointers (each must point strictly
// backwards, and only so many are followed), record data lengths. It throws ``DNSMessageError`` and never
// traps. It does not judge whether the records make sense together; that is the browser's and the
// advertiser's job.

extension DNSMessage {
    /// Reads a message from its wire form. Throws ``DNSMessageError`` for anything malformed or out of bounds.
    init(decoding bytes: [UInt8]) throws(DNSMessageError) {
        guard bytes.count <= DNSLimits.maxMessageSize else { throw .messageTooLarge(size: bytes.count) }
        var reader = DNSReader(bytes: bytes)
        let id = try reader.u16("header")
        let flags = try reader.u16("header")
        let counts = [try reader.u16("header"), try reader.u16("header"), try reader.u16("header"), try reader.u16("header")]
        let total = counts.reduce(0) { $0 + Int($1) }
        guard total <= DNSLimits.maxEntries else { throw .tooManyEntries(count: total) }
        // Each question takes at least 5 bytes and each record at least 11: refuse counts the bytes cannot hold
        // before reserving anything for them.
        let minimum = Int(counts[0]) * 5 + (total - Int(counts[0])) * 11
        guard minimum <= bytes.count - reader.offset else { throw .truncated(offset: bytes.count, field: "sections") }

        var questions: [DNSQuestion] = []
        for _ in 0..<counts[0] { questions.append(try reader.question()) }
        var sections: [[DNSRecord]] = []
        for count in counts.dropFirst() {
            var records: [DNSRecord] = []
            for _ in 0..<count { records.append(try reader.record()) }
            sections.append(records)
        }
        guard reader.offset == bytes.count else { throw .trailingBytes(count: bytes.count - reader.offset) }
        self.init(
            id: id, flags: flags, questions: questions, answers: sections[0], authorities: sections[1],
            additionals: sections[2])
    }
}

/// A cursor over a message's bytes. Names are resolved against the whole message, so compression works.
struct DNSReader {
    let bytes: [UInt8]
    var offset = 0
    /// Reads stop here: the message's end, or the end of the record data being read.
    var limit: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        limit = bytes.count
    }

    mutating func u8(_ field: String) throws(DNSMessageError) -> UInt8 {
        guard offset < limit else { throw .truncated(offset: limit, field: field) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16(_ field: String) throws(DNSMessageError) -> UInt16 {
        let high = try u8(field)
        let low = try u8(field)
        return UInt16(high) << 8 | UInt16(low)
    }

    mutating func u32(_ field: String) throws(DNSMessageError) -> UInt32 {
        let high = try u16(field)
        let low = try u16(field)
        return UInt32(high) << 16 | UInt32(low)
    }

    mutating func take(_ count: Int, _ field: String) throws(DNSMessageError) -> [UInt8] {
        guard count >= 0, count <= limit - offset else { throw .truncated(offset: limit, field: field) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// Reads a possibly compressed name at the cursor; the cursor moves past the name as written here.
    mutating func name() throws(DNSMessageError) -> DNSName {
        let start = offset
        var labels: [[UInt8]] = []
        var length = 1
        var position = offset
        var resumeAt: Int?  // where the cursor goes once the name is read, set at the first pointer
        var pointers = 0
        // Every pointer must go strictly below the lowest position read so far, so the walk cannot revisit
        // bytes: it ends within the message's length whatever the pointers say.
        var lowest = offset
        while true {
            guard position < limit else { throw .truncated(offset: limit, field: "name") }
            let byte = bytes[position]
            switch byte & 0xC0 {
            case 0x00:
                if byte == 0 {
                    offset = resumeAt ?? position + 1
                    return try DNSName(labels: labels)
                }
                let count = Int(byte)
                guard count <= limit - position - 1 else { throw .truncated(offset: limit, field: "name") }
                length += 1 + count
                guard length <= DNSLimits.maxNameLength else { throw .nameTooLong }
                labels.append(Array(bytes[position + 1..<position + 1 + count]))
                position += 1 + count
            case 0xC0:
                guard position + 1 < limit else { throw .truncated(offset: limit, field: "name") }
                let target = Int(byte & 0x3F) << 8 | Int(bytes[position + 1])
                guard target < lowest else { throw .compressionPointerNotBackward(offset: position, target: target) }
                pointers += 1
                guard pointers <= DNSLimits.maxPointersPerName else { throw .tooManyCompressionPointers(offset: start) }
                if resumeAt == nil { resumeAt = position + 2 }
                lowest = target
                position = target
            default:
                throw .unsupportedLabelType(byte: byte, offset: position)
            }
        }
    }

    mutating func question() throws(DNSMessageError) -> DNSQuestion {
        let name = try name()
        let type = DNSRecordType(rawValue: try u16("question type"))
        let rawClass = try u16("question class")
        return DNSQuestion(name: name, type: type, recordClass: rawClass & 0x7FFF, unicastResponse: rawClass & 0x8000 != 0)
    }

    mutating func record() throws(DNSMessageError) -> DNSRecord {
        let name = try name()
        let type = DNSRecordType(rawValue: try u16("record type"))
        let rawClass = try u16("record class")
        let ttl = try u32("record TTL")
        let length = Int(try u16("record data length"))
        guard length <= bytes.count - offset else { throw .truncated(offset: bytes.count, field: "\(type) record data") }
        let start = offset
        let end = offset + length
        let data = try recordData(type: type, length: length, end: end)
        guard offset == end else { throw .recordDataLengthMismatch(type: type, declared: length, used: offset - start) }
        return DNSRecord(name: name, ttl: ttl, data: data, cacheFlush: rawClass & 0x8000 != 0, recordClass: rawClass & 0x7FFF)
    }

    /// Reads the data of one record; `end` is where the header said it stops. A read never passes `end`.
    private mutating func recordData(type: DNSRecordType, length: Int, end: Int) throws(DNSMessageError) -> DNSRecordData {
        // Parse within a reader cut at `end`, so a field cannot borrow the next record's bytes; names still
        // resolve pointers to anywhere earlier in the message.
        var inner = self
        inner.limit = end
        defer { offset = inner.offset }
        switch type {
        case .a:
            guard length == 4 else { throw .addressLength(type: type, length: length) }
            let b = try inner.take(4, "A address")
            return .a(IPv4Address(b[0], b[1], b[2], b[3]))
        case .aaaa:
            guard length == 16 else { throw .addressLength(type: type, length: length) }
            return .aaaa(try inner.take(16, "AAAA address"))
        case .ptr:
            return .ptr(try inner.name())
        case .srv:
            let priority = try inner.u16("SRV priority")
            let weight = try inner.u16("SRV weight")
            let port = try inner.u16("SRV port")
            return .srv(priority: priority, weight: weight, port: port, target: try inner.name())
        case .txt:
            // RFC 6763 §6.1: empty TXT data is read as one empty string, as it is written.
            guard length > 0 else { return .txt([[]]) }
            var strings: [[UInt8]] = []
            while inner.offset < end {
                let count = Int(try inner.u8("TXT string length"))
                strings.append(try inner.take(count, "TXT string"))
            }
            return .txt(strings)
        case .nsec:
            let next = try inner.name()
            var types: [DNSRecordType] = []
            var lastWindow = -1
            while inner.offset < end {
                let bitmapStart = inner.offset
                let window = Int(try inner.u8("NSEC window"))
                let count = Int(try inner.u8("NSEC bitmap length"))
                guard window > lastWindow, (1...32).contains(count) else { throw .malformedTypeBitmap(offset: bitmapStart) }
                lastWindow = window
                let bitmap = try inner.take(count, "NSEC bitmap")
                for (index, byte) in bitmap.enumerated() {
                    for bit in 0..<8 where byte & (0x80 >> bit) != 0 {
                        types.append(DNSRecordType(rawValue: UInt16(window << 8 | index << 3 | bit)))
                    }
                }
            }
            return .nsec(next: next, types: types)
        default:
            return .other(type: type, bytes: try inner.take(length, "\(type) record data"))
        }
    }
}
