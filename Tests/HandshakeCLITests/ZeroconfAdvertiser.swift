import Foundation
import HandshakeTestSupport

/// A device on the other host that is not ours: python-zeroconf advertising one `_handshake._tcp` service inside
/// a network namespace (HandshakeNearbyTests/Conformance/mdns_advertise.py), with the request it is given
/// (`interface`, `instance`, `port`, `txt`, `seconds`).
final class ZeroconfAdvertiser {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("HandshakeNearbyTests/Conformance/mdns_advertise.py")

    let process = Process()
    /// What the script wrote to standard error, for a test that failed to say why.
    let errors = Pipe()

    /// Starts advertising inside `namespace` of `pair`.
    init(in namespace: String, of pair: NetworkNamespacePair, _ request: [String: Any]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = pair.command(in: namespace, ["python3", Self.script.path])
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = Pipe()
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
    }

    /// Ends it. SIGKILL: the test's threads block SIGTERM and the script inherits that mask, so `terminate()`
    /// would not end it before its `seconds`.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}
