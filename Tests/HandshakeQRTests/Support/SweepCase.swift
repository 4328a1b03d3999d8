import HandshakeTestSupport
@testable import HandshakeQR

/// One symbol of the sweep: a version, level and mode, with deterministic data filling the symbol to the
/// last character that fits, so every capacity boundary, block layout and terminator edge case is hit.
struct SweepCase: CustomStringConvertible, Sendable {
    let version: Int
    let level: QRErrorCorrection
    let mode: QRSegmentMode
    let mask: Int
    let payload: [UInt8]

    var description: String { "version \(version)-\(level.letter) \(mode) (\(payload.count) chars, mask \(mask))" }

    var segment: QRSegment {
        get throws {
            let text = String(decoding: payload, as: UTF8.self)
            switch mode {
            case .numeric: return try QRSegment.numeric(text)
            case .alphanumeric: return try QRSegment.alphanumeric(text)
            case .byte: return QRSegment.byte(payload)
            }
        }
    }

    func encode() throws -> QRCode {
        try QRCode(segments: [segment], errorCorrection: level, version: version, mask: mask)
    }

    /// Every version × level × mode. Masks cycle so all eight are exercised throughout.
    static let all: [SweepCase] = {
        var cases: [SweepCase] = []
        for version in 1...40 {
            for level in QRErrorCorrection.allCases {
                for mode in QRSegmentMode.allCases {
                    cases.append(SweepCase(version: version, level: level, mode: mode,
                                           mask: (version + level.rawValue * 3 + modeIndex(mode)) % 8,
                                           payload: data(version: version, level: level, mode: mode)))
                }
            }
        }
        return cases
    }()

    private static func modeIndex(_ mode: QRSegmentMode) -> Int {
        switch mode {
        case .numeric: 0
        case .alphanumeric: 1
        case .byte: 2
        }
    }

    /// Most characters of `mode` a single segment can carry at this version and level.
    static func capacity(version: Int, level: QRErrorCorrection, mode: QRSegmentMode) -> Int {
        let available = VersionTable.dataBits(version, level) - 4 - mode.characterCountBits(version: version)
        var count = 0
        while mode.payloadBits(count: count + 1) <= available { count += 1 }
        return count
    }

    private static func data(version: Int, level: QRErrorCorrection, mode: QRSegmentMode) -> [UInt8] {
        var random = SeededGenerator.sweep(seed: UInt64(version * 16 + level.rawValue * 4 + modeIndex(mode)))
        let count = capacity(version: version, level: level, mode: mode)
        switch mode {
        case .numeric:
            return (0..<count).map { _ in UInt8(0x30 + random.next(10)) }
        case .alphanumeric:
            let set = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)
            return (0..<count).map { _ in set[random.next(set.count)] }
        case .byte:
            // UTF-8 text with 1-, 2-, 3- and 4-byte characters and newlines, exactly `count` bytes long.
            let pieces = ["a", "z", "q", "é", "€", "🤝", "\n", " ", "~", "ß", "Ж", "x", "7", "{"]
            var bytes: [UInt8] = []
            while bytes.count < count {
                var piece = Array(pieces[random.next(pieces.count)].utf8)
                if bytes.count + piece.count > count { piece = [UInt8(ascii: "k")] }
                bytes += piece
            }
            return bytes
        }
    }
}

extension SeededGenerator {
    /// The sweep's generator, seeded as the sweep always was, so its cases stay the same.
    static func sweep(seed: UInt64) -> SeededGenerator { SeededGenerator(state: seed &* 0x9E37_79B9_7F4A_7C15 &+ 1) }
}
