import Foundation
import HandshakeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `handshake nearby` where no network joins the two devices (docs/protocols/nearby-relay.md): each in a
/// network namespace of its own, with no route to the other and no shared link (no multicast), and both with
/// a route to a third holding `handshake serve`. One device writes its session token as a QR code (a PNG),
/// the other reads the picture, and the exchange completes through the server's relay, in both roles, with
/// notes and common friends, each screen saying it went through the server. A relay that tampers (a flipped
/// bit, every message sent back to its sender) gets nothing kept on either side. Needs root, iproute2 and
/// Python's websockets (scripts/install-test-tools); a missing one fails the test.
@Suite("handshake nearby through the relay", .serialized, .timeLimit(.minutes(3)))
struct NearbyRelayNamespaceTests {
    typealias Running = NearbyCommandTests.Running

    /// A process started inside `namespace` with `home`, stopped by ``Process/stop(grace:)``.
    static func start(_ arguments: [String], in namespace: String, home: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ip", "netns", "exec", namespace] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["HANDSHAKE_HOME": home.path]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `handshake serve` in `triangle`'s server namespace on a free port, once it answers.
    static func serve(in triangle: NetworkNamespaceTriangle) async throws -> (Process, Int) {
        let port = CLI.serverPort()
        let server = try start(
            [try CLI.binary.path, "serve", "--host", triangle.serverHost, "--port", String(port), "--database", "sqlite::memory:"],
            in: triangle.server, home: try CLI().home)
        try await awaitServer(triangle, port: port)
        return (server, port)
    }

    /// Waits until the server in `triangle`'s server namespace answers `/health` from the first device.
    static func awaitServer(_ triangle: NetworkNamespaceTriangle, port: Int) async throws {
        for _ in 0..<100 {
            let probe = try await Tool.run(arguments: triangle.command(in: triangle.first, ["curl", "-s", "-m", "1", "http://\(triangle.serverHost):\(port)/health"]))
            if probe.stdout.contains("ok") { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("the server in \(triangle.server) never answered")
    }

    @Test("one scan of the token's QR code swaps both cards through the server, whoever shows it", arguments: [false, true])
    func throughTheRelay(bobShows: Bool) async throws {
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let triangle = try NetworkNamespaceTriangle()
        defer { triangle.remove() }
        let (server, port) = try await Self.serve(in: triangle)
        // Killed on every way out (a `defer` cannot wait); stopped in order at the end.
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        // The two devices cannot reach each other.
        let across = try await Tool.run(arguments: triangle.command(in: triangle.first, ["curl", "-s", "-m", "1", "http://\(triangle.secondHost):9/"]))
        #expect(across.status != 0)

        let (shower, scanner) = bobShows ? (bob, ada) : (ada, bob)
        let (showerSpace, scannerSpace) = bobShows ? (triangle.second, triangle.first) : (triangle.first, triangle.second)
        let picture = shower.file("token.png")
        let showing = try Running(
            shower,
            ["nearby", "--token-out", picture.path, "--relay", "http://\(triangle.serverHost):\(port)", "--yes", "--note", bobShows ? "Hello Ada" : "Hi Bob",
             "--json", "--timeout", "60"], namespace: showerSpace)
        #expect(try #require(try await showing.nextEvent())["event"] as? String == "tokenWritten")
        #expect(try await Tool.require("identify", "-format", "%m", picture.path) == "PNG", "the token is a picture of its QR code")
        let scanning = try Running(
            scanner, ["nearby", "--token-in", picture.path, "--yes", "--note", bobShows ? "Hi Bob" : "Hello Ada", "--json", "--timeout", "60"],
            namespace: scannerSpace)
        let scannerEvents = try await NearbyNamespaceTests.finish(scanning), showerEvents = try await NearbyNamespaceTests.finish(showing)
        for events in [scannerEvents, showerEvents] {
            #expect(events.contains { $0["event"] as? String == "throughServer" && $0["server"] as? String == "http://\(triangle.serverHost):\(port)" }, "\(events)")
        }
        let (adaEvents, bobEvents) = bobShows ? (scannerEvents, showerEvents) : (showerEvents, scannerEvents)
        try await NearbyNamespaceTests.expectSwapped(ada, adaEvents, bob, bobEvents, source: "nfc")
        // The meeting keeps the server that carried it, on both sides.
        for (person, other) in [(ada, "Bob"), (bob, "Ada")] {
            let shown = try await person.run("contact", "show", other).stdout
            #expect(shown.contains("face to face, by a tap or a typed code, through the server \(triangle.serverHost);"), "\(shown)")
        }
        await server.stop()
    }

    @Test("a short code typed on one device and shown on the other swaps both cards through the server, whoever shows it", arguments: [false, true])
    func aShortCodeThroughTheRelay(bobShows: Bool) async throws {
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let triangle = try NetworkNamespaceTriangle()
        defer { triangle.remove() }
        let (server, port) = try await Self.serve(in: triangle)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let relay = "http://\(triangle.serverHost):\(port)"
        let (shower, typer) = bobShows ? (bob, ada) : (ada, bob)
        let (showerSpace, typerSpace) = bobShows ? (triangle.second, triangle.first) : (triangle.first, triangle.second)
        let showing = try Running(
            shower, ["nearby", "--show-code", "--accept", "--relay", relay, "--yes", "--note", bobShows ? "Hello Ada" : "Hi Bob", "--json", "--timeout", "60"],
            namespace: showerSpace)
        let shown = try #require(try await showing.nextEvent())
        let code = try #require(shown["code"] as? String, "\(shown)")
        let typing = try Running(
            typer, ["nearby", "--code", code, "--request", "--relay", relay, "--yes", "--note", bobShows ? "Hi Bob" : "Hello Ada", "--json", "--timeout", "60"],
            namespace: typerSpace)
        let typerEvents = try await NearbyNamespaceTests.finish(typing), showerEvents = try await NearbyNamespaceTests.finish(showing)
        for events in [typerEvents, showerEvents] {
            #expect(events.contains { $0["event"] as? String == "throughServer" && $0["server"] as? String == relay }, "\(events)")
        }
        let (adaEvents, bobEvents) = bobShows ? (typerEvents, showerEvents) : (showerEvents, typerEvents)
        try await NearbyNamespaceTests.expectSwapped(ada, adaEvents, bob, bobEvents, source: "code")
        await server.stop()
    }

    @Test("a reader written from the docs alone (Python: ndeflib, hmac, websockets, noiseprotocol) meets the program through the relay")
    func aReaderFromTheDocs() async throws {
        let (ada, _) = try await NearbyNamespaceTests.people()
        let triangle = try NetworkNamespaceTriangle()
        defer { triangle.remove() }
        let (server, port) = try await Self.serve(in: triangle)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let token = ada.file("token.ndef")
        let showing = try Running(
            ada, ["nearby", "--token-out", token.path, "--relay", "http://\(triangle.serverHost):\(port)", "--yes", "--json", "--timeout", "15"],
            namespace: triangle.first)
        #expect(try #require(try await showing.nextEvent())["event"] as? String == "tokenWritten")
        let reader = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile/relay_reader.py")
        let read = try await Tool.run(arguments: triangle.command(in: triangle.second, ["python3", reader.path, token.path]))
        try #require(read.status == 0, "\(read.stderr)")
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any], "\(read.stdout)")
        #expect(seen["established"] as? Bool == true, "the channel opened through the relay: \(seen)")
        #expect((seen["kinds"] as? [Int])?.isEmpty == false, "a sealed message of the program's arrived and opened: \(seen)")
        let adaEvents = try await NearbyNamespaceTests.finish(showing)
        #expect(adaEvents.contains { $0["event"] as? String == "throughServer" } && adaEvents.contains { $0["event"] as? String == "connected" }, "\(adaEvents)")
        #expect(adaEvents.last?["outcome"] as? String != "completed", "the reader sent no card: \(adaEvents)")
        await server.stop()
    }

    @Test("a relay that tampers gets nothing kept: a flipped bit, or every message sent back to its sender", arguments: ["flip", "reflect"])
    func aTamperingRelay(mode: String) async throws {
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let triangle = try NetworkNamespaceTriangle()
        defer { triangle.remove() }
        let port = CLI.serverPort()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Hostile/hostile_relay.py")
        let relay = try Self.start(["python3", script.path, triangle.serverHost, String(port), mode], in: triangle.server, home: ada.home)
        defer { if relay.isRunning { kill(relay.processIdentifier, SIGKILL) } }
        for _ in 0..<100 {
            let probe = try await Tool.run(arguments: triangle.command(in: triangle.first, ["curl", "-s", "-m", "1", "-o", "/dev/null", "-w", "%{http_code}", "http://\(triangle.serverHost):\(port)/"]))
            if probe.stdout != "000" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let token = ada.file("token.png")
        let showing = try Running(
            ada, ["nearby", "--token-out", token.path, "--relay", "http://\(triangle.serverHost):\(port)", "--yes", "--note", "Hi Bob", "--json", "--timeout", "15"],
            namespace: triangle.first)
        #expect(try #require(try await showing.nextEvent())["event"] as? String == "tokenWritten")
        let scanning = try Running(bob, ["nearby", "--token-in", token.path, "--yes", "--note", "Hello Ada", "--json", "--timeout", "15"], namespace: triangle.second)
        let bobEvents = try await NearbyNamespaceTests.finish(scanning), adaEvents = try await NearbyNamespaceTests.finish(showing)
        for events in [adaEvents, bobEvents] {
            #expect(events.last?["outcome"] as? String != "completed", "\(events)")
            #expect(!events.contains { $0["event"] as? String == "received" }, "no card crossed: \(events)")
        }
        #expect(bobEvents.contains { $0["event"] as? String == "throughServer" }, "the reader met the relay: \(bobEvents)")
        #expect(try await ada.run("contact", "list").stdout.contains("Bob") == false)
        #expect(try await bob.run("contact", "list").stdout.contains("Ada") == false)
        await relay.stop()
    }
}
