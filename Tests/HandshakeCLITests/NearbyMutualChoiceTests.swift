import Foundation
import HandshakeTestSupport
import Testing

/// Both people choose each other (docs/protocols/nearby-discovery.md §10, "both chose each other"): each device
/// connects to the other the moment its choice is settled, so two connections cross, and the crossing rule keeps
/// one. Two programs in two namespaces, each choosing the other by name, 10 runs: every exchange completes, on
/// one session, with one short code on both screens. Needs root and iproute2 (scripts/install-test-tools).
@Suite("both choose each other", .serialized, .tags(.runsAlone), .timeLimit(.minutes(4)))
struct NearbyMutualChoiceTests {
    typealias Running = NearbyCommandTests.Running

    @Test("each chooses the other by name at once: every exchange completes on one session")
    func bothChoose() async throws {
        let ada = try await NearbyCommandTests.person("Ada Lovelace"), bob = try await NearbyCommandTests.person("Bob Babbage")
        let pair = try NetworkNamespacePair()
        defer { pair.remove() }
        var failed: [String] = []
        for run in 1...NearbyGoodbyeTests.runs {
            let adaRun = try Running(ada, ["nearby", "--show-name", "--select", "Bob Babbage", "--yes", "--json", "--timeout", "30"], namespace: pair.first)
            let bobRun = try Running(bob, ["nearby", "--show-name", "--select", "Ada Lovelace", "--yes", "--json", "--timeout", "30"], namespace: pair.second)
            let adaEvents = try await Running.drain(adaRun), bobEvents = try await Running.drain(bobRun)
            let codes = [adaEvents, bobEvents].map { events in events.last { $0["event"] as? String == "connected" }?["shortCode"] as? String }
            let outcomes = [adaEvents.last?["outcome"] as? String, bobEvents.last?["outcome"] as? String]
            if outcomes != ["completed", "completed"] || codes[0] == nil || codes[0] != codes[1] {
                failed.append("run \(run): Ada \(adaEvents.suffix(3)), Bob \(bobEvents.suffix(3))")
            }
        }
        #expect(failed.isEmpty, "\(failed.count) of \(NearbyGoodbyeTests.runs) did not complete:\n\(failed.joined(separator: "\n"))")
    }
}
