// The encoder: a ``DNSMessage`` to wire form, names written in full (no compression on write: the messages
// Handshake sends are a few hundred bytes, and uncompressed output is simple to check byte for byte). It
// refuses what would not fit the format (TXT strings over 255 bytes, messages over 9000 bytes); it does not
// check that the records are a sensible DNS-SD service.

extension DNSMessage {
    /// The message in wire form. Throws if a TXT string is over 255 bytes or the message over 9000 bytes.
    func encoded() throws(DNSMessageError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        let total = questions.count + answers.count + authorities.count + additionals.count
        guard total <= DNSLimits.maxEntries else { throw .tooManyEntries(count: total) }
        for value in [id, flags, UInt16(questions.count), UInt16(answers.count), UInt16(authorities.count), UInt16(additionals.count)] {
            out.appendU16(value)
        }
        for question in questions {
            out.appendName(question.name)
            out.appendU16(question.type.rawValue)
            out.appendU16(question.recordClass | (question.unicastResponse ? 0x8000 : 0))
        }
        for record in answers + authorities + additionals {
            try out.appendRecord(record)
        }
        guard out.count <= DNSLimits.maxMessageSize else { throw .messageTooLarge(size: out.count) }
        return out
    }
}

extension [UInt8] {
    mutating func appendU16(_ value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }

    mutating func appendU32(_ value: UInt32) {
        appendU16(UInt16(value >> 16))
        appendU16(UInt16(value & 0xFFFF))
    }

    mutating func appendName(_ name: DNSName) {
        for label in name.labels {
            append(UInt8(label.count))
            append(contentsOf: label)
        }
        append(0)
    }

    mutating func appendRecord(_ record: DNSRecord) throws(DNSMessageError) {
        appendName(record.name)
        appendU16(record.type.rawValue)
        appendU16(record.recordClass | (record.cacheFlush ? 0x8000 : 0))
        appendU32(record.ttl)
        var data: [UInt8] = []
        switch record.data {
        case .a(let address):
            data = address.array
        case .aaaa(let bytes):
            guard bytes.count == 16 else { throw .addressLength(type: .aaaa, length: bytes.count) }
            data = bytes
        case .ptr(let target):
            data.appendName(target)
        case .srv(let priority, let weight, let port, let target):
            data.appendU16(priority)
            data.appendU16(weight)
            data.appendU16(port)
            data.appendName(target)
        case .txt(let strings):
            // RFC 6763 §6.1: a TXT record with no strings is sent as one empty string.
            for string in strings.isEmpty ? [[]] : strings {
                guard string.count <= 255 else { throw .textStringTooLong(length: string.count) }
                data.append(UInt8(string.count))
                data.append(contentsOf: string)
            }
        case .nsec(let next, let types):
            data.appendName(next)
            let windows = Dictionary(grouping: types.map(\.rawValue), by: { $0 >> 8 })
            for window in windows.keys.sorted() {
                let lows = windows[window, default: []].map { Int($0 & 0xFF) }
                var bitmap = [UInt8](repeating: 0, count: (lows.max() ?? 0) / 8 + 1)
                for low in lows { bitmap[low / 8] |= 0x80 >> UInt8(low % 8) }
                data.append(UInt8(window))
                data.append(UInt8(bitmap.count))
                data.append(contentsOf: bitmap)
            }
        case .other(_, let bytes):
            data = bytes
        }
        guard data.count <= Int(UInt16.max) else { throw .messageTooLarge(size: data.count) }
        appendU16(UInt16(data.count))
        append(contentsOf: data)
    }
}
