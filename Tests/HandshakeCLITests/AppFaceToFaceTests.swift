import Foundation
import HandshakeTestSupport
import Testing

/// Face to face in `handshake app`, between two hosts: Ada's app and her browser (Chromium, driven by
/// Playwright: Browser/face_to_face.py) in one network namespace, Bob's `handshake nearby --select` in the
/// other. She looks for people, his request arrives live with the 6-digit code and their common friend, she
/// accepts, adds him and sends a note; both end with the other kept, verified, with both notes. Reports the
/// clicks from opening the screen to success and the time from the last click to success. Needs root,
/// iproute2, chromium and pip's playwright (scripts/install-test-tools); a missing one fails the test.
@Suite("Face to face in handshake app, between two hosts", .serialized, .timeLimit(.minutes(3)))
struct AppFaceToFaceTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/face_to_face.py")

    @Test("Ada in the browser, Bob at a terminal: request, accept, add, notes both ways")
    func faceToFace() async throws {
        try FileManager.default.createDirectory(at: AppBrowserTests.artifacts, withIntermediateDirectories: true)
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]

        // Ada's app, inside her namespace (the browser must be there too: the app answers on its loopback).
        let app = Process()
        app.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        app.arguments = pair.command(in: pair.first, [try CLI.binary.path, "app", "--no-open", "--port", String(CLI.serverPort())])
        app.environment = environment.merging(["HANDSHAKE_HOME": ada.home.path]) { $1 }
        let appOutput = Pipe()
        app.standardOutput = appOutput
        app.standardError = FileHandle.nullDevice
        try app.run()
        defer { app.terminate() }
        let url = try await Self.firstWord(of: appOutput, after: "Handshake is open at ")

        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        browser.arguments = pair.command(in: pair.first, ["python3", Self.script.path, url, AppBrowserTests.artifacts.path])
        browser.environment = ProcessInfo.processInfo.environment
        let browserOutput = Pipe(), browserErrors = Pipe()
        browser.standardOutput = browserOutput
        browser.standardError = browserErrors
        try browser.run()
        defer { if browser.isRunning { browser.terminate() } }
        let lines = PipeLines(browserOutput.fileHandleForReading)
        let ready = try await lines.next()
        try #require(ready == "ready", "the browser script stopped: \(String(decoding: browserErrors.fileHandleForReading.availableData, as: UTF8.self))")

        // Bob chooses her from his list, by the name her app shows.
        let bobs = try await CLI.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            pair.command(in: pair.second, [try CLI.binary.path, "nearby", "--select", "Ada Lovelace", "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"]),
            environment: environment.merging(["HANDSHAKE_HOME": bob.home.path]) { $1 })
        #expect(bobs.status == 0, "\(bobs.stdout)\(bobs.stderr)")
        guard let seenLine = try await lines.next() else {
            let errors = try await PipeLines(browserErrors.fileHandleForReading).rest()
            Issue.record("the browser script ended without its report: \(errors)\nBob: \(bobs.stdout)\(bobs.stderr)")
            return
        }
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(seenLine.utf8)) as? [String: Any])

        let bobEvents = bobs.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let bobsCode = bobEvents.first { $0["event"] as? String == "connected" }?["shortCode"] as? String
        #expect(seen["shortCode"] as? String == bobsCode, "both screens show the same code")
        #expect((seen["request"] as? String)?.hasPrefix("Bob Babbage asks to exchange cards.") == true)
        #expect((seen["liveText"] as? String)?.contains("Common friends: Carol Herschel") == true, "\(seen["liveText"] ?? "")")
        // The request's seconds left, from the session's own deadline (60 s and the answering side's grace).
        let countdown = (seen["countdown"] as? String) ?? ""
        let secondsLeft = Int(countdown.prefix { $0.isNumber }) ?? -1
        #expect(countdown.hasSuffix(" seconds left to answer.") && (1...65).contains(secondsLeft), "\(countdown)")
        #expect((seen["keep"] as? String)?.contains("Difference") == false && (seen["keep"] as? String)?.contains("Bob Babbage") == true)
        #expect(seen["notes"] as? [String] == ["They wrote: “Hello Ada”", "You wrote: “Hi Bob”"])
        #expect(seen["ending"] as? String == "The exchange is complete.", "\(seen["ending"] ?? "")")
        #expect(seen["contactHeading"] as? String == "Bob Babbage")
        #expect((seen["contactText"] as? String)?.contains("They wrote: “Hello Ada”") == true)
        #expect(seen["dialogs"] as? [String] == [])
        #expect(bobEvents.contains { $0["event"] as? String == "note" && $0["text"] as? String == "Hi Bob" })
        let clicks = seen["clicks"] as? Int ?? 0
        let seconds = seen["secondsFromLastClickToSuccess"] as? Double ?? -1
        print("face to face in the app: \(clicks) clicks from opening the screen to success; \(seconds) s from the last click to success")
        #expect(clicks == 4, "look, accept, add, send the note")
    }

    /// The first line of `pipe` that starts with `prefix`, without it.
    static func firstWord(of pipe: Pipe, after prefix: String) async throws -> String {
        let lines = PipeLines(pipe.fileHandleForReading)
        while let line = try await lines.next() {
            if line.hasPrefix(prefix) { return String(line.dropFirst(prefix.count)) }
        }
        throw Tool.Failure("the app printed no link")
    }
}
