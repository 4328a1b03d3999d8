import Foundation
import HandshakeTestSupport
import Testing

/// Face to face in `handshake app`, between two hosts: Ada's app and her browser (Chromium, driven by
/// Playwright: Browser/face_to_face.py) in one network namespace, Bob's `handshake nearby --select` in the
/// other. She looks for people, his request arrives live with the 6-digit code and their common friend, she
/// accepts, adds him and sends a note; both end with the other kept, verified, with both notes. Reports the
/// clicks from opening the screen to success and the time from the last click to success. Needs root,
/// iproute2, chromium and pip's playwright (scripts/install-test-tools); a missing one fails the test.
@Suite("Face to face in handshake app, between two hosts", .serialized, .timeLimit(.minutes(3)), .tags(.runsAlone))
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
        let app = try Self.app(in: pair.first, of: pair, home: ada.home, environment: environment)
        defer { app.process.terminate() }
        let url = try await Self.firstWord(of: app.output, after: "Handshake is open at ")
        let browser = try Self.browser(Self.script, url: url, in: pair.first, of: pair)
        defer { if browser.process.isRunning { browser.process.terminate() } }
        let (lines, browserErrors) = (browser.lines, browser.errors)
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

    static let chooser = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/face_to_face_chooser.py")

    @Test("two apps, two browsers: Bob chooses Ada from his list, she accepts, both add and write")
    func twoApps() async throws {
        try FileManager.default.createDirectory(at: AppBrowserTests.artifacts, withIntermediateDirectories: true)
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let adasApp = try Self.app(in: pair.first, of: pair, home: ada.home, environment: environment)
        defer { adasApp.process.terminate() }
        let bobsApp = try Self.app(in: pair.second, of: pair, home: bob.home, environment: environment)
        defer { bobsApp.process.terminate() }
        let adasURL = try await Self.firstWord(of: adasApp.output, after: "Handshake is open at ")
        let bobsURL = try await Self.firstWord(of: bobsApp.output, after: "Handshake is open at ")

        let adasBrowser = try Self.browser(Self.script, url: adasURL, in: pair.first, of: pair)
        defer { if adasBrowser.process.isRunning { adasBrowser.process.terminate() } }
        let ready = try await adasBrowser.lines.next()
        try #require(ready == "ready", "Ada's browser script stopped: \(String(decoding: adasBrowser.errors.fileHandleForReading.availableData, as: UTF8.self))")
        let bobsBrowser = try Self.browser(Self.chooser, url: bobsURL, in: pair.second, of: pair)
        defer { if bobsBrowser.process.isRunning { bobsBrowser.process.terminate() } }

        guard let adasLine = try await adasBrowser.lines.next(), let bobsLine = try await bobsBrowser.lines.next() else {
            let errors = try await PipeLines(adasBrowser.errors.fileHandleForReading).rest() + PipeLines(bobsBrowser.errors.fileHandleForReading).rest()
            Issue.record("a browser script ended without its report: \(errors)")
            return
        }
        let adaSaw = try #require(try JSONSerialization.jsonObject(with: Data(adasLine.utf8)) as? [String: Any])
        let bobSaw = try #require(try JSONSerialization.jsonObject(with: Data(bobsLine.utf8)) as? [String: Any])

        #expect((bobSaw["people"] as? String)?.contains("Ada Lovelace · 1 common friend") == true, "\(bobSaw["people"] ?? "")")
        #expect(adaSaw["shortCode"] as? String != nil && adaSaw["shortCode"] as? String == bobSaw["shortCode"] as? String, "both screens show the same code")
        #expect((adaSaw["request"] as? String)?.hasPrefix("Bob Babbage asks to exchange cards.") == true)
        #expect((adaSaw["liveText"] as? String)?.contains("Common friends: Carol Herschel") == true)
        #expect((bobSaw["liveText"] as? String)?.contains("Common friends: Carol Herschel") == true, "\(bobSaw["liveText"] ?? "")")
        #expect(adaSaw["notes"] as? [String] == ["They wrote: “Hello Ada”", "You wrote: “Hi Bob”"])
        #expect(bobSaw["notes"] as? [String] == ["They wrote: “Hi Bob”", "You wrote: “Hello Ada”"])
        #expect(adaSaw["ending"] as? String == "The exchange is complete." && bobSaw["ending"] as? String == "The exchange is complete.")
        #expect(adaSaw["contactHeading"] as? String == "Bob Babbage" && bobSaw["contactHeading"] as? String == "Ada Lovelace")
        #expect((bobSaw["contactText"] as? String)?.contains("They wrote: “Hi Bob”") == true)
        #expect(adaSaw["dialogs"] as? [String] == [] && bobSaw["dialogs"] as? [String] == [])
        // Both books, as the program reads them: the other, verified, with the meeting.
        for (person, other) in [(ada, "Bob Babbage"), (bob, "Ada Lovelace")] {
            let shown = try await person.run("contact", "show", other)
            #expect(shown.status == 0 && shown.stdout.contains("verified"), "\(shown.stdout)\(shown.stderr)")
        }
        let bobsClicks = bobSaw["clicks"] as? Int ?? 0, adasClicks = adaSaw["clicks"] as? Int ?? 0
        print("face to face, two apps: Bob \(bobsClicks) clicks (look, choose, add, note), Ada \(adasClicks); last click to success \(bobSaw["secondsFromLastClickToSuccess"] ?? "-") s (Bob), \(adaSaw["secondsFromLastClickToSuccess"] ?? "-") s (Ada)")
        #expect(bobsClicks == 4 && adasClicks == 4)
    }

    /// `handshake app --no-open` on `home`, inside `namespace`.
    static func app(in namespace: String, of pair: NetworkNamespacePair, home: URL, environment: [String: String]) throws -> (process: Process, output: Pipe) {
        let app = Process()
        app.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        app.arguments = pair.command(in: namespace, [try CLI.binary.path, "app", "--no-open", "--port", String(CLI.serverPort())])
        app.environment = environment.merging(["HANDSHAKE_HOME": home.path]) { $1 }
        let output = Pipe()
        app.standardOutput = output
        app.standardError = FileHandle.nullDevice
        try app.run()
        return (app, output)
    }

    /// A browser script inside `namespace` (the app answers on that namespace's loopback only).
    static func browser(_ script: URL, url: String, in namespace: String, of pair: NetworkNamespacePair) throws -> (process: Process, lines: PipeLines, errors: Pipe) {
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        browser.arguments = pair.command(in: namespace, ["python3", script.path, url, AppBrowserTests.artifacts.path])
        browser.environment = ProcessInfo.processInfo.environment
        let output = Pipe(), errors = Pipe()
        browser.standardOutput = output
        browser.standardError = errors
        try browser.run()
        return (browser, PipeLines(output.fileHandleForReading), errors)
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
