import Foundation
import HandshakeTestSupport
import Testing

/// The exchange screen as a person uses it, on a real terminal: Bob runs `handshake nearby` with no flags
/// inside tmux, sees Ada appear in the live list, types her number, confirms, adds her card and types a
/// note; Ada's side runs unattended on another host (network namespaces, found by mDNS). The test reads
/// the screen with `tmux capture-pane` and types with `tmux send-keys`. Needs tmux, root and iproute2
/// (scripts/install-test-tools); a missing one fails the test.
@Suite("handshake nearby on a terminal", .serialized, .timeLimit(.minutes(3)))
struct NearbyTerminalTests {
    @Test("a person picks Ada from the live list, confirms, adds her and writes a note; both keep the meeting")
    func interactive() async throws {
        let (ada, bob) = try await NearbyNamespaceTests.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let waiting = try NearbyCommandTests.Running(
            ada, ["nearby", "--show-name", "--accept", "--yes", "--note", "Hi Bob", "--json", "--timeout", "300"], namespace: pair.first)
        #expect(try #require(try await waiting.nextEvent())["event"] as? String == "looking")

        let command = ["env", "HANDSHAKE_HOME=\(bob.home.path)", "ip", "netns", "exec", pair.second, try CLI.binary.path, "nearby", "--timeout", "300"]
            .map { "'\($0)'" }.joined(separator: " ")
        let terminal = try TmuxTerminal("\(command); echo \"[exit $?]\"")
        defer { terminal.close() }

        _ = try terminal.waitFor("Ada in the list") { $0.contains("1. Ada Lovelace") && $0.contains("type 1 to choose") }
        try terminal.type("1")
        let confirm = try terminal.waitFor("the confirm question") { $0.contains("Exchange cards with this person? [e]xchange / [w]ait") }
        #expect(confirm.contains("Both screens show this code"), "\(confirm)")
        #expect(confirm.contains("Your card, as they will receive it:") && confirm.contains("Bob Babbage"), "\(confirm)")
        try terminal.type("e")
        let add = try terminal.waitFor("the Add question") { $0.contains("Add Ada Lovelace to your contacts? [a]dd / [i]gnore") }
        #expect(add.contains("Received, verified and bound to this exchange:"), "\(add)")
        try terminal.type("a")
        _ = try terminal.waitFor("the note box") { $0.contains("Your note to them") }
        try terminal.type("Hello Ada")
        let end = try terminal.waitFor("the program's end") { $0.contains("[exit ") }
        #expect(end.contains("Added Ada Lovelace to your contacts."), "\(end)")
        #expect(end.contains("Their note: Hi Bob"), "\(end)")
        #expect(end.contains("Common friends: Carol Herschel"), "\(end)")
        #expect(end.contains("[exit 0]"), "\(end)")

        let adaEvents = try await NearbyCommandTests.Running.drain(waiting)
        #expect(adaEvents.last?["outcome"] as? String == "completed", "\(adaEvents)")
        try await NearbyNamespaceTests.expectBooks(ada, bob, source: "nearby")
    }
}
