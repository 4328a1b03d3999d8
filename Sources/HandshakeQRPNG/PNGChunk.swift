import CHandshakeZlib

/// PNG's container: big-endian integers and length-type-data-CRC chunks (PNG specification §5.3).
extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    /// Appends a chunk; its CRC-32 covers the type and the data, not the length.
    mutating func appendChunk(_ type: StaticString, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = type.withUTF8Buffer { Array($0) }
        let crcInput = typeBytes + data
        append(contentsOf: typeBytes)
        append(contentsOf: data)
        let checksum = crcInput.withUnsafeBufferPointer { buffer in
            crc32(0, buffer.baseAddress, uInt(buffer.count))
        }
        appendBigEndian(UInt32(truncatingIfNeeded: checksum))
    }
}
