import Foundation
import HandshakeCore
import HandshakeServer
import Testing

/// The contact list on the server: made by accept, favorite toggle, delete, and private to its owner.
@Suite struct ContactTests {
    /// Ada and Bob, contacts of each other.
    static func befriend(_ client: TestMailbox.Client) async throws -> (Person, Person) {
        let ada = try await client.person("Ada")
        let bob = try await client.person("Bob")
        let id = try #require(try await client.sendRequest(from: bob, to: ada).object()["id"] as? String)
        let accepted = try await client.call(
            .post, "/v1/friend-requests/\(id)/accept", token: ada.token, json: ["card": Base64URL.encode(ada.card.bytes)])
        #expect(accepted.status == .ok)
        return (ada, bob)
    }

    @Test(arguments: Backend.allCases) func favoriteTogglesAndSortsFirst(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let (ada, bob) = try await Self.befriend(client)
            let on = try await client.call(.put, "/v1/contacts/\(bob.nodeID)/favorite", token: ada.token, json: ["favorite": true])
            #expect(on.status == .ok)
            #expect(try on.object()["favorite"] as? Bool == true)
            let off = try await client.call(.put, "/v1/contacts/\(bob.nodeID)/favorite", token: ada.token, json: ["favorite": false])
            #expect(try off.object()["favorite"] as? Bool == false)
            let unknown = try await client.call(
                .put, "/v1/contacts/\(Identity.generate().nodeID.rawValue)/favorite", token: ada.token, json: ["favorite": true])
            #expect(unknown.status == .notFound)
            #expect(unknown.code == "unknown_contact")
            let malformed = try await client.call(.put, "/v1/contacts/\(bob.nodeID)/favorite", token: ada.token, json: ["favorite": "yes"])
            #expect(malformed.code == "bad_request")
        }
    }

    @Test(arguments: Backend.allCases) func deletingRemovesTheContactFromTheCallersListOnly(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let (ada, bob) = try await Self.befriend(client)
            #expect(try await client.call(.delete, "/v1/contacts/\(bob.nodeID)", token: ada.token).status == .noContent)
            #expect((try await client.call(.get, "/v1/contacts", token: ada.token).object()["contacts"] as? [Any])?.count == 0)
            #expect((try await client.call(.get, "/v1/contacts", token: bob.token).object()["contacts"] as? [Any])?.count == 1)
            #expect(try await client.call(.delete, "/v1/contacts/\(bob.nodeID)", token: ada.token).code == "unknown_contact")
        }
    }

    @Test(arguments: Backend.allCases) func nobodyReadsOrChangesAnothersContacts(_ backend: Backend) async throws {
        let mailbox = try await TestMailbox(backend)
        try await mailbox.test { client in
            let (ada, bob) = try await Self.befriend(client)
            let mallory = try await client.person("Mallory")
            #expect((try await client.call(.get, "/v1/contacts", token: mallory.token).object()["contacts"] as? [Any])?.count == 0)
            #expect(try await client.call(.delete, "/v1/contacts/\(bob.nodeID)", token: mallory.token).code == "unknown_contact")
            #expect(try await client.call(.get, "/v1/contacts").status == .unauthorized)
            #expect((try await client.call(.get, "/v1/contacts", token: ada.token).object()["contacts"] as? [Any])?.count == 1)
        }
    }
}
