import CHandshakeZlib
public import HandshakeQR

/// Draws a symbol as a PNG image: 1-bit greyscale, one square of `moduleSize` pixels per module, with a
/// light quiet zone. Compression and checksums come from the system's zlib, not a hand-written deflate.
///
/// A 1-bit image is the natural format for a QR code (two colours) and keeps files small: a version-10
/// symbol at 8 pixels per module is well under 2 KB.
public struct PNGRenderer: Sendable, Hashable {
    /// Pixels per module side, 1...64.
    public let moduleSize: Int
    /// Light modules around the symbol on each side, 0...100; the standard asks for 4.
    public let quietZone: Int

    /// - Parameters:
    ///   - moduleSize: Pixels per module; 8 by default, clamped to 1...64.
    ///   - quietZone: Margin in modules; 4 by default, clamped to 0...100.
    public init(moduleSize: Int = 8, quietZone: Int = 4) {
        self.moduleSize = min(max(1, moduleSize), 64)
        self.quietZone = min(max(0, quietZone), 100)
    }

    /// The PNG file's bytes.
    /// - Throws: ``PNGError/compressionFailed(status:)`` if zlib reports an error (in practice, out of memory).
    public func png(for code: QRCode) throws(PNGError) -> [UInt8] {
        let side = (code.size + 2 * quietZone) * moduleSize
        let rowBytes = (side + 7) / 8
        let raw = scanlines(code, side: side, rowBytes: rowBytes)

        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(side))
        header.appendBigEndian(UInt32(side))
        // Bit depth 1, colour type 0 (greyscale), deflate, adaptive filtering, no interlace.
        header.append(contentsOf: [1, 0, 0, 0, 0])
        file.appendChunk("IHDR", header)
        file.appendChunk("IDAT", try Self.compress(raw))
        file.appendChunk("IEND", [])
        return file
    }

    /// Unfiltered scanlines (each a 0 filter byte and packed pixels; a set bit is white). Rows of pixels
    /// within one module row are identical, so each distinct row is built once and copied.
    private func scanlines(_ code: QRCode, side: Int, rowBytes: Int) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * side)
        let span = code.size + 2 * quietZone
        var line = [UInt8](repeating: 0, count: rowBytes + 1)
        for moduleRow in 0..<span {
            for index in line.indices { line[index] = 0 }
            for pixel in 0..<side {
                let dark = code[pixel / moduleSize - quietZone, moduleRow - quietZone]
                if !dark { line[1 + pixel >> 3] |= 0x80 >> UInt8(pixel & 7) }
            }
            for _ in 0..<moduleSize { raw.append(contentsOf: line) }
        }
        return raw
    }

    private static func compress(_ data: [UInt8]) throws(PNGError) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            data.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &length, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        guard status == Z_OK else { throw .compressionFailed(status: Int(status)) }
        output.removeSubrange(Int(length)...)
        return output
    }
}

/// Why a PNG could not be produced.
public enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// zlib's `compress2` returned an error status (`Z_MEM_ERROR` is the only plausible one).
    case compressionFailed(status: Int)

    /// A sentence that says why the image could not be made.
    public var description: String {
        switch self {
        case let .compressionFailed(status):
            "Could not compress the PNG image data (zlib status \(status))."
        }
    }
}

/// PNG output for HandshakeQR's symbols.
extension QRCode {
    /// The symbol as PNG bytes; see ``PNGRenderer``.
    public func png(moduleSize: Int = 8, quietZone: Int = 4) throws(PNGError) -> [UInt8] {
        try PNGRenderer(moduleSize: moduleSize, quietZone: quietZone).png(for: self)
    }
}
