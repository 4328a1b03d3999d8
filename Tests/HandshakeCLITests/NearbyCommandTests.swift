import Foundation
import HandshakeTestSupport
import Testing

/// `handshake nearby` as two people run it: two processes, two homes, a real TCP connection on loopback.
@Suite("handshake nearby", .timeLimit(.minutes(2)))
struct NearbyCommandTests {
    /// A `handshake` process left running, whose JSON lines are read as they come.
    final class Running: @unchecked Sendable {
        let process = Process()
        let output = Pipe()
        lazy var lines = PipeLines(output.fileHandleForReading)

        /// Runs `handshake arguments` in `cli`'s home; inside a network namespace when `namespace` is given.
        init(_ cli: CLI, _ arguments: [String], namespace: String? = nil) throws {
            if let namespace {
                process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                process.arguments = ["ip", "netns", "exec", namespace, try CLI.binary.path] + arguments
            } else {
                process.executableURL = try CLI.binary
                process.arguments = arguments
            }
            var environment = ProcessInfo.processInfo.environment
            environment["HANDSHAKE_HOME"] = cli.home.path
            process.environment = environment
            process.standardOutput = output
            process.standardError = Pipe()
            process.standardInput = Pipe()
            try process.run()
        }

        /// The next JSON line (waiting on the pipe on a thread of its own; the suite's time limit bounds it).
        func nextEvent() async throws -> [String: Any]? {
            try await nextLine().flatMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
        }

        /// The next line of text output.
        func nextLine() async throws -> String? { try await lines.next() }

        /// The rest of `running`'s events, once it has ended.
        static func drain(_ running: Running) async throws -> [[String: Any]] {
            let events = try await running.events()
            try await running.exit()
            return events
        }

        func events() async throws -> [[String: Any]] {
            var all: [[String: Any]] = []
            while let event = try await nextEvent() { all.append(event) }
            return all
        }

        /// Its output from here to the end, as text.
        func restOfOutput() async throws -> String { try await lines.rest() }

        /// Waits for the process to end, on a thread of its own.
        func exit() async throws {
            let process = self.process
            try await onOwnThread { process.waitUntilExit() }
        }
    }

    static func person(_ name: String) async throws -> CLI {
        let cli = try CLI()
        try #require(await cli.run("init", "--name", name).status == 0)
        return cli
    }

    @Test("two processes swap cards both ways with notes; each keeps the other as a verified contact and the meeting")
    func bothWays() async throws {
        let ada = try await Self.person("Ada Lovelace"), bob = try await Self.person("Bob Babbage")
        let listening = try Running(ada, ["nearby", "--listen", "--host", "127.0.0.1", "--accept", "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"])
        let first = try #require(try await listening.nextEvent())
        #expect(first["event"] as? String == "listening")
        let port = try #require(first["port"] as? Int)

        let connecting = try await bob.run(["nearby", "--connect", "127.0.0.1:\(port)", "--request", "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"])
        #expect(connecting.status == 0, "\(connecting.stdout)\(connecting.stderr)")
        let adaEvents = try await listening.events()
        try await listening.exit()
        #expect(listening.process.terminationStatus == 0)

        let bobEvents = connecting.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let adaCode = adaEvents.first { $0["event"] as? String == "connected" }?["shortCode"] as? String
        let bobCode = bobEvents.first { $0["event"] as? String == "connected" }?["shortCode"] as? String
        #expect(adaCode != nil && adaCode == bobCode)
        #expect(adaEvents.contains { $0["event"] as? String == "note" && $0["text"] as? String == "Hello Ada" })
        #expect(bobEvents.contains { $0["event"] as? String == "note" && $0["text"] as? String == "Hi Bob" })
        #expect(adaEvents.last?["outcome"] as? String == "completed" && bobEvents.last?["outcome"] as? String == "completed")

        let adaView = try await ada.run("contact", "show", "Bob")
        #expect(adaView.stdout.contains("verified (signed by its owner)") && adaView.stdout.contains("by nearby"))
        #expect(adaView.stdout.contains("you wrote: Hi Bob") && adaView.stdout.contains("they wrote: Hello Ada"))
        let bobView = try await bob.run("contact", "show", "Ada")
        #expect(bobView.stdout.contains("you wrote: Hello Ada") && bobView.stdout.contains("they wrote: Hi Bob"))
    }

    @Test("a declined request: the requester hears it, exits 1 with the sentence, and nothing is stored on either side")
    func declined() async throws {
        let ada = try await Self.person("Ada Lovelace"), bob = try await Self.person("Bob Babbage")
        // Without --accept and with no terminal to ask at, Ada's side declines.
        let listening = try Running(ada, ["nearby", "--listen", "--host", "127.0.0.1", "--json", "--timeout", "60"])
        let port = try #require(try await listening.nextEvent()?["port"] as? Int)
        let connecting = try await bob.run(["nearby", "--connect", "127.0.0.1:\(port)", "--request", "--yes", "--timeout", "60"])
        try await listening.exit()
        #expect(connecting.status == 1)
        #expect(connecting.stderr.contains("They declined. Nothing was exchanged."))
        // Said once: as the command's error, not also as a line of the exchange.
        #expect(!connecting.stdout.contains("They declined."), "\(connecting.stdout)")
        #expect(try await ada.run("contacts").stdout.contains("Bob") == false)
        #expect(try await bob.run("contacts").stdout.contains("Ada") == false)
    }

    @Test("a note the rule refuses is refused before anything goes out, counted by scalar", arguments: [
        ("Hi\u{202E}Bob", "can't hold control characters"),
        (String(repeating: "e\u{301}", count: 100), "at most 140 characters; this one has 200"),
    ])
    func aBadNoteIsRefusedFirst(note: String, sentence: String) async throws {
        let bob = try await Self.person("Bob Babbage")
        let result = try await bob.run("nearby", "--listen", "--host", "127.0.0.1", "--note", note, "--json", "--timeout", "10")
        #expect(result.status == 2, "a usage error: \(result.stderr)")
        #expect(result.stderr.contains("--note: ") && result.stderr.contains(sentence), "\(result.stderr)")
        #expect(!result.stdout.contains("listening"), "nothing went out: \(result.stdout)")
    }

    @Test("nobody at the address: a sentence and exit 1")
    func nobodyThere() async throws {
        let bob = try await Self.person("Bob Babbage")
        let result = try await bob.run("nearby", "--connect", "127.0.0.1:9", "--request", "--timeout", "10")
        #expect(result.status == 1)
        #expect(result.stderr.contains("Cannot reach the other device at 127.0.0.1 port 9: nothing answers at that address and port (connection refused)."), "\(result.stderr)")
        // The socket library's own words never reach a person.
        #expect(!result.stderr.contains("SingleConnectionFailure") && !result.stderr.contains("errno"), "\(result.stderr)")
    }
}
