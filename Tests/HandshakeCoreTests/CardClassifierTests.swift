import Foundation
import HandshakeTestSupport
import Testing

@_spi(Wire) @testable import HandshakeCore

@Suite("Classifying a verified card against the contact book")
struct CardClassifierTests {
    let stored = Fixture.businessCard()

    @Test func unknownNodeIDIsNew() {
        #expect(CardClassifier.classify(stored, known: nil) == .new)
        #expect(ReceiveDecision.new.summary == "This is someone new.")
    }

    @Test func newerCardIsAnUpdateWithItsChanges() {
        var incoming = stored
        incoming.updatedAt += 1
        incoming.company = "Babbage & Co"
        incoming.emails.append("ada@babbage.example")
        let decision = CardClassifier.classify(incoming, known: stored)
        #expect(decision == .update(CardChanges(from: stored, to: incoming)))
        guard case .update(let changes) = decision else { return }
        #expect(changes.fields == [.company, .emails])
        #expect(decision.summary == "This card updates company, emails.")
    }

    @Test func newerCardWithoutChanges() {
        var incoming = stored
        incoming.updatedAt += 5
        guard case .update(let changes) = CardClassifier.classify(incoming, known: stored) else {
            Issue.record("a strictly newer card is an update")
            return
        }
        #expect(changes.isEmpty)
    }

    @Test func equalOrOlderIsNotNewer() {
        var older = stored
        older.updatedAt -= 1
        older.name = "Someone Else"
        #expect(CardClassifier.classify(stored, known: stored) == .notNewer(storedUpdatedAt: stored.updatedAt))
        #expect(CardClassifier.classify(older, known: stored) == .notNewer(storedUpdatedAt: stored.updatedAt))
    }

    @Test func differentKeyIsAConflictEvenWhenNewer() {
        var incoming = stored
        incoming.sigKey = Fixture.other.sigKey
        incoming.updatedAt += 1000
        #expect(CardClassifier.classify(incoming, known: stored) == .keyConflict(knownSigKey: stored.sigKey))
    }
}
