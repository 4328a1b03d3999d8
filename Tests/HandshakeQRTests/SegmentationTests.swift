import HandshakeTestSupport
import Testing
@testable import HandshakeQR

@Suite("Segmentation")
struct SegmentationTests {
    /// An independent, slower reference: the cheapest split by trying every segment end for every start.
    static func referenceBits(_ bytes: [UInt8], version: Int) -> Int {
        var best = [Int](repeating: Int.max / 2, count: bytes.count + 1)
        best[0] = 0
        for end in 1...max(bytes.count, 1) where end <= bytes.count {
            for start in 0..<end {
                let piece = bytes[start..<end]
                for mode in QRSegmentMode.allCases {
                    let fits = switch mode {
                    case .numeric: piece.allSatisfy(QRSegmentMode.isDigit)
                    case .alphanumeric: piece.allSatisfy(QRSegmentMode.isAlphanumeric)
                    case .byte: true
                    }
                    guard fits else { continue }
                    let cost = 4 + mode.characterCountBits(version: version) + mode.payloadBits(count: piece.count)
                    best[end] = min(best[end], best[start] + cost)
                }
            }
        }
        return best[bytes.count]
    }

    @Test("matches exhaustive search on random mixed text", arguments: [1, 10, 27])
    func optimal(version: Int) {
        var random = SeededGenerator.sweep(seed: UInt64(version))
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:abcxyz!é".utf8)
        for _ in 0..<400 {
            let length = random.next(60)
            // Runs of one character class make mode switches worth considering.
            var bytes: [UInt8] = []
            while bytes.count < length {
                let run = 1 + random.next(14)
                let pool = [Array(alphabet[0..<10]), Array(alphabet[0..<45]), alphabet][random.next(3)]
                for _ in 0..<run { bytes.append(pool[random.next(pool.count)]) }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let utf8 = Array(text.utf8)
            let (segments, bits) = Segmentation.optimal(utf8, version: version)
            #expect(bits == Self.referenceBits(utf8, version: version), "\(text.debugDescription)")
            #expect(segments.reduce(0) { $0 + $1.encodedBits(version: version) } == bits)
            #expect(segments.flatMap(\.payload) == utf8)
        }
    }

    @Test("typical choices")
    func examples() {
        let modes = { (text: String) in QRSegment.optimalSegments(for: text, version: 1).map(\.mode) }
        #expect(modes("HC1:NCFOXN%TS") == [.alphanumeric])
        #expect(modes("0123456789012345") == [.numeric])
        #expect(modes("hello") == [.byte])
        // A long digit run inside lower-case text earns its own segment; a short one does not.
        #expect(modes("abc0123456789012345678def") == [.byte, .numeric, .byte])
        #expect(modes("abc12def") == [.byte])
        #expect(QRSegment.optimalSegments(for: "", version: 1).isEmpty)
    }

    @Test("capacities match the standard's table at the corners")
    func capacities() {
        #expect(SweepCase.capacity(version: 1, level: .low, mode: .numeric) == 41)
        #expect(SweepCase.capacity(version: 1, level: .low, mode: .alphanumeric) == 25)
        #expect(SweepCase.capacity(version: 1, level: .high, mode: .byte) == 7)
        #expect(SweepCase.capacity(version: 40, level: .low, mode: .numeric) == 7089)
        #expect(SweepCase.capacity(version: 40, level: .low, mode: .alphanumeric) == 4296)
        #expect(SweepCase.capacity(version: 40, level: .low, mode: .byte) == 2953)
        #expect(SweepCase.capacity(version: 40, level: .high, mode: .byte) == 1273)
    }

    @Test("automatic version is the smallest that fits")
    func smallestVersion() throws {
        #expect(try QRCode(encoding: String(repeating: "A", count: 25), errorCorrection: .low).version == 1)
        #expect(try QRCode(encoding: String(repeating: "A", count: 26), errorCorrection: .low).version == 2)
        #expect(try QRCode(encoding: "", errorCorrection: .high).version == 1)
    }
}
