// An OpenID4VP verifier written in Python (HandshakeCredentialsTests/Conformance/oid4vp_verifier_server.py)
// running on a loopback port for one test: it serves a signed request object and checks answers with PyJWT
// and joserfc, not with Handshake's code. The library's flow and the `handshake present` command are both
// tested against it.

import Foundation

/// The Python verifier, running until it is released.
public final class PythonVerifier {
    let process = Process()
    /// Where the verifier writes what it received, one JSON line per POST.
    public let log: URL
    /// The request link (`openid4vp://?client_id=…&request_uri=http://127.0.0.1:PORT/request`).
    public let link: String
    /// The verifier's `client_id`.
    public let clientID: String
    /// The server's base URL (`http://127.0.0.1:PORT`), for its other paths.
    public let base: String

    /// Starts the verifier, writing its log in `directory`; returns once it listens. Its first line is read
    /// on a thread of its own (``onOwnThread(_:)``): a Python start is slow on a loaded machine, and a read
    /// that blocked the cooperative pool (two threads in CI) held back every test beside it.
    public init(in directory: URL, testFile: String = #filePath) async throws {
        let script = try ArticleCode.packageRoot(of: testFile).appendingPathComponent("Tests/HandshakeCredentialsTests/Conformance/oid4vp_verifier_server.py")
        log = directory.appendingPathComponent("verifier-\(UUID().uuidString).log")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, log.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The first line names the link; the server is listening by then. A dead server ends the read.
        let reading = output.fileHandleForReading
        let line = try await onOwnThread { () throws -> Data in
            var line = Data()
            while let byte = try reading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) {
                line.append(byte)
            }
            return line
        }
        guard let first = try? JSONSerialization.jsonObject(with: line) as? [String: Any], let link = first["link"] as? String,
            let clientID = first["client_id"] as? String, let base = first["base"] as? String
        else { throw Failure(description: "the Python verifier did not start (python3 with PyJWT and joserfc is needed: scripts/install-test-tools)") }
        self.link = link
        self.clientID = clientID
        self.base = base
    }

    /// Why the verifier could not be used.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// What the verifier received, one entry per POST.
    public var received: [[String: Any]] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// A request link whose `request_uri` is `path` on this verifier (`/redirect`, `/huge`, `/slow`, …).
    public func link(requestPath path: String) -> String {
        link.replacingOccurrences(of: "%2Frequest", with: "%2F" + path.dropFirst().replacingOccurrences(of: "/", with: "%2F"))
    }

    deinit {
        // SIGKILL: the test process's threads block SIGTERM, and a child inherits that mask.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
