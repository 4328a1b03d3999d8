import Foundation

/// Runs the outside programs the proofs rely on (zbarimg, python3 with segno, rsvg-convert).
///
/// A missing tool is an error naming the tool and how to install it, never a skipped test: a proof that
/// silently does not run proves nothing.
struct ExternalTool {
    let name: String
    let installHint: String

    static let zbarimg = ExternalTool(name: "zbarimg", installHint: "apt-get install zbar-tools (macOS: brew install zbar)")
    static let python3 = ExternalTool(name: "python3", installHint: "apt-get install python3 (macOS: brew install python)")
    static let rsvgConvert = ExternalTool(name: "rsvg-convert", installHint: "apt-get install librsvg2-bin (macOS: brew install librsvg)")

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    struct Output {
        let status: Int32
        let stdout: Data
        let stderr: Data
    }

    /// Full path of the tool on PATH, or a `Failure` saying how to install it.
    func location() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Failure(description: "`\(name)` is required for this test but was not found on PATH. Install it: \(installHint). "
                      + "(scripts/install-test-tools installs every tool the tests use.)")
    }

    /// Runs the tool to completion. stdin is written and stdout/stderr drained concurrently, so large
    /// outputs (segno matrices run to megabytes) cannot deadlock on a full pipe.
    func run(_ arguments: [String], stdin input: Data? = nil) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try location())
        process.arguments = arguments
        let inPipe = Pipe(), outPipe = Pipe(), errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()

        let group = DispatchGroup()
        let collected = Collected()
        DispatchQueue.global().async(group: group) {
            collected.setStdout(outPipe.fileHandleForReading.readDataToEndOfFile())
        }
        DispatchQueue.global().async(group: group) {
            collected.setStderr(errPipe.fileHandleForReading.readDataToEndOfFile())
        }
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: collected.stdout, stderr: collected.stderr)
    }
}

/// Output gathered from two reader threads.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data(), err = Data()
    var stdout: Data { lock.withLock { out } }
    var stderr: Data { lock.withLock { err } }
    func setStdout(_ data: Data) { lock.withLock { out = data } }
    func setStderr(_ data: Data) { lock.withLock { err = data } }
}

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("handshake-qr-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The folder holding the test helper scripts, found from this source file's location.
let scriptsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // HandshakeQRTests
    .appendingPathComponent("Scripts")
