/// From segments to the final codeword sequence placed in the symbol (ISO/IEC 18004 §7.4.9–7.6).
enum Codewords {
    /// Data codewords: segments, then a terminator of up to four zero bits, zero bits to the byte boundary,
    /// and the alternating pad bytes 0xEC 0x11 until the capacity is full.
    /// The caller has checked that the segments fit.
    static func data(_ segments: [QRSegment], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let capacityBits = VersionTable.dataBits(version, level)
        var buffer = BitBuffer(reservingBits: capacityBits)
        for segment in segments { segment.write(to: &buffer, version: version) }
        let terminator = min(4, capacityBits - buffer.count)
        buffer.append(0, width: terminator)
        // Bits past the last whole byte are already zero in the packed buffer; the byte array is the padding.
        var bytes = buffer.bytes
        var pad: UInt8 = 0xEC
        while bytes.count < capacityBits / 8 {
            bytes.append(pad)
            pad ^= 0xEC ^ 0x11
        }
        return bytes
    }

    /// Splits data codewords into blocks, appends each block's Reed–Solomon codewords, and interleaves:
    /// first codeword of every block, then the second, and so on, data before error correction. Blocks come
    /// in two lengths; the shorter ones come first and have no codeword at the last data position.
    static func interleaved(data: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let blockCount = VersionTable.blocks(version, level)
        let eccLength = VersionTable.eccCodewordsPerBlock(version, level)
        let total = VersionTable.totalCodewords(version)
        let shortBlocks = blockCount - total % blockCount
        let shortDataLength = total / blockCount - eccLength

        // All error-correction codewords, block after block.
        var ecc: [UInt8] = []
        ecc.reserveCapacity(blockCount * eccLength)
        var blockStarts: [Int] = []
        blockStarts.reserveCapacity(blockCount + 1)
        var offset = 0
        for block in 0..<blockCount {
            let length = shortDataLength + (block < shortBlocks ? 0 : 1)
            blockStarts.append(offset)
            ReedSolomon.appendRemainder(of: data[offset..<offset + length], degree: eccLength, to: &ecc)
            offset += length
        }
        blockStarts.append(offset)

        var result: [UInt8] = []
        result.reserveCapacity(total)
        for column in 0...shortDataLength {
            for block in 0..<blockCount where column < blockStarts[block + 1] - blockStarts[block] {
                result.append(data[blockStarts[block] + column])
            }
        }
        for column in 0..<eccLength {
            for block in 0..<blockCount { result.append(ecc[block * eccLength + column]) }
        }
        return result
    }
}
