import Foundation
import HandshakeTestSupport
import Testing

/// docs/nearby-json.md documents every event `handshake nearby --json` prints: its table names exactly the
/// events the program's source can emit, and what the program prints in real runs (a completed exchange, a
/// declined request, nobody at the address) is events of that table, each with keys its row names.
@Suite("handshake nearby --json, as documented", .timeLimit(.minutes(2)))
struct NearbyJSONDocTests {
    typealias Running = NearbyCommandTests.Running

    /// The table's rows: each event and the backticked words of its fields column.
    static func documented() throws -> [String: Set<String>] {
        let page = try ReadmeTests.file("docs/nearby-json.md")
        var rows: [String: Set<String>] = [:]
        for match in try ReadmeTests.matches(#"^\| `([a-zA-Z]+)` \|([^|]*)\|"#, in: page) {
            rows[match[0]] = Set(try ReadmeTests.matches(#"`([A-Za-z]+)`"#, in: match[1]).map { $0[0] })
        }
        return rows
    }

    /// The events the program's nearby reporter can emit, read from its source.
    static func emitted() throws -> Set<String> {
        let folder = try ArticleCode.packageRoot(of: #filePath).appendingPathComponent("Sources/handshake/Commands/Nearby")
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            names.formUnion(try ReadmeTests.matches(#"emit\("([a-zA-Z]+)""#, in: source).map { $0[0] })
        }
        return names
    }

    @Test("the page's table names exactly the events the program can print")
    func theTableIsTheSource() throws {
        let documented = try Self.documented()
        #expect(!documented.isEmpty, "docs/nearby-json.md has no table of events")
        #expect(Set(documented.keys) == (try Self.emitted()), "documented \(documented.keys.sorted()), emitted \((try? Self.emitted())?.sorted() ?? [])")
    }

    /// Every printed event is in the table, with every key its row names.
    static func expectDocumented(_ events: [[String: Any]], _ documented: [String: Set<String>]) {
        for event in events {
            let name = event["event"] as? String ?? "?"
            guard let keys = documented[name] else {
                Issue.record("printed but not documented: \(event)")
                continue
            }
            for key in event.keys where key != "event" {
                #expect(keys.contains(key), "\(name) prints `\(key)`, which its row does not name: \(event)")
            }
        }
    }

    @Test("a completed exchange, a declined request and nobody at the address print documented events only")
    func printedEventsAreDocumented() async throws {
        let documented = try Self.documented()
        let ada = try await NearbyCommandTests.person("Ada Lovelace"), bob = try await NearbyCommandTests.person("Bob Babbage")
        func lines(_ text: String) -> [[String: Any]] {
            text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
        let listening = try Running(ada, ["nearby", "--listen", "--host", "127.0.0.1", "--accept", "--yes", "--note", "Hi Bob", "--json", "--timeout", "60"])
        let first = try #require(try await listening.nextEvent())
        let port = try #require(first["port"] as? Int)
        let connecting = try await bob.run(["nearby", "--connect", "127.0.0.1:\(port)", "--request", "--yes", "--note", "Hello Ada", "--json", "--timeout", "60"])
        let completed = [first] + (try await Running.drain(listening)) + lines(connecting.stdout)
        #expect(completed.contains { $0["outcome"] as? String == "completed" })

        let refusing = try Running(ada, ["nearby", "--listen", "--host", "127.0.0.1", "--json", "--timeout", "60"])
        let refusingFirst = try #require(try await refusing.nextEvent())
        let declinedPort = try #require(refusingFirst["port"] as? Int)
        let declined = try await bob.run(["nearby", "--connect", "127.0.0.1:\(declinedPort)", "--request", "--yes", "--json", "--timeout", "60"])
        let declinedEvents = [refusingFirst] + (try await Running.drain(refusing)) + lines(declined.stdout)
        let nobody = try await bob.run("nearby", "--connect", "127.0.0.1:9", "--request", "--json", "--timeout", "10")
        let all = completed + declinedEvents + lines(nobody.stdout)
        #expect(Set(all.compactMap { $0["event"] as? String }).isSuperset(of: ["listening", "connected", "received", "saved", "note", "ended"]))
        Self.expectDocumented(all, documented)
    }
}
