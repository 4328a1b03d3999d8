import Foundation
import HandshakeCore
import HandshakeServer
import Testing

/// Sending friend requests by one token from many accounts at once: exactly one succeeds.
@Suite struct BurnOnceTests {
    @Test(arguments: Backend.allCases) func sixtyFourConcurrentRequestsByOneTokenBurnItExactlyOnce(_ backend: Backend) async throws {
        // On SQLite a file database in WAL mode, as a running server has, so readers and the writer really overlap.
        let mailbox = try await TestMailbox(backend, file: true)

        try await mailbox.test { client in
            let ada = try await client.person("Ada")
            let token = try await client.shareToken(for: ada)
            var senders: [Person] = []
            for index in 0..<64 { senders.append(try await client.person("Sender \(index)")) }

            let codes = try await withThrowingTaskGroup(of: String.self) { group in
                for sender in senders {
                    group.addTask {
                        let response = try await client.sendRequest(from: sender, token: token)
                        return response.status == .created ? "created" : (response.code ?? "\(response.status)")
                    }
                }
                return try await group.reduce(into: [String: Int]()) { counts, code in counts[code, default: 0] += 1 }
            }
            #expect(codes == ["created": 1, "link_used": 63])
            let received = try #require(
                try await client.call(.get, "/v1/friend-requests", token: ada.token).object()["requests"] as? [[String: Any]])
            #expect(received.count == 1)
        }
    }
}
