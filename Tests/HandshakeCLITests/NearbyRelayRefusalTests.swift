import Foundation
import HandshakeTestSupport
import Testing

/// What the device that typed a code says when the relay turns it away: the relay's own reason, when its time
/// runs out (the code may be shown on the network until it expires, so the network way looks until then). Two
/// connections of Python's `websockets` (Hostile/room_squatters.py) hold the code's room, whose name anyone who
/// saw the code's first three characters can make.
@Suite("a typed code the relay turns away", .timeLimit(.minutes(2)))
struct NearbyRelayRefusalTests {
    @Test("a full room: the run that reaches its time limit says the relay's 4409 and its sentence")
    func aFullRoomIsSaid() async throws {
        let ada = try await NearbyCommandTests.person("Ada Lovelace")
        // A code that parses: shown for a second by Ada's own device, then gone.
        let shown = try await ada.run("nearby", "--show-code", "--json", "--timeout", "1")
        let line = try #require(shown.stdout.split(separator: "\n").first, "\(shown.stderr)")
        let code = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["code"] as? String)
        let server = try await ServeCommandTests.Server.running()
        defer { server.process.terminate() }

        let seated = ada.file("seated"), release = ada.file("release")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile/room_squatters.py")
        let squatters = try PythonScript.Running(script, [
            "base": "ws://127.0.0.1:\(server.port)", "rendezvous": String(code.prefix(3)), "seatedFile": seated.path, "releaseFile": release.path,
        ])
        for _ in 0..<100 where !FileManager.default.fileExists(atPath: seated.path) { try await Task.sleep(for: .milliseconds(100)) }
        try #require(FileManager.default.fileExists(atPath: seated.path), "the squatters never took the room")

        // The run goes to its limit: the code may yet be shown on the network.
        let typed = try await ada.run("nearby", "--code", code, "--request", "--relay", server.url, "--timeout", "15")
        _ = FileManager.default.createFile(atPath: release.path, contents: nil)
        _ = try await squatters.result()
        #expect(typed.status != 0)
        #expect(
            typed.stderr.contains(
                "No exchange completed within 15 seconds. Through the server: Cannot meet through the server \(server.url): the relay ended the room (4409: Two are in this room already.). Nothing was stored."),
            "\(typed.stderr)")
    }
}
