import ArgumentParser
import Foundation
import HandshakeCore

/// `--json`, shared by every command that reports something.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "Print machine-readable JSON instead of text.")
    var json = false
}

/// Writing results: JSON for scripts, text for people, errors to standard error.
enum Output {
    /// `value` as indented JSON. Every scalar the terminal would escape (U+2028 and U+2029, bidirectional
    /// marks, invisible characters, C1 controls) is written as a JSON escape (`UntrustedText.jsonEscaped`):
    /// the JSON means the same and stays valid, and nothing in it reaches a terminal raw.
    static func json(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        write(json: try encoder.encode(value))
    }

    /// `value` as one line of JSON (a stream of events, one per line), escaped as ``json(_:)`` is.
    static func jsonLine(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        write(json: try encoder.encode(value))
    }

    /// JSON text an encoder made (`JSONEncoder`, `JSONSerialization`), escaped as ``json(_:)`` is, and a line
    /// feed, written at once.
    static func write(json data: Data) {
        let text = UntrustedText.jsonEscaped(String(decoding: data, as: UTF8.self))
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes a line at once, unbuffered: a person (or a script on a pipe) is waiting for this line, not for
    /// the program's end. (Not print plus fflush: flushing every stream would wait on standard input, which a
    /// terminal reader may hold while it waits for a line.)
    static func line(_ line: TerminalLine) {
        FileHandle.standardOutput.write(Data((line.description + "\n").utf8))
    }

    /// Writes the program's own terminal graphics (a QR code drawn with ANSI colours) unescaped: the one
    /// output that carries escape sequences on purpose. Never for text from outside.
    static func graphics(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ message: TerminalLine) {
        FileHandle.standardError.write(Data((message.description + "\n").utf8))
    }

    static func write(_ bytes: [UInt8], to path: String?) throws {
        if let path, path != "-" {
            try LocalFile.write(bytes, to: path)
        } else {
            FileHandle.standardOutput.write(Data(bytes))
        }
    }
}
