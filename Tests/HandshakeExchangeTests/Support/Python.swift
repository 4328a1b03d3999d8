import Foundation
import HandshakeTestSupport

/// The conformance scripts of this target (`Conformance/`), run by HandshakeTestSupport's `PythonScript`.
enum Python {
    static let conformance = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Conformance")

    static func run(_ script: String, _ input: [String: Any]) throws -> [String: Any] {
        try PythonScript.run(conformance.appendingPathComponent(script), input)
    }
}

extension Array where Element == UInt8 {
    init?(hex: String) {
        guard hex.utf8.count.isMultiple(of: 2) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hex.utf8.count / 2)
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self = bytes
    }

    var hex: String { map { String(format: "%02x", $0) }.joined() }
}
