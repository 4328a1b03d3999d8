import Foundation
import HandshakeTestSupport
import Testing

/// Face to face on any network, from the web app: Ada's `handshake app` shows a code to scan (the session token,
/// naming her server's relay), and Bob's `handshake nearby` reads a picture of it, on a device that no network
/// joins to hers (three namespaces: each device reaches only the server's). Both cards, both notes and the
/// common friend cross through the relay, and both sides keep the meeting with the server that carried it.
/// Needs root, iproute2, Chromium and Playwright (scripts/install-test-tools).
@Suite("Face to face in the app, through the server", .serialized, .tags(.runsAlone), .timeLimit(.minutes(3)))
struct AppTokenRelayTests {
    typealias Running = NearbyCommandTests.Running
    static let script = AppFaceToFaceTests.browserFolder.appendingPathComponent("face_to_face_token.py")

    @Test("the app shows a code to scan; the program reads a picture of it; both cards cross through the server")
    func aCodeToScanMeetsThroughTheRelay() async throws {
        try FileManager.default.createDirectory(at: AppBrowserTests.artifacts, withIntermediateDirectories: true)
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let triangle = try NetworkNamespaceTriangle()
        defer { triangle.remove() }
        let (server, port) = try await NearbyRelayNamespaceTests.serve(in: triangle)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let url = "http://\(triangle.serverHost):\(port)"
        let registered = try await Tool.run(arguments: triangle.command(
            in: triangle.first, ["env", "HANDSHAKE_HOME=\(ada.home.path)", try CLI.binary.path, "server", "register", "--server", url]))
        try #require(registered.status == 0, "\(registered.stderr)")

        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let app = try AppFaceToFaceTests.app(inside: triangle.command(in: triangle.first, []), home: ada.home, environment: environment)
        defer { app.process.terminate() }
        let launch = try await AppFaceToFaceTests.firstWord(of: app.output, after: "Handshake is open at ")
        let picture = bob.file("adas-code.png")
        let adas = try AppFaceToFaceTests.browser(
            Self.script, [launch, AppBrowserTests.artifacts.path, picture.path, "Hi Bob"], inside: triangle.command(in: triangle.first, []))
        defer { if adas.process.isRunning { adas.process.terminate() } }
        try await AppFaceToFaceTests.expectLine("shown", from: adas)

        let scanning = try Running(bob, ["nearby", "--token-in", picture.path, "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"], namespace: triangle.second)
        let bobEvents = try await NearbyNamespaceTests.finish(scanning)
        let adaSaw = try await AppFaceToFaceTests.report(of: adas)

        #expect(bobEvents.contains { $0["event"] as? String == "throughServer" && $0["server"] as? String == url }, "\(bobEvents)")
        #expect(bobEvents.last?["outcome"] as? String == "completed", "\(bobEvents)")
        #expect((adaSaw["shown"] as? String)?.contains("It works once, within a minute, and meets through your server") == true, "\(adaSaw["shown"] ?? "")")
        AppFaceToFaceTests.expectSuccess(adaSaw, them: "Bob Babbage", theirNote: "Hello Ada", ourNote: "Hi Bob")
        for key in ["shownAxe", "successAxe", "notesAxe"] { #expect(adaSaw[key] as? [String] == [], "axe-core on \(key): \(adaSaw[key] ?? "")") }
        for (person, other) in [(ada, "Bob"), (bob, "Ada")] {
            let shown = try await person.run("contact", "show", other).stdout
            #expect(shown.contains("through the server \(triangle.serverHost);") && shown.contains("1 common friend"), "\(shown)")
        }
    }
}
