import Foundation
import Testing

@_spi(Testing) @_spi(Wire) @testable import HandshakeExchange

/// Our channel against a peer we did not write: `Conformance/noise_peer.py` (the `noiseprotocol` package,
/// with the commitment, prologue, short code and record layer written from docs/protocols/nearby-channel.md),
/// as a subprocess speaking the real frame format over its standard input and output.
@Suite("Secure channel: Python peer", .serialized)
struct ChannelPythonPeerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let ourRole: ChannelRole
        let withSecret: Bool
        var testDescription: String { "we are \(ourRole), \(withSecret ? "session secret" : "compare code")" }
    }

    static let cases = [ChannelRole.initiator, .responder].flatMap { role in
        [false, true].map { Case(ourRole: role, withSecret: $0) }
    }

    @Test(arguments: cases)
    func handshakeAndMessagesBothWays(_ setup: Case) throws {
        let secretBytes = patternBytes(count: 32, seed: 0x77)
        let secret = setup.withSecret ? SessionSecret(bytes: secretBytes) : nil
        var arguments = [setup.ourRole == .initiator ? "responder" : "initiator", setup.withSecret ? "session-secret" : "compare-code"]
        if setup.withSecret { arguments.append(secretBytes.hex) }
        let peer = try PeerProcess(script: "noise_peer.py", arguments: arguments)
        defer { peer.stop() }

        var channel = SecureChannel(role: setup.ourRole, secret: secret)
        var summary: ChannelSummary?
        var inbox: [ChannelMessage] = []
        try peer.write(channel.start())

        func pump(until done: () -> Bool) throws {
            while !done() {
                let chunk = peer.read()
                guard !chunk.isEmpty else { throw PeerProcess.Ended(stderr: peer.stop()) }
                for output in try channel.receive(chunk) {
                    switch output {
                    case .send(let bytes): try peer.write(bytes)
                    case .established(let established): summary = established
                    case .message(let type, let payload): inbox.append(ChannelMessage(type: type, payload: payload))
                    }
                }
            }
        }

        // The handshake, then the peer's two messages: its own view of the session, and 100 KB.
        try pump { inbox.count >= 2 }
        let ours = try #require(summary)
        #expect(inbox[0].type == 0x10)
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(inbox[0].payload)) as? [String: Any])
        #expect(theirs["handshake_hash"] as? String == ours.handshakeHash.hex)
        if setup.withSecret {
            #expect(theirs["short_code"] is NSNull)
            #expect(ours.shortCode == nil)
        } else {
            #expect(theirs["short_code"] as? String == ours.shortCode)
        }
        #expect(inbox[1] == ChannelMessage(type: 0x11, payload: patternBytes(count: 100_000, seed: 3)))

        // Ours to the peer: each comes back with its type's top bit set and its payload reversed.
        let sent = [
            ChannelMessage(type: 0x21, payload: Array("hello from Swift".utf8)),
            ChannelMessage(type: 0x22, payload: []),
            ChannelMessage(type: 0x23, payload: patternBytes(count: 70_000, seed: 9)),
            ChannelMessage(type: 0x24, payload: patternBytes(count: NearbyProtocol.maximumMessageSize, seed: 1)),
        ]
        for message in sent {
            try peer.write(channel.seal(type: message.type, payload: message.payload))
            let expected = inbox.count + 1
            try pump { inbox.count >= expected }
            #expect(inbox.last == ChannelMessage(type: message.type | 0x80, payload: message.payload.reversed()))
        }
        try peer.write(channel.seal(type: 0x00, payload: []))
        let status = peer.wait()
        #expect(status == 0, "\(peer.stop())")
    }
}

/// A script of `Conformance/` run with pipes on its standard input and output; its standard error goes to a file.
final class PeerProcess {
    struct Ended: Error, CustomStringConvertible {
        let stderr: String
        var description: String { "the peer ended early: \(stderr)" }
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errorURL: URL

    init(script: String, arguments: [String]) throws {
        signal(SIGPIPE, SIG_IGN)  // a peer that died makes our write fail, not the test process
        errorURL = FileManager.default.temporaryDirectory.appendingPathComponent("noise-peer-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", python.folder.appendingPathComponent(script).path] + arguments
        process.currentDirectoryURL = python.folder
        process.standardInput = input
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
    }

    func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        try input.fileHandleForWriting.write(contentsOf: Data(bytes))
    }

    /// Whatever the peer has written next; empty once it has closed its output.
    func read() -> [UInt8] {
        Array(output.fileHandleForReading.availableData)
    }

    func wait() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends the peer if it still runs, and returns what it wrote on its standard error.
    @discardableResult
    func stop() -> String {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: errorURL)
        return text
    }
}
