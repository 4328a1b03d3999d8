// Face to face's buttons, as the coordinator hears them: each row is the question the snapshot holds, the
// button pressed (as the form reads it), and the answer the coordinator is given.
import Foundation
import HandshakeCore
import HandshakeNearby
import HandshakeStore
import HandshakeTestSupport
import Testing

@testable import HandshakeWebApp

@Suite("Face to face: what a button answers")
struct FaceToFaceAnswerTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let question: Question
        let form: NearbyAnswerForm
        let answer: NearbyAnswer

        var testDescription: String { name }
    }

    /// The question on screen, with Bob's card where it carries one.
    enum Question: Sendable {
        case exchange, request, addSomeoneNew, addAMatch, addTwoMatches, note

        func withCard() throws -> NearbyQuestion {
            let bob = try Fixture.namedCard("Bob Babbage", by: Fixture.other)
            let bobB = Contact(
                id: 7, details: CardFields(name: "Bob B."), addedAt: Date(timeIntervalSince1970: 0), source: .vcard, verificationStatus: .unverified)
            return switch self {
            case .exchange: .exchange(theirRequest: nil)
            case .request: .request(bob)
            case .addSomeoneNew: .keep(NearbyKeepQuestion(card: bob, matches: [], offersIgnore: true))
            case .addAMatch: .keep(NearbyKeepQuestion(card: bob, matches: [bobB], offersIgnore: true))
            case .addTwoMatches:
                .keep(NearbyKeepQuestion(card: bob, matches: [bobB, Contact(id: 8, details: CardFields(name: "Robert"), addedAt: bobB.addedAt, source: .vcard, verificationStatus: .unverified)], offersIgnore: true))
            case .note: .note
            }
        }
    }

    static let rows: [Row] = [
        Row(name: "the confirm screen's button exchanges", question: .exchange, form: .init(answer: .yes), answer: .exchange(.exchange)),
        Row(name: "Accept shows our own card first (EX-2)", question: .request, form: .init(answer: .yes), answer: .review),
        Row(name: "Decline", question: .request, form: .init(answer: .no), answer: .decline),
        Row(name: "a button the form does not name declines", question: .request, form: .init(), answer: .decline),
        Row(name: "Add someone new", question: .addSomeoneNew, form: .init(answer: .yes), answer: .keep(.add(trust: .trusted))),
        Row(name: "Add a card that matches a contact: a contact of its own", question: .addAMatch, form: .init(answer: .yes),
            answer: .keep(.addSeparately(trust: .trusted))),
        Row(name: "Don't add", question: .addSomeoneNew, form: .init(answer: .no), answer: .keep(.ignore)),
        Row(name: "Send note", question: .note, form: .init(answer: .note, note: "Hello Bob"), answer: .note("Hello Bob")),
        Row(name: "Send with an empty box: no note", question: .note, form: .init(answer: .note, note: ""), answer: .noNote),
        Row(name: "Merge into the one contact the card matches", question: .addAMatch, form: .init(answer: .merge), answer: .keep(.merge(into: 7))),
        Row(name: "Add separately", question: .addAMatch, form: .init(answer: .separately), answer: .keep(.addSeparately(trust: .trusted))),
        Row(name: "Merge asked of a card that matches nobody adds it", question: .addSomeoneNew, form: .init(answer: .merge),
            answer: .keep(.add(trust: .trusted))),
        Row(name: "Merge asked of a card that matches two contacts merges into neither: a contact of its own", question: .addTwoMatches,
            form: .init(answer: .merge), answer: .keep(.addSeparately(trust: .trusted))),
    ]

    @Test(arguments: rows)
    func answer(_ row: Row) throws {
        #expect(FaceToFace.answer(to: try row.question.withCard(), row.form.reply) == row.answer)
    }
}
