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
    /// A tmux server of the test's own (its own socket), with one window running one command.
    final class Terminal {
        let socket = "handshake-test-\(UUID().uuidString.prefix(8))"

        init(_ command: String) throws {
            try tmux(["new-session", "-d", "-s", "screen", "-x", "150", "-y", "60", command])
            // Keep the screen after the program exits, so its last lines can be read.
            try tmux(["set-option", "-t", "screen", "remain-on-exit", "on"])
        }

        /// Runs one tmux command and returns what it printed. Spawned directly and waited for with waitpid:
        /// the command that starts the tmux server leaves the server holding every descriptor it inherited,
        /// so Foundation's `Process`, which learns of an exit through such a descriptor, would wait forever.
        @discardableResult
        func tmux(_ arguments: [String]) throws -> String {
            let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
            defer { unlink(output.path); unlink(output.path + ".err") }
            var environment = ProcessInfo.processInfo.environment
            // tmux's server exits at once without a terminal type.
            if (environment["TERM"] ?? "").isEmpty || environment["TERM"] == "dumb" { environment["TERM"] = "xterm-256color" }
            let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
            let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(&actions, 2, output.path + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            // The test's threads block signals; tmux's server needs its own (SIGCHLD to reap the program it
            // runs, SIGTERM), so the child starts with none blocked and every handler at its default.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            var pid: pid_t = 0
            let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, envp)
            guard spawned == 0 else { throw TerminalFailure("tmux could not be started (error \(spawned)); scripts/install-test-tools installs it") }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
            guard status == 0 else {
                let problems = (try? String(contentsOfFile: output.path + ".err", encoding: .utf8)) ?? ""
                throw TerminalFailure("tmux \(arguments.first ?? "") failed (status \(status)): \(problems)")
            }
            return text
        }

        /// The whole screen and its scrollback, as text.
        func screen() throws -> String { try tmux(["capture-pane", "-p", "-J", "-S", "-200", "-t", "screen"]) }

        /// Types `text` and Enter.
        func type(_ text: String) throws { try tmux(["send-keys", "-t", "screen", "-l", text]); try tmux(["send-keys", "-t", "screen", "Enter"]) }

        /// Reads the screen until `predicate` holds; the limit counts reads, not seconds, so a clock that
        /// jumps cannot end the wait early.
        func waitFor(_ what: String, reads: Int = 1_500, _ predicate: (String) -> Bool) throws -> String {
            var text = ""
            for _ in 0..<reads {
                text = try screen()
                if predicate(text) { return text }
                usleep(100_000)
            }
            throw TerminalFailure("the screen never showed \(what); it shows:\n\(text)")
        }

        func close() { _ = try? tmux(["kill-server"]) }
    }

    @Test("a person picks Ada from the live list, confirms, adds her and writes a note; both keep the meeting")
    func interactive() throws {
        let (ada, bob) = try NearbyNamespaceTests.people()
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        let waiting = try NearbyCommandTests.Running(
            ada, ["nearby", "--show-name", "--accept", "--yes", "--note", "Hi Bob", "--json", "--timeout", "300"], namespace: pair.first)
        #expect(try #require(waiting.nextEvent())["event"] as? String == "looking")

        let command = ["env", "HANDSHAKE_HOME=\(bob.home.path)", "ip", "netns", "exec", pair.second, try CLI.binary.path, "nearby", "--timeout", "300"]
            .map { "'\($0)'" }.joined(separator: " ")
        let terminal = try Terminal("\(command); echo \"[exit $?]\"")
        defer { terminal.close() }

        _ = try terminal.waitFor("Ada in the list") { $0.contains("1. Ada Lovelace") && $0.contains("type 1 to choose") }
        try terminal.type("1")
        let confirm = try terminal.waitFor("the confirm question") { $0.contains("Exchange cards with this person? [e]xchange / [w]ait") }
        #expect(confirm.contains("Both screens show this code"), "\(confirm)")
        #expect(confirm.contains("Your card, as they will receive it:") && confirm.contains("Bob Babbage"), "\(confirm)")
        try terminal.type("e")
        let add = try terminal.waitFor("the Add question") { $0.contains("Add Ada Lovelace? [a]dd / [i]gnore") }
        #expect(add.contains("Received, verified and bound to this exchange:"), "\(add)")
        try terminal.type("a")
        _ = try terminal.waitFor("the note box") { $0.contains("Your note to them") }
        try terminal.type("Hello Ada")
        let end = try terminal.waitFor("the program's end") { $0.contains("[exit ") }
        #expect(end.contains("Added Ada Lovelace to your contacts."), "\(end)")
        #expect(end.contains("Their note: Hi Bob"), "\(end)")
        #expect(end.contains("Common friends: Carol Herschel"), "\(end)")
        #expect(end.contains("[exit 0]"), "\(end)")

        let adaEvents = NearbyCommandTests.Running.drain(waiting)
        #expect(adaEvents.last?["outcome"] as? String == "completed", "\(adaEvents)")
        try NearbyNamespaceTests.expectBooks(ada, bob, source: "nearby")
    }
}

struct TerminalFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
