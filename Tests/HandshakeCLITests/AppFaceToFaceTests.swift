import Foundation
import HandshakeTestSupport
import Testing

/// Face to face in `handshake app` as seed 001 draws it, between two hosts (two network namespaces), each app
/// driven in Chromium by Playwright (Browser/face_to_face*.py): a request arriving while Ada is on Contacts
/// shows as a banner and Accept there completes it (Bob at a terminal); two apps whose people tap each other go
/// straight to the cards in 3 clicks a side plus the note (tap, Exchange, Done); and a person who closes their
/// page after the cards crossed is told to the other within 5 s, and their reopened page asks nothing; Cancel,
/// Cancel request and Decline each give both people their lists back, and a later attempt completes; and Face to
/// face's own scanner, given a picture of the code another device shows, opens that exchange. axe-core
/// finds nothing on any Face to face state. Needs root, iproute2, chromium, pip's playwright and
/// axe-playwright-python (scripts/install-test-tools); a missing one fails the test.
@Suite("Face to face in handshake app, between two hosts", .serialized, .timeLimit(.minutes(3)), .tags(.runsAlone))
struct AppFaceToFaceTests {
    static let browserFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser")
    static let script = browserFolder.appendingPathComponent("face_to_face.py")

    @Test("Ada on Contacts, Bob at a terminal: the banner's Accept completes the exchange")
    func bannerOnAnotherScreen() async throws {
        try FileManager.default.createDirectory(at: AppBrowserTests.artifacts, withIntermediateDirectories: true)
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]

        // Ada's app, inside her namespace (the browser must be there too: the app answers on its loopback).
        let app = try Self.app(in: pair.first, of: pair, home: ada.home, environment: environment)
        defer { app.process.terminate() }
        let url = try await Self.firstWord(of: app.output, after: "Handshake is open at ")
        let browser = try Self.browser(Self.script, [url, AppBrowserTests.artifacts.path], in: pair.first, of: pair)
        defer { if browser.process.isRunning { browser.process.terminate() } }
        let ready = try await browser.lines.next()
        try #require(ready == "ready", "the browser script stopped: \(String(decoding: browser.errors.fileHandleForReading.availableData, as: UTF8.self))")

