import Foundation

/// A test target's `Conformance/` folder of Python scripts, and the one way the tests run them: a JSON
/// object on standard input, the JSON object the script prints read back (``PythonScript``).
///
/// Each target declares its folder once, from any of its source files:
/// `let Python = ConformanceScripts()` finds `Tests/<Target>/Conformance` above that file.
public struct ConformanceScripts: Sendable {
    /// The folder.
    public let folder: URL

    /// The `Conformance` folder of the test target that holds `testFile`.
    public init(_ testFile: String = #filePath) {
        var target = URL(fileURLWithPath: testFile).deletingLastPathComponent()
        while target.deletingLastPathComponent().lastPathComponent != "Tests", target.path != "/" {
            target = target.deletingLastPathComponent()
        }
        folder = target.appendingPathComponent("Conformance")
    }

    /// Runs `script` to its end and returns what it printed, holding no thread while it runs.
    public func run(_ script: String, _ input: [String: Any], arguments: [String] = []) async throws -> [String: Any] {
        try await PythonScript.run(folder.appendingPathComponent(script), input, arguments: arguments)
    }

    /// Starts `script` in the background (`prefix` goes before `python3`, e.g. `ip netns exec NS`).
    public func start(_ script: String, _ input: [String: any Sendable], prefix: [String] = []) throws -> PythonScript.Running {
        try PythonScript.Running(folder.appendingPathComponent(script), input, prefix: prefix)
    }

    /// Runs `script` to its end with `prefix` before `python3` (`ip netns exec NS`), holding no thread while it runs.
    public func run(_ script: String, _ input: [String: any Sendable], prefix: [String]) async throws -> [String: Any] {
        try await start(script, input, prefix: prefix).result()
    }
}
