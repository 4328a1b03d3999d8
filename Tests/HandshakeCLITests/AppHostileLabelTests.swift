import Foundation
import HandshakeTestSupport
import Testing

/// A device on the same network cannot rewrite Ada's Face to face list: between two hosts (network
/// namespaces), python-zeroconf advertises a Handshake service whose instance label is
/// `x"\u{0301} formaction=/contacts/1/delete x=` (a quote followed by a combining mark: one Swift Character
/// that is not a quote, which escaping by Character once let through, closing the button's value) under the
/// name "Carol Herschel". In Chromium (Browser/face_to_face_hostile.py) she appears as text, her button's
/// attributes are exactly the app's, and clicking it deletes nothing. Needs root, iproute2, chromium and
/// pip's playwright and zeroconf (scripts/install-test-tools); a missing one fails the test.
@Suite("handshake app: a hostile mDNS label stays text", .serialized, .timeLimit(.minutes(3)), .tags(.runsAlone))
struct AppHostileLabelTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Browser/face_to_face_hostile.py")
    static let label = "x\"\u{0301} formaction=/contacts/1/delete x="

    @Test("the label is the button's value, as text; the button has the app's attributes only; the click deletes nothing")
    func hostileLabel() async throws {
        try FileManager.default.createDirectory(at: AppBrowserTests.artifacts, withIntermediateDirectories: true)
        // Ada has Carol Herschel, her contact #1, in her book: the one the label aims to delete.
        let (ada, _) = try await NearbyNamespaceTests.people()
        #expect(try await ada.run("contacts").stdout.contains("Carol Herschel"))
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]

        let advertiser = try ZeroconfAdvertiser(
            in: pair.second, of: pair,
            ["interface": pair.secondHost, "instance": Self.label, "port": 4242, "txt": ["v": "1", "n": "Carol Herschel"], "seconds": 90])
        defer { advertiser.stop() }

        let app = try AppFaceToFaceTests.app(in: pair.first, of: pair, home: ada.home, environment: environment)
        defer { app.process.terminate() }
        let url = try await AppFaceToFaceTests.firstWord(of: app.output, after: "Handshake is open at ")
        let browser = try AppFaceToFaceTests.browser(Self.script, [url, AppBrowserTests.artifacts.path], in: pair.first, of: pair)
        defer { if browser.process.isRunning { browser.process.terminate() } }
        guard let line = try await browser.lines.next() else {
            let errors = try await PipeLines(browser.errors.fileHandleForReading).rest()
            let advertised = String(decoding: advertiser.errors.fileHandleForReading.availableData, as: UTF8.self)
            Issue.record("the browser script ended without its report: \(errors)\nadvertiser: \(advertised)")
            return
        }
        let seen = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let button = try #require(seen["button"] as? [String: Any])
        let attributes = try #require(button["attributes"] as? [[String]])
        #expect(attributes.map { $0[0] } == ["type", "name", "value", "class"], "\(attributes)")
        #expect(attributes.first { $0[0] == "value" }?[1] == Self.label, "the label is the value, whole, as text: \(attributes)")
        #expect((button["text"] as? String)?.hasPrefix("Carol Herschel") == true, "\(button)")
        // With no formaction attribute the browser reports the page's own address as the button's formAction
        // (HTML's rule for the IDL attribute); the label's /contacts/1/delete is nowhere in it.
        let formAction = try #require(button["formAction"] as? String)
        #expect(formAction.hasSuffix("/nearby") && !formAction.contains("/contacts/"), "\(button)")
        let form = try #require(button["formAttributes"] as? [[String]])
        #expect(form.first { $0[0] == "action" }?[1] == "/nearby/choose", "\(form)")
        #expect(seen["buttons"] as? Int == 1, "one person, one button")
        #expect(seen["dialogs"] as? [String] == [])
        // The click chose a device that does not answer: it ended, and Carol is still in the book.
        #expect((seen["contactsAfter"] as? String)?.contains("Carol Herschel") == true, "\(seen["contactsAfter"] ?? "")")
        let listed = try await ada.run("contacts")
        #expect(listed.stdout.contains("Carol Herschel"), "\(listed.stdout)")
    }
}
