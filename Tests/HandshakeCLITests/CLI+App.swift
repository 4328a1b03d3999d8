import Foundation
import HandshakeTestSupport
import Testing

extension CLI {
    /// A running `handshake app --no-open` on this home, and the launch URL it printed (with the secret).
    /// The caller terminates the process.
    func startApp() async throws -> (process: Process, url: String) {
        let app = Process()
        app.executableURL = try CLI.binary
        app.arguments = ["app", "--no-open", "--port", String(CLI.serverPort())]
        app.environment = ProcessInfo.processInfo.environment.merging(["HANDSHAKE_HOME": home.path]) { $1 }
        let output = Pipe()
        app.standardOutput = output
        app.standardError = FileHandle.nullDevice
        try app.run()
        let firstLine = try await onOwnThread { [output] () -> String in
            var bytes = Data()
            while !bytes.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                bytes.append(chunk)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        let words = (firstLine.split(separator: "\n").first ?? "").split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        // The app's own loopback address (127.x.y.z, chosen once per home).
        guard let url = words.last, url.hasPrefix("http://127."), url.contains("/contacts?secret=") else {
            app.terminate()
            throw AppLaunchError(firstLine: firstLine)
        }
        return (app, url)
    }
}

/// `handshake app` printed something other than its launch link.
struct AppLaunchError: Error, CustomStringConvertible {
    let firstLine: String
    var description: String { "handshake app printed no launch link: \(firstLine)" }
}
