import Foundation
import Testing
@testable import HandshakeQR

/// Proof against an implementation we did not write: for the same version, level, mask and segment,
/// every module of our symbol equals segno's (PyPI), across all 40 versions × 4 levels × 3 modes.
@Suite("Matrices equal segno's")
struct SegnoComparisonTests {
    /// segno's answer for one request.
    struct Reference: Decodable {
        let version: Int?
        let mask: Int?
        let modules: String?
        let error: String?
    }

    /// Runs the helper script over `cases`; `forceMask: false` lets segno choose the mask too.
    static func references(for cases: [SweepCase], forceMask: Bool) throws -> [Reference] {
        let items: [[String: Any]] = cases.map { item in
            let data: String = item.mode == .byte
                ? item.payload.map { String(format: "%02x", $0) }.joined()
                : String(decoding: item.payload, as: UTF8.self)
            return ["version": item.version, "ec": item.level.letter, "mode": item.mode.description,
                    "mask": forceMask ? item.mask : NSNull(), "data": data]
        }
        let input = try JSONSerialization.data(withJSONObject: items)
        let script = scriptsDirectory.appendingPathComponent("segno_matrices.py").path
        let output = try ExternalTool.python3.run([script], stdin: input)
        guard output.status == 0 else {
            let message = String(decoding: output.stderr, as: UTF8.self)
            throw ExternalTool.Failure(description: output.status == 3
                ? "python3 module `segno` is missing: install it with `python3 -m pip install segno`. \(message)"
                : "segno helper failed (status \(output.status)): \(message)")
        }
        let lines = output.stdout.split(separator: UInt8(ascii: "\n"))
        try #require(lines.count == cases.count, "segno helper returned \(lines.count) results for \(cases.count) requests")
        return try lines.map { try JSONDecoder().decode(Reference.self, from: Data($0)) }
    }

    static func modules(of code: QRCode) -> String {
        var text = ""
        text.reserveCapacity(code.size * code.size)
        for y in 0..<code.size {
            for x in 0..<code.size { text.append(code[x, y] ? "1" : "0") }
        }
        return text
    }

    /// Four groups (one per level) so the suite uses both cores.
    @Test("forced mask, all versions and modes", arguments: QRErrorCorrection.allCases)
    func forcedMask(level: QRErrorCorrection) throws {
        let cases = SweepCase.all.filter { $0.level == level }
        let references = try Self.references(for: cases, forceMask: true)
        var mismatches = 0
        for (item, reference) in zip(cases, references) {
            if let error = reference.error {
                Issue.record("segno refused \(item): \(error)")
                mismatches += 1
                continue
            }
            let code = try item.encode()
            if Self.modules(of: code) != reference.modules {
                Issue.record("\(item): modules differ from segno's")
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    /// The mask-choice rules are where encoders most often disagree; with segno's reading of the
    /// ambiguous finder-pattern rule we should choose the same mask, and so draw the same symbol.
    @Test("automatic mask choice agrees with segno")
    func automaticMask() throws {
        let cases = SweepCase.all.filter { $0.version % 4 == 1 || $0.version <= 3 }
        let references = try Self.references(for: cases, forceMask: false)
        for (item, reference) in zip(cases, references) {
            let code = try QRCode(segments: [item.segment], errorCorrection: item.level, version: item.version)
            #expect(code.mask == reference.mask, "\(item): we chose mask \(code.mask), segno \(reference.mask ?? -1)")
            #expect(Self.modules(of: code) == reference.modules, "\(item): modules differ")
        }
    }
}
