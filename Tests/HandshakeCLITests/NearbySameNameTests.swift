import Foundation
import HandshakeTestSupport
import Testing

/// A name is a claim, nearby: between two hosts (network namespaces), two devices advertise the name "Ada
/// Lovelace" (python-zeroconf, so neither is ours), or one advertises it and the other a lookalike with a
/// Cyrillic о. Bob's `handshake nearby --select "Ada Lovelace"` lists both, told apart by the start of their
/// ids, and refuses to guess: exit status 2, with the sentence, and nothing exchanged. Needs root, iproute2
/// and pip's zeroconf (scripts/install-test-tools); a missing one fails the test.
@Suite("handshake nearby: two devices with one name", .serialized, .timeLimit(.minutes(3)), .tags(.runsAlone))
struct NearbySameNameTests {
    @Test("the same name twice, or a lookalike of it: listed apart, and --select refuses (exit status 2)", arguments: ["Ada Lovelace", "Ada Lоvelace"])
    func selectRefusesTheAmbiguity(secondName: String) async throws {
        let bob = try await NearbyCommandTests.person("Bob Babbage")
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        var advertisers: [ZeroconfAdvertiser] = []
        defer { advertisers.forEach { $0.stop() } }
        for (instance, name, port) in [("k3x9qa7hw2mn", "Ada Lovelace", 4242), ("p2m8zzc4ty6b", secondName, 4243)] {
            advertisers.append(try ZeroconfAdvertiser(
                in: pair.second, of: pair,
                ["interface": pair.secondHost, "instance": instance, "port": port, "txt": ["v": "1", "n": name], "seconds": 60]))
        }
        let run = try await CLI.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            pair.command(in: pair.first, [try CLI.binary.path, "nearby", "--select", "Ada Lovelace", "--json", "--timeout", "40"]),
            environment: ["HANDSHAKE_HOME": bob.home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"])
        #expect(run.status == 2, "stdout: \(run.stdout)\nstderr: \(run.stderr)")
        #expect(run.stderr.contains("2 devices nearby show the name “Ada Lovelace”, and a name is only what a device claims: none was chosen."), "\(run.stderr)")
        #expect(run.stderr.contains("k3x9qa") && run.stderr.contains("p2m8zz"), "\(run.stderr)")
        let events = run.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let found = events.filter { $0["event"] as? String == "found" }
        #expect(found.count == 2, "\(events)")
        #expect(found.last?["sharesName"] as? Bool == true, "the second row is told apart: \(found)")
        #expect(events.contains { $0["event"] as? String == "sameName" }, "\(events)")
        #expect(!events.contains { ($0["event"] as? String) == "connected" }, "nobody was chosen: \(events)")
        #expect(try await bob.run("contacts", "--json").stdout.contains("Ada") == false)
    }
}
