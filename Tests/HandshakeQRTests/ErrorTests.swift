import Testing
@testable import HandshakeQR

@Suite("Errors")
struct ErrorTests {
    @Test("too much data for any symbol gives dataTooLong with a readable description")
    func tooLong() {
        let text = String(repeating: "x", count: 2332)  // version 40-M holds 2,331 bytes of text in one byte segment
        #expect {
            try QRCode(encoding: text, errorCorrection: .medium)
        } throws: { error in
            guard case let .dataTooLong(bits, capacity, version, level, forced) = error as? QRError else { return false }
            let description = String(describing: error)
            return bits == 4 + 16 + 2332 * 8 && capacity == 2334 * 8 && version == 40 && level == .medium && !forced
                && description.contains("18,676 bits") && description.contains("version 40, error correction M")
                && description.contains("18,672 bits (2,334 bytes")
        }
        // One byte fewer fits exactly.
        #expect(throws: Never.self) { try QRCode(encoding: String(text.dropLast()), errorCorrection: .medium) }
    }

    @Test("a forced version that is too small says so and suggests a way out")
    func forcedVersionTooSmall() {
        #expect {
            try QRCode(encoding: String(repeating: "A", count: 30), errorCorrection: .high, version: 2)
        } throws: { error in
            guard case .dataTooLong(_, let capacity, 2, .high, true) = error as? QRError else { return false }
            let description = String(describing: error)
            return capacity == 16 * 8 && description.contains("a version 2 QR code at error correction H")
                && description.contains("larger version")
        }
    }

    @Test("options out of range are rejected")
    func outOfRange() {
        #expect(throws: QRError.versionOutOfRange(41)) { try QRCode(encoding: "A", version: 41) }
        #expect(throws: QRError.versionOutOfRange(0)) { try QRCode(encoding: "A", version: 0) }
        #expect(throws: QRError.maskOutOfRange(8)) { try QRCode(encoding: "A", mask: 8) }
        #expect(throws: QRError.maskOutOfRange(-1)) { try QRCode(encoding: "A", mask: -1) }
    }

    @Test("segments reject characters outside their mode")
    func invalidCharacters() {
        #expect(throws: QRError.invalidCharacters(mode: .numeric, offset: 3)) { try QRSegment.numeric("123a") }
        #expect(throws: QRError.invalidCharacters(mode: .alphanumeric, offset: 0)) { try QRSegment.alphanumeric("abc") }
    }

    @Test("explicit segments too long for their count field at a forced version")
    func countFieldOverflow() {
        // 256 bytes cannot be counted in version 9's 8-bit byte count field.
        #expect(throws: QRError.self) { try QRCode(segments: [.byte([UInt8](repeating: 65, count: 256))], errorCorrection: .low, version: 9) }
    }
}
