import Foundation
import HandshakeCore
import HandshakeMailbox
import Testing

/// The typed client against a real mailbox server on a loopback port: every call an app makes, the
/// server's refusals as the same cases it raised, and cards verified on arrival.
@Suite struct MailboxClientTests {
    @Test func publishingTwiceIsAlreadyCurrentAndTheCardIsServedVerified() async throws {
        try await LiveMailbox().run { server in
            let ada = try await Person.registered("Ada", on: server)
            #expect(try await ada.client.publish(ada.card) == .alreadyCurrent)
            let account = try await ada.client.account()
            #expect(account.nodeID == ada.identity.nodeID)
            #expect(account.cardUpdatedAt == ada.card.card.updatedAt)

            let anyone = MailboxClient(server: server)
            let served = try await anyone.card(of: ada.identity.nodeID)
            #expect(served == ada.card)
            await #expect(throws: MailboxClientError.refused(.unknownAccount, owner: nil)) {
                try await anyone.card(of: Identity.generate().nodeID)
            }
        }
    }

    @Test func aShareLinkResolvesWithoutBeingUsedThenWorksOnceAndNamesItsOwnerAfter() async throws {
        try await LiveMailbox().run { server in
            let ada = try await Person.registered("Ada", on: server)
            let bob = try await Person.registered("Bob", on: server)
            let carol = try await Person.registered("Carol", on: server)

            let created = try await ada.client.createShareLink()
            #expect(created.link.description == "https://mailbox.example/share/contact/\(created.link.token)/\(ada.identity.nodeID.rawValue)")
            #expect(created.link.owner == ada.identity.nodeID)
            let resolved = try await MailboxClient(server: server).resolve(created.link)
            #expect(resolved.owner == ada.identity.nodeID)
            #expect(resolved.card.card.name == "Ada")

            let pasted = try #require(ShareLink(parsing: created.link.appURL))
            let sent = try await bob.client.sendFriendRequest(to: .shareLink(pasted), card: bob.card, note: "Good to meet you")
            #expect(sent.route == .token && sent.status == .pending)
            #expect(sent.receiver == ada.identity.nodeID)

            do throws(MailboxClientError) {
                _ = try await carol.client.sendFriendRequest(to: .shareLink(pasted), card: carol.card)
                Issue.record("a used link was used again")
            } catch {
                #expect(error == .refused(.linkUsed, owner: nil))
                // The sentence names Ada: resolving the used link tells whose it was, her card her name.
                #expect(await carol.client.sentence(for: error, about: pasted) == "This link was already used. Ask Ada for a new one.")
            }
            await #expect(throws: MailboxClientError.refused(.linkUsed, owner: ada.identity.nodeID)) {
                try await carol.client.resolve(pasted)
            }
        }
    }

    @Test func aRequestAcceptedGivesBothSidesTheOthersVerifiedCard() async throws {
        try await LiveMailbox().run { server in
            let ada = try await Person.registered("Ada", on: server)
            let bob = try await Person.registered("Bob", on: server)
            // A note that could control the receiver's screen is refused before anything is sent.
            await #expect(throws: MailboxClientError.self) {
                try await bob.client.sendFriendRequest(to: .nodeID(ada.identity.nodeID), card: bob.card, note: "Hi\u{1B}[2J")
            }
            let sent = try await bob.client.sendFriendRequest(to: .nodeID(ada.identity.nodeID), card: bob.card, note: "Hi Ada 👋")
            #expect(try await ada.client.badge() == 1)

            let received = try await ada.client.friendRequests(.received)
            #expect(received.map(\.id) == [sent.id])
            #expect(received.first?.senderCard == bob.card)
            #expect(received.first?.note == "Hi Ada 👋")

            let accepted = try await ada.client.acceptFriendRequest(sent.id, card: ada.card)
            #expect(accepted.status == .accepted)
            #expect(accepted.senderCard == bob.card)
            let bobSees = try await bob.client.friendRequests(.sent, status: .accepted)
            #expect(bobSees.first?.otherCard(from: bob.identity.nodeID) == ada.card)
            #expect(try await ada.client.badge() == 0)

            await #expect(throws: MailboxClientError.refused(.requestNotPending(.accepted), owner: nil)) {
                try await bob.client.cancelFriendRequest(sent.id)
            }
            await #expect(throws: MailboxClientError.refused(.alreadyContacts, owner: nil)) {
                try await bob.client.sendFriendRequest(to: .nodeID(ada.identity.nodeID), card: bob.card)
            }

            let contacts = try await ada.client.contacts()
            #expect(contacts.map(\.nodeID) == [bob.identity.nodeID])
            #expect(contacts.first?.card == bob.card)
            #expect(try await ada.client.setFavorite(true, for: bob.identity.nodeID).favorite)
            try await ada.client.deleteContact(bob.identity.nodeID)
            #expect(try await ada.client.contacts().isEmpty)
        }
    }

    @Test func declineAndCancelReachTheOtherSide() async throws {
        try await LiveMailbox().run { server in
            let ada = try await Person.registered("Ada", on: server)
            let bob = try await Person.registered("Bob", on: server)
            let first = try await bob.client.sendFriendRequest(to: .nodeID(ada.identity.nodeID), card: bob.card)
            await #expect(throws: MailboxClientError.refused(.notYourAnswer, owner: nil)) {
                try await bob.client.declineFriendRequest(first.id)
            }
            try await ada.client.declineFriendRequest(first.id)
            #expect(try await bob.client.friendRequest(first.id).status == .declined)

            let second = try await bob.client.sendFriendRequest(to: .nodeID(ada.identity.nodeID), card: bob.card)
            try await bob.client.cancelFriendRequest(second.id)
            #expect(try await ada.client.friendRequests(.received, status: .cancelled).map(\.id) == [second.id])
            await #expect(throws: MailboxClientError.refused(.unknownRequest, owner: nil)) {
                try await ada.client.friendRequest("not/an id")
            }
        }
    }

    @Test func refusalsArriveAsTheirCases() async throws {
        try await LiveMailbox().run { server in
            let ada = try await Person.registered("Ada", on: server)
            let link = try await ada.client.createShareLink()
            await #expect(throws: MailboxClientError.refused(.ownLink, owner: nil)) {
                try await ada.client.sendFriendRequest(to: .shareLink(link.link), card: ada.card)
            }
            try await ada.client.revoke(link.link)
            await #expect(throws: MailboxClientError.refused(.linkRevoked, owner: ada.identity.nodeID)) {
                try await MailboxClient(server: server).resolve(link.link)
            }
            await #expect(throws: MailboxClientError.refused(.linkUnknown, owner: nil)) {
                try await ada.client.revoke(try #require(ShareLink(token: String(repeating: "A", count: 43))))
            }
            let tooLong = String(repeating: "é", count: NoteLimits.characters + 1)
            await #expect(throws: MailboxClientError.self) {
                try await ada.client.sendFriendRequest(to: .nodeID(Identity.generate().nodeID), card: ada.card, note: tooLong)
            }
            await #expect(throws: MailboxClientError.refused(.passSigningNotOffered, owner: nil)) {
                try await ada.client.passSigner()
            }
            await #expect(throws: MailboxClientError.noIdentity) {
                try await MailboxClient(server: server).badge()
            }
        }
    }

    @Test func anExpiredTokenIsRenewedWithoutTheAppNoticing() async throws {
        let mailbox = try LiveMailbox()
        try await mailbox.run { server in
            let ada = try await Person.registered("Ada", on: server)
            let first = try await ada.client.signIn()
            // The server's clock passes the token's hour; the client still believes in it and is told 401.
            mailbox.clock.advance(by: 2 * 60 * 60)
            #expect(try await ada.client.badge() == 0)
            let second = try await ada.client.signIn()
            #expect(second.token != first.token)
        }
    }

    /// Signing out everywhere ends the other devices' sessions too; the client itself signs in again on its
    /// next call.
    @Test func signingOutEverywhereEndsEveryDevicesSession() async throws {
        try await LiveMailbox().run { server in
            let ada = try await Person.registered("Ada", on: server)
            let otherDevice = MailboxClient(server: server, identity: ada.identity)
            let other = try await otherDevice.signIn()
            try await ada.client.signOut(everywhere: true)
            await #expect(throws: MailboxClientError.self) { try await MailboxClient(server: server).account() }
            // The other device's token was ended: its next call signs in again, with a new token.
            _ = try await otherDevice.account()
            let renewed = try await otherDevice.signIn()
            #expect(renewed.token != other.token)
            #expect(try await ada.client.account().nodeID == ada.identity.nodeID, "a signed-out client signs in again when asked")
        }
    }

    /// A link names the Node ID of whoever made it, so a server cannot hand out another person's valid card
    /// under it: here Ada's token, in a link that says Bob made it.
    @Test func aLinkThatNamesItsOwnerTakesOnlyTheirCard() async throws {
        try await LiveMailbox().run { server in
            let ada = try await Person.registered("Ada", on: server)
            let bob = try await Person.registered("Bob", on: server)
            let created = try await ada.client.createShareLink()
            let forged = try #require(ShareLink(token: created.link.token, owner: bob.identity.nodeID))
            let anyone = MailboxClient(server: server)
            do throws(MailboxClientError) {
                _ = try await anyone.resolve(forged)
                Issue.record("a card that is not the link's owner's was taken")
            } catch {
                guard case .notTheLinkOwnersCard(bob.identity.nodeID, ada.identity.nodeID) = error else { Issue.record("\(error)"); return }
                #expect(error.description.contains(bob.identity.nodeID.rawValue) && error.description.contains(ada.identity.nodeID.rawValue))
            }
            #expect(try await anyone.resolve(created.link).card.card.name == "Ada")
            // A refusal is about the owner the link names, whatever the server says.
            try await ada.client.revoke(created.link)
            await #expect(throws: MailboxClientError.refused(.linkRevoked, owner: bob.identity.nodeID)) { try await anyone.resolve(forged) }
        }
    }

    @Test func anUnreachableServerIsASentence() async throws {
        var configuration = MailboxClient.Configuration()
        configuration.requestTimeout = .seconds(5)
        // Port 9 (discard) on loopback: nothing listens there in the test environment.
        let client = MailboxClient(server: try #require(URL(string: "http://127.0.0.1:9")), configuration: configuration)
        do throws(MailboxClientError) {
            _ = try await client.card(of: Identity.generate().nodeID)
            Issue.record("an unreachable server answered")
        } catch {
            guard case .unreachable(let host, _) = error else { Issue.record("\(error)"); return }
            #expect(host == "127.0.0.1")
            #expect(error.description.hasPrefix("Could not reach 127.0.0.1: "))
        }
        #expect(throws: MailboxClientError.badServerURL("ftp://x")) { try MailboxClient(serverAddress: "ftp://x") }
        // A host the resolver would read as a number in another base is refused as an address; an IPv6 one is read.
        #expect(throws: MailboxClientError.badServerURL("http://0x7f000001:9")) { try MailboxClient(serverAddress: "http://0x7f000001:9") }
        #expect(try MailboxClient(serverAddress: "http://[::1]:9").server.absoluteString == "http://[::1]:9")
    }
}
