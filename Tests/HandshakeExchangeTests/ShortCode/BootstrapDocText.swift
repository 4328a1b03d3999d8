import Foundation
import Testing

/// For docs/protocols/nearby-bootstrap.md: hex in the docs' style (32 bytes a line, indented by four) and a check that a doc holds a regenerated block.
enum BootstrapDocText {
    static func hexLines(_ bytes: [UInt8]) -> String {
        stride(from: 0, to: max(bytes.count, 1), by: 32).map { "    " + Array(bytes[$0..<min($0 + 32, bytes.count)]).hex }
            .joined(separator: "\n")
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Records an issue (and writes the block to a temporary file) unless `doc` contains `block`.
    static func expect(_ doc: String, contains block: String, name: String) {
        let text = (try? String(contentsOf: root.appendingPathComponent(doc), encoding: .utf8)) ?? ""
        if !text.contains(block) {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).md")
            try? block.write(to: out, atomically: true, encoding: .utf8)
            Issue.record("\(doc) lacks the regenerated \(name); it is in \(out.path)")
        }
    }
}