        // Bob chooses her from his list, by the name her app shows.
        let bobs = try await CLI.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            pair.command(in: pair.second, [try CLI.binary.path, "nearby", "--select", "Ada Lovelace", "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"]),
            environment: environment.merging(["HANDSHAKE_HOME": bob.home.path]) { $1 })
        #expect(bobs.status == 0, "\(bobs.stdout)\(bobs.stderr)")
        let seen = try await Self.report(of: browser, also: "Bob: \(bobs.stdout)\(bobs.stderr)")

        let bobEvents = bobs.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(seen["showNameUnticked"] as? Bool == true, "Show my name is off by default")
        #expect(seen["tickKept"] as? Bool == true, "Show my name, ticked before the first live update, stays ticked")
        #expect((seen["banner"] as? String)?.contains("Bob Babbage asks to exchange cards.") == true, "\(seen["banner"] ?? "")")
        Self.expectSuccess(seen, them: "Bob Babbage", theirNote: "Hello Ada", ourNote: "Hi Bob")
        #expect(bobEvents.contains { $0["event"] as? String == "note" && $0["text"] as? String == "Hi Bob" })
        for key in ["startAxe", "bannerAxe"] { #expect(seen[key] as? [String] == [], "axe-core on \(key): \(seen[key] ?? "")") }
        print("face to face in the app, the banner: \(seen["clicks"] ?? "-") clicks after looking (Accept on the banner, Accept and exchange cards, Done) plus the note")
        #expect(seen["clicks"] as? Int == 3, "Accept, Accept and exchange cards under her own card (EX-2), Done")
        let reviewed = seen["reviewed"] as? String ?? ""
        #expect(reviewed.contains("Your card") && reviewed.contains("Ada Lovelace") && reviewed.contains("1 common friend: Carol Herschel"), "EX-2: \(reviewed)")
        #expect(seen["reviewedAxe"] as? [String] == [], "axe-core on EX-2: \(seen["reviewedAxe"] ?? "")")
    }

    /// Ada's and Bob's apps, each on its own host of one namespace pair (with Carol as their common friend),
    /// for `body` with the addresses the apps print; the apps are stopped and the namespaces removed after.
    static func withTwoApps(
        before prepare: (_ ada: CLI, _ bob: CLI) async throws -> Void = { _, _ in },
        _ body: (_ ada: CLI, _ bob: CLI, _ pair: NetworkNamespacePair, _ adasURL: String, _ bobsURL: String) async throws -> Void
    ) async throws {
        try FileManager.default.createDirectory(at: AppBrowserTests.artifacts, withIntermediateDirectories: true)
        let (ada, bob) = try await NearbyNamespaceTests.people()
        try await prepare(ada, bob)
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let adasApp = try Self.app(in: pair.first, of: pair, home: ada.home, environment: environment)
        defer { adasApp.process.terminate() }
        let bobsApp = try Self.app(in: pair.second, of: pair, home: bob.home, environment: environment)
        defer { bobsApp.process.terminate() }
        let adasURL = try await Self.firstWord(of: adasApp.output, after: "Handshake is open at ")
        let bobsURL = try await Self.firstWord(of: bobsApp.output, after: "Handshake is open at ")
        try await body(ada, bob, pair, adasURL, bobsURL)
    }

    static let mutual = browserFolder.appendingPathComponent("face_to_face_mutual.py")

    @Test("two apps, two browsers: both tap each other, confirm, write, Done: 3 clicks a side")
    func mutualTap() async throws {
        try await Self.withTwoApps { ada, bob, pair, adasURL, bobsURL in

            let adas = try Self.browser(Self.mutual, [adasURL, AppBrowserTests.artifacts.path, "Bob Babbage", "Hi Bob", "shoot"], in: pair.first, of: pair)
            defer { if adas.process.isRunning { adas.process.terminate() } }
            let bobs = try Self.browser(Self.mutual, [bobsURL, AppBrowserTests.artifacts.path, "Ada Lovelace", "Hello Ada"], in: pair.second, of: pair)
            defer { if bobs.process.isRunning { bobs.process.terminate() } }
            // Both tapped the other before either pressed Exchange: a mutual tap.
            for browser in [adas, bobs] {
                let chosen = try await browser.lines.next()
                try #require(chosen == "chosen", "a browser script stopped: \(String(decoding: browser.errors.fileHandleForReading.availableData, as: UTF8.self))")
            }
            for browser in [adas, bobs] { try browser.input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8)) }
            let adaSaw = try await Self.report(of: adas)
            let bobSaw = try await Self.report(of: bobs)

            #expect((bobSaw["people"] as? String)?.contains("Ada Lovelace") == true && (bobSaw["people"] as? String)?.contains("👥 1 common friend") == true,
                "\(bobSaw["people"] ?? "")")
            for saw in [adaSaw, bobSaw] {
                #expect((saw["countContrast"] as? Double ?? 0) >= 4.5, "the common-friend count reads at \(saw["countContrast"] ?? "-"):1")
                #expect(saw["showNameUnticked"] as? Bool == true)
                // EX-2: one's own card as it will be sent, the common friends by name, one button.
                let confirm = saw["confirm"] as? String ?? ""
                #expect(confirm.contains("Your card") && confirm.contains("Edit card") && confirm.contains("1 common friend: Carol Herschel"), "\(confirm)")
                for key in ["discoveryAxe", "confirmAxe"] { #expect(saw[key] as? [String] == [], "axe-core on \(key): \(saw[key] ?? "")") }
            }
            #expect((adaSaw["confirm"] as? String)?.contains("Ada Lovelace") == true && (bobSaw["confirm"] as? String)?.contains("Bob Babbage") == true)
            Self.expectSuccess(adaSaw, them: "Bob Babbage", theirNote: "Hello Ada", ourNote: "Hi Bob")
            Self.expectSuccess(bobSaw, them: "Ada Lovelace", theirNote: "Hi Bob", ourNote: "Hello Ada")
            // Both books, as the program reads them: the other, verified, with the meeting.
            for (person, other) in [(ada, "Bob Babbage"), (bob, "Ada Lovelace")] {
                let shown = try await person.run("contact", "show", other)
                #expect(shown.status == 0 && shown.stdout.contains("verified"), "\(shown.stdout)\(shown.stderr)")
            }
            print("face to face, two apps, a mutual tap: Ada \(adaSaw["clicks"] ?? "-") clicks, Bob \(bobSaw["clicks"] ?? "-") (tap, Exchange, Done) plus the note")
            #expect(adaSaw["clicks"] as? Int == 3 && bobSaw["clicks"] as? Int == 3)
        }
    }

    static let leave = browserFolder.appendingPathComponent("face_to_face_leave.py")

    @Test("Ada asks, Bob accepts and closes his page: she is told within 5 s, his reopened page asks nothing")
    func theOtherPersonLeaves() async throws {
        try await Self.withTwoApps { ada, bob, pair, adasURL, bobsURL in

            let bobs = try Self.browser(Self.leave, [bobsURL, AppBrowserTests.artifacts.path, "answerer"], in: pair.second, of: pair)
            defer { if bobs.process.isRunning { bobs.process.terminate() } }
            let adas = try Self.browser(Self.leave, [adasURL, AppBrowserTests.artifacts.path, "asker"], in: pair.first, of: pair)
            defer { if adas.process.isRunning { adas.process.terminate() } }
            try await Self.expectLine("waiting", from: adas)
            try bobs.input.fileHandleForWriting.write(contentsOf: Data("go\n".utf8))
            try await Self.expectLine("crossed", from: bobs)
            try await Self.expectLine("closed", from: bobs)
            try adas.input.fileHandleForWriting.write(contentsOf: Data("closed\n".utf8))
            let adaSaw = try await Self.report(of: adas)
            try bobs.input.fileHandleForWriting.write(contentsOf: Data("reopen\n".utf8))
            let bobSaw = try await Self.report(of: bobs)

            #expect((adaSaw["waiting"] as? String)?.contains("Request sent to Bob Babbage — waiting for a response") == true, "\(adaSaw["waiting"] ?? "")")
            #expect((adaSaw["waiting"] as? String)?.contains("seconds left") == true && (adaSaw["waiting"] as? String)?.contains("Cancel request") == true)
            #expect((bobSaw["request"] as? String)?.contains("Ada Lovelace asks to exchange cards.") == true, "\(bobSaw["request"] ?? "")")
            #expect(adaSaw["told"] as? String == "Bob Babbage left. The cards were exchanged.", "\(adaSaw["told"] ?? "")")
            let seconds = adaSaw["secondsUntilTold"] as? Double ?? 99
            #expect(seconds <= 5, "told after \(seconds) s")
            #expect(bobSaw["reopenedQuestions"] as? Int == 0, "\(bobSaw["reopened"] ?? "")")
            for (saw, key) in [(adaSaw, "waitingAxe"), (adaSaw, "endedAxe"), (bobSaw, "requestAxe"), (bobSaw, "reopenedAxe")] {
                #expect(saw[key] as? [String] == [], "axe-core on \(key): \(saw[key] ?? "")")
            }
            let shown = try await ada.run("contact", "show", "Bob Babbage")
            #expect(shown.status == 0 && shown.stdout.contains("verified"), "the exchange is kept: \(shown.stdout)\(shown.stderr)")
            print("face to face, the other person leaves: told after \(seconds) s")
        }
    }

    static let scan = browserFolder.appendingPathComponent("face_to_face_scan.py")

    @Test("Face to face's own scanner: a picture of the code Bob's program shows opens the exchange there, and the cards cross")
    func faceToFaceScansTheirCode() async throws {
        try FileManager.default.createDirectory(at: AppBrowserTests.artifacts, withIntermediateDirectories: true)
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let adasApp = try Self.app(in: pair.first, of: pair, home: ada.home, environment: environment)
        defer { adasApp.process.terminate() }
        let adasURL = try await Self.firstWord(of: adasApp.output, after: "Handshake is open at ")
        let picture = bob.file("token.png")
        let showing = try NearbyCommandTests.Running(bob, ["nearby", "--token-out", picture.path, "--yes", "--json", "--timeout", "60"], namespace: pair.second)
        defer { if showing.process.isRunning { showing.process.terminate() } }
        #expect(try #require(try await showing.nextEvent())["event"] as? String == "tokenWritten")

        let adas = try Self.browser(Self.scan, [adasURL, picture.path], in: pair.first, of: pair)
        defer { if adas.process.isRunning { adas.process.terminate() } }
        let adaSaw = try await Self.report(of: adas)
        let bobEvents = try await NearbyNamespaceTests.finish(showing)

        #expect((adaSaw["start"] as? String)?.contains("Or scan their code") == true, "\(adaSaw["start"] ?? "")")
        #expect(adaSaw["startAxe"] as? [String] == [], "axe-core on the start screen: \(adaSaw["startAxe"] ?? "")")
        #expect((adaSaw["success"] as? String)?.contains("Card exchanged with Bob Babbage") == true, "\(adaSaw["success"] ?? "")")
        #expect((adaSaw["url"] as? String)?.hasSuffix("/nearby") == true, "the exchange opened on Face to face: \(adaSaw["url"] ?? "")")
        #expect(bobEvents.last?["outcome"] as? String == "completed", "\(bobEvents)")
        let shown = try await ada.run("contact", "show", "Bob Babbage")
        #expect(shown.status == 0 && shown.stdout.contains("verified"), "\(shown.stdout)\(shown.stderr)")
    }

    static let cancel = browserFolder.appendingPathComponent("face_to_face_cancel.py")

    @Test("Cancel on EX-2, Cancel request on EX-3 and Decline each leave both lists as they were; the fourth attempt completes")
    func anAttemptThatEndsShortGivesBothListsBack() async throws {
        // Bob's card has a camera-sized photo: Ada's list shows a thumbnail of it before anyone chooses.
        let photo: @Sendable (CLI, CLI) async throws -> Void = { _, bob in
            let camera = bob.file("camera.jpg").path
            _ = try await Tool.require("convert", "-size", "1200x900", "-seed", "7", "plasma:fractal", "-quality", "92", camera)
            try #require(await bob.run("card", "set", "--avatar", camera).status == 0)
        }
        try await Self.withTwoApps(before: photo) { ada, _, pair, adasURL, bobsURL in
            let bobs = try Self.browser(Self.cancel, [bobsURL, "answerer"], in: pair.second, of: pair)
            defer { if bobs.process.isRunning { bobs.process.terminate() } }
            let adas = try Self.browser(Self.cancel, [adasURL, "asker"], in: pair.first, of: pair)
            defer { if adas.process.isRunning { adas.process.terminate() } }
            func tell(_ browser: Browser, _ word: String) throws { try browser.input.fileHandleForWriting.write(contentsOf: Data("\(word)\n".utf8)) }

            try await Self.expectLine("cancelled", from: adas)
            try tell(bobs, "look")
            try await Self.expectLine("listed", from: bobs)

            try tell(adas, "ask")
            try await Self.expectLine("waiting", from: adas)
            try tell(bobs, "request")
            try await Self.expectLine("asked", from: bobs)
            try tell(adas, "cancel")
            try await Self.expectLine("withdrawn", from: adas)
            try tell(bobs, "gone")
            try await Self.expectLine("listed", from: bobs)

            try tell(adas, "ask")
            try await Self.expectLine("waiting", from: adas)
            try tell(bobs, "request")
            try await Self.expectLine("declined", from: bobs)
            try tell(adas, "declined")
            try await Self.expectLine("told", from: adas)

            try tell(adas, "ask")
            try await Self.expectLine("waiting", from: adas)
            try tell(bobs, "request")
            try await Self.expectLine("crossed", from: bobs)
            try tell(adas, "crossed")
            try await Self.expectLine("crossed", from: adas)
            let adaSaw = try await Self.report(of: adas)
            let bobSaw = try await Self.report(of: bobs)

            // Each ending short is said on the list it gave back, which still offers the other person.
            for (saw, key, sentence, other) in [
                (adaSaw, "afterCancel", "You closed the exchange.", "Bob Babbage"),
                (adaSaw, "afterCancelRequest", "You cancelled your request. Nothing was exchanged.", "Bob Babbage"),
                (adaSaw, "afterDeclined", "They declined. Nothing was exchanged.", "Bob Babbage"),
                (bobSaw, "afterTheyCancelled", "They cancelled their request. Nothing was exchanged.", "Ada Lovelace"),
                (bobSaw, "afterDeclining", "You declined. Nothing was exchanged.", "Ada Lovelace"),
            ] {
                let screen = saw[key] as? String ?? ""
                #expect(screen.contains(sentence) && screen.contains(other) && screen.contains("Stop searching") && !screen.contains("Start again"),
                    "\(key): \(screen)")
            }
            #expect((bobSaw["listAfterHerCancel"] as? String)?.contains("Ada Lovelace") == true, "\(bobSaw["listAfterHerCancel"] ?? "")")
            // The list photo, fitted to 8 KB on Bob's side, crossed in the list session and was decoded by Chromium.
            let thumbnail = adaSaw["bobsThumbnail"] as? [String: Any] ?? [:]
            #expect((thumbnail["naturalWidth"] as? Int ?? 0) > 0 && (thumbnail["bytes"] as? Int ?? .max) <= 8192, "\(thumbnail)")
            #expect(bobSaw["adasThumbnail"] as? Int == 0, "Ada's card has no photo: her row shows none")
            #expect((adaSaw["success"] as? String)?.contains("Card exchanged with Bob Babbage") == true, "\(adaSaw["success"] ?? "")")
            #expect((bobSaw["success"] as? String)?.contains("Card exchanged with Ada Lovelace") == true, "\(bobSaw["success"] ?? "")")
            for saw in [adaSaw, bobSaw] { #expect(saw["dialogs"] as? [String] == []) }
            let shown = try await ada.run("contact", "show", "Bob Babbage")
            #expect(shown.status == 0, "the fourth attempt's card is kept: \(shown.stdout)\(shown.stderr)")
        }
    }

    /// The success screen and after (EX-5): their card saved at once and verified, both notes, Done back to
    /// Contacts with them first, highlighted; axe-core finds nothing.
    static func expectSuccess(_ saw: [String: Any], them: String, theirNote: String, ourNote: String) {
        let before = saw["successBefore"] as? String ?? "", after = saw["successAfter"] as? String ?? ""
        #expect(before.contains("Card exchanged with \(them)") && before.contains("Verified") && before.contains("Added \(them) to your contacts."), "\(before)")
        #expect(before.contains("Waiting…") || before.contains(theirNote), "their note, or Waiting… until it comes: \(before)")
        #expect(after.contains(theirNote) && after.contains("You wrote: “\(ourNote)”") && !after.contains("Waiting…"), "\(after)")
        #expect((saw["firstContact"] as? String)?.contains(them) == true && saw["firstContactClass"] as? String == "new", "\(saw["firstContact"] ?? "")")
        #expect(saw["dialogs"] as? [String] == [])
        for key in ["successAxe", "notesAxe", "contactsAxe"] { #expect(saw[key] as? [String] == [], "axe-core on \(key): \(saw[key] ?? "")") }
    }

    /// The JSON object a browser script ends with.
    static func report(of browser: Browser, also context: String = "") async throws -> [String: Any] {
        guard let line = try await browser.lines.next() else {
            let errors = try await PipeLines(browser.errors.fileHandleForReading).rest()
            throw Tool.Failure("the browser script ended without its report: \(errors)\n\(context)")
        }
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    /// The next line of a browser script is `word`.
    static func expectLine(_ word: String, from browser: Browser) async throws {
        let line = try await browser.lines.next()
        if line != word {
            let errors = try await PipeLines(browser.errors.fileHandleForReading).rest()
            throw Tool.Failure("the browser script said \(line ?? "nothing") where it should say \(word): \(errors)")
        }
    }

    /// `handshake app --no-open` on `home`, inside `namespace`.
    static func app(in namespace: String, of pair: NetworkNamespacePair, home: URL, environment: [String: String]) throws -> (process: Process, output: Pipe) {
        try app(inside: pair.command(in: namespace, []), home: home, environment: environment)
    }

    /// `handshake app --no-open` on `home`, run through `prefix` (`ip netns exec NAMESPACE`).
    static func app(inside prefix: [String], home: URL, environment: [String: String]) throws -> (process: Process, output: Pipe) {
        let app = Process()
        app.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        app.arguments = prefix + [try CLI.binary.path, "app", "--no-open", "--port", String(CLI.serverPort())]
        app.environment = environment.merging(["HANDSHAKE_HOME": home.path]) { $1 }
        let output = Pipe()
        app.standardOutput = output
        app.standardError = FileHandle.nullDevice
        try app.run()
        return (app, output)
    }

    /// A browser script running, its output by lines, its errors, and its standard input.
    struct Browser {
        let process: Process
        let lines: PipeLines
        let errors: Pipe
        let input: Pipe
    }

    /// A browser script inside `namespace` (the app answers on that namespace's loopback only).
    static func browser(_ script: URL, _ arguments: [String], in namespace: String, of pair: NetworkNamespacePair) throws -> Browser {
        try browser(script, arguments, inside: pair.command(in: namespace, []))
    }

    /// A browser script run through `prefix` (`ip netns exec NAMESPACE`).
    static func browser(_ script: URL, _ arguments: [String], inside prefix: [String]) throws -> Browser {
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        browser.arguments = prefix + ["python3", script.path] + arguments
        browser.environment = ProcessInfo.processInfo.environment
        let output = Pipe(), errors = Pipe(), input = Pipe()
        browser.standardOutput = output
        browser.standardError = errors
        browser.standardInput = input
        try browser.run()
        return Browser(process: browser, lines: PipeLines(output.fileHandleForReading), errors: errors, input: input)
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
