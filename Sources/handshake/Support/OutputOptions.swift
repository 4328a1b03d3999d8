import ArgumentParser
import Foundation

/// `--json`, shared by every command that reports something.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON instead of text.")
    var json = false
}

/// Writing results: JSON for scripts, text for people, errors to standard error.
enum Output {
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func write(_ bytes: [UInt8], to path: String?) throws {
        if let path, path != "-" {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }
}
