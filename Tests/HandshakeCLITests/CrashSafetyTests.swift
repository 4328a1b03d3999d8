import Foundation
import HandshakeCore
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A real `handshake serve` killed with SIGKILL in the middle of a load of writes loses none that it
/// had answered with success: after a restart on the same database, every share link it answered `201`
/// for resolves, and every friend request it answered `201` for is there — on the default SQLite file
/// and on PostgreSQL.
@Suite(.serialized) struct CrashSafetyTests {
    typealias Server = ServeCommandTests.Server

    /// What the load got back: the tokens of links and the ids of requests answered `201` (with who sent
    /// each request), and how many calls failed (refused, reset, or never answered).
    actor Answers {
        var links: [String] = []
        var requests: [(id: String, sender: String)] = []
        var failures = 0
        func link(_ token: String) { links.append(token) }
        func request(_ id: String, sender: String) { requests.append((id, sender)) }
        func failed() { failures += 1 }
        var successes: Int { links.count + requests.count }
    }

    /// The string `field` of a `201` answer's JSON body; `nil` for any other answer or none.
    static func created(_ answer: (Int, Data)?, field: String) -> String? {
        guard let answer, answer.0 == 201, let object = try? JSONSerialization.jsonObject(with: answer.1) as? [String: Any]
        else { return nil }
        return object[field] as? String
    }

    @Test(arguments: ServeCommandTests.Database.allCases) func everyWriteAnsweredBeforeSIGKILLIsThereAfterARestart(
        _ backend: ServeCommandTests.Database
    ) async throws {
        let cli = try CLI()
        let port = CLI.serverPort(count: 3)
        let (database, dropDatabase) = try ServeCommandTests.database(for: backend)
        defer { dropDatabase() }
        let server = try Server.start(cli, port: port, database: database)
        defer { if server.process.isRunning { server.process.terminate() } }
        try await server.waitUntilHealthy()

        // Sixteen accounts with cards. Each will create its 20 links of the hour and send a friend request to
        // every other account by Node ID, all at once: 320 link creations and 240 requests in all.
        var people: [(nodeID: String, token: String, card: String)] = []
        for index in 0..<16 {
            let identity = Identity.generate()
            let token = try await server.signIn(identity)
            let card = try ServeCommandTests.card(identity, name: "Person \(index)")
            #expect(try await server.call("PUT", "/v1/account/card", token: token, raw: card.bytes).0 == 200)
            people.append((identity.nodeID.rawValue, token, Base64URL.encode(card.bytes)))
        }
        let everyone = people
        let answers = Answers()
        let load = Task {
            await withTaskGroup(of: Void.self) { group in
                for person in everyone {
                    group.addTask {
                        for _ in 0..<20 {
                            let answer = try? await Server.call(port: port, "POST", "/v1/share-links", token: person.token)
                            guard let token = Self.created(answer, field: "token") else { await answers.failed(); continue }
                            await answers.link(token)
                        }
                    }
                    group.addTask {
                        for other in everyone where other.nodeID != person.nodeID {
                            let json = ["to": other.nodeID, "card": person.card]
                            let answer = try? await Server.call(port: port, "POST", "/v1/friend-requests", token: person.token, json: json)
                            guard let id = Self.created(answer, field: "id") else { await answers.failed(); continue }
                            await answers.request(id, sender: person.token)
                        }
                    }
                }
            }
        }

        // SIGKILL once a quarter of the writes have been answered: the rest are under way or still to come.
        var waited = 0
        while await answers.successes < 140, waited < 1200 {
            try await Task.sleep(for: .milliseconds(25))
            waited += 1
        }
        kill(server.process.processIdentifier, SIGKILL)
        await load.value
        server.process.waitUntilExit()
        #expect(server.process.terminationReason == .uncaughtSignal && server.process.terminationStatus == SIGKILL)
        let (links, requests, failures) = (await answers.links, await answers.requests, await answers.failures)
        #expect(links.count + requests.count >= 140, "the load should have been answered in part before the kill")
        #expect(failures > 0, "the kill should have come while writes were still under way")

        // The same database after a restart: every answered write is there.
        let again = try Server.start(cli, port: port + 1, database: database)
        defer { if again.process.isRunning { again.process.terminate() } }
        try await again.waitUntilHealthy()
        var missingLinks = 0
        for token in links {
            if try await again.call("GET", "/v1/share-links/\(token)").0 != 200 { missingLinks += 1 }
        }
        var missingRequests = 0
        for request in requests {
            if try await again.call("GET", "/v1/friend-requests/\(request.id)", token: request.sender).0 != 200 { missingRequests += 1 }
        }
        print("crash safety on \(backend): \(links.count) links and \(requests.count) requests answered 201 before SIGKILL, \(failures) calls failed; after the restart \(missingLinks + missingRequests) missing")
        #expect(missingLinks == 0, "\(missingLinks) of \(links.count) links answered 201 are gone")
        #expect(missingRequests == 0, "\(missingRequests) of \(requests.count) requests answered 201 are gone")
        #expect(try await again.stop() == 0)
    }
}
