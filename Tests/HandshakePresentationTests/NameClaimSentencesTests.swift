import Foundation
import HandshakeCore
import HandshakePresentation
import HandshakeStore
import Testing

@Suite("what a name from outside is, in words")
struct NameClaimSentencesTests {
    @Test("a namesake is told apart by name, key and lookalike; a known key is shown as the contact")
    func warnings() throws {
        let book = try ContactBook()
        let bob = try book.add(try Person(name: "Bob Babbage").card, source: .nearby, now: now)
        let impostor = try Person(name: "Bob Babbage").card
        let claim = try book.nameClaim(of: impostor)
        #expect(NameClaimSentences.warning(claim, claimed: "Bob Babbage")?.plain == "Not your contact Bob Babbage: a different key, never seen before.")
        #expect(NameClaimSentences.warning(claim, claimed: "Bob Babbage")?.values == ["Bob Babbage"])
        let cyrillic = try book.nameClaim(of: try Person(name: "Bоb Babbage").card)
        #expect(NameClaimSentences.warning(cyrillic, claimed: "Bоb Babbage")?.plain
            == "Not your contact Bob Babbage: a different key, never seen before. Their name only looks like it.")
        let warning = try #require(NameClaimSentences.warning(claim, claimed: "Bob Babbage"))
        #expect(NameClaimSentences.acceptQuestion(warning).plain.hasSuffix("Accept anyway?"))
        #expect(NameClaimSentences.warning(claim, claimed: "Bob Babbage", nodeID: impostor.nodeID)?.plain
            == "Not your contact Bob Babbage: a different key, never seen before. Their Node ID: \(impostor.nodeID.rawValue).")
        #expect(NameClaimSentences.name(of: impostor, claim: claim) == "Bob Babbage")

        _ = try book.update(bob.id, ContactEdit(alias: "Uncle Bob"))
        var real = try Person(name: "Robert")
        let robert = try book.add(real.card, source: .nearby, now: now)
        try real.edit { $0.name = "Bob Babbage" }
        let known = try book.nameClaim(of: real.card)
        #expect(NameClaimSentences.name(of: real.card, claim: known) == robert.displayName)
        #expect(NameClaimSentences.warning(known, claimed: "Bob Babbage") == nil)
        #expect(NameClaimSentences.warning(.stranger, claimed: "Anyone") == nil)
    }

    @Test("what verified means: a compared code, a meeting, or a signature only")
    func standing() throws {
        let book = try ContactBook()
        let met = try book.add(try Person(name: "Ada").card, source: .nearby, now: now)
        let linked = try book.add(try Person(name: "Eve").card, source: .serverRequest, now: now)
        #expect(NameClaimSentences.standing(of: met).plain == "Met in person; code not compared.")
        #expect(NameClaimSentences.standing(of: linked).plain == "Signed by its own key only: never met in person, code not compared.")
    }
}
