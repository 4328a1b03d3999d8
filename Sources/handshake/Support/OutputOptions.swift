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

    /// Writes a line at once, unbuffered: a person (or a script on a pipe) is waiting for this line, not for
    /// the program's end. (Not print plus fflush: flushing every stream would wait on standard input, which a
    /// terminal reader may hold while it waits for a line.)
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((TerminalText.escaped(text) + "\n").utf8))
    }

    /// Writes the program's own terminal graphics (a QR code drawn with ANSI colours) unescaped: the one
    /// output that carries escape sequences on purpose. Never for text from outside.
    static func graphics(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ message: String) {
        FileHandle.standardError.write(Data((TerminalText.escaped(message) + "\n").utf8))
    }

    static func write(_ bytes: [UInt8], to path: String?) throws {
        if let path, path != "-" {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }
}
