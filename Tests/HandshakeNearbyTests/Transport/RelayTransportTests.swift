import Foundation
@_spi(Wire) import HandshakeExchange
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeNearby

/// The relay's WebSocket as the client sees it, against a relay written with Python's standard library
/// (`Conformance/eager_relay.py`).
@Suite("The relay's WebSocket, from the device's side", .timeLimit(.minutes(1)))
struct RelayTransportTests {
    /// The second device into a room whose first has spoken gets those bytes at once, right behind the 101
    /// answer; on a busy machine both arrive in one read. The bytes after the answer are the room's first
    /// message and must reach the reader: when they were dropped, a typed code's SHOWN frame was lost and
    /// both devices waited out their time in one room (a CI run under load).
    @Test("a first message in the same write as the 101 answer reaches the room's reader, and the reply goes back masked")
    func aMessageBehindTheUpgrade() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let portFile = folder.appendingPathComponent("port")
        let message: [UInt8] = [0x00, 0x01, 0x53] + Array("held while the room waited".utf8)
        let relay = try ConformanceScripts().start(
            "eager_relay.py", ["portFile": portFile.path, "message": message.map { String(format: "%02x", $0) }.joined(), "seconds": 10])
        var port: Int?
        for _ in 0..<100 where port == nil {
            port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
            if port == nil { try await Task.sleep(for: .milliseconds(50)) }
        }
        let server = try RelayServer(origin: "http://127.0.0.1:\(try #require(port, "the relay script never listened"))")
        let reply = Array("and this is the answer".utf8)
        let first = try await RelayTransport.run(server, room: RelayRoom(rendezvous: "ABC")) { transport in
            var received: [UInt8] = []
            for try await chunk in transport.incoming {
                received += chunk
                if received.count >= message.count { break }
            }
            try await transport.send(reply)
            return received
        }
        #expect(first == message)
        let seen = try await relay.result()
        #expect(seen["path"] as? String == "/v1/relay/" + RelayRoom(rendezvous: "ABC").text)
        #expect(seen["opcode"] as? Int == 2 && seen["masked"] as? Bool == true, "a binary frame, masked as RFC 6455 §5.3 requires: \(seen)")
        #expect(seen["received"] as? String == reply.map { String(format: "%02x", $0) }.joined(), "\(seen)")
    }

    /// A relay that refuses the seat sends its 101 answer, the close frame that says why and its FIN together
    /// (as the mailbox does); read at once, the close frame must still reach the room's reader, so the person
    /// hears the relay's reason, not only that the room ended.
    @Test("a refusal right behind the 101 answer, with the connection's end, is read with its reason")
    func aRefusalBehindTheUpgrade() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for _ in 0..<10 {
            let portFile = folder.appendingPathComponent("port-\(UUID().uuidString)")
            let relay = try ConformanceScripts().start("eager_relay.py", ["portFile": portFile.path, "message": "", "seconds": 10, "refuse": true])
            var port: Int?
            for _ in 0..<100 where port == nil {
                port = (try? String(contentsOf: portFile, encoding: .utf8)).flatMap { Int($0) }
                if port == nil { try await Task.sleep(for: .milliseconds(50)) }
            }
            let server = try RelayServer(origin: "http://127.0.0.1:\(try #require(port, "the relay script never listened"))")
            let ended: String? = try await RelayTransport.run(server, room: RelayRoom(rendezvous: "ABC")) { transport in
                do {
                    for try await _ in transport.incoming {}
                    return nil
                } catch {
                    return "\(error)"
                }
            }
            _ = try await relay.result()
            #expect(ended == NearbyTransportError.relayUnavailable(
                server: server.origin, reason: "the relay ended the room (4409: Two are in this room already.)").description)
        }
    }

    /// A relay nobody runs: the sentence says so in the system's words, not the socket library's type names
    /// ("Connection errors: SingleConnectionFailure(target: [IPv4]…").
    @Test("a relay that is not there is said in words")
    func aRelayThatIsNotThere() async throws {
        // Port 9 (discard) on loopback: nothing listens there on a test machine.
        let server = try RelayServer(origin: "http://127.0.0.1:9")
        await #expect(
            throws: NearbyTransportError.relayUnavailable(server: "http://127.0.0.1:9", reason: "nothing answers at that address and port (connection refused)")
        ) {
            try await RelayTransport.run(server, room: RelayRoom(rendezvous: "ABC")) { _ in }
        }
    }
}
