// A friend request as typed: the target parsed one way, the note checked by the note rule (by scalar), the
// refusals as sentences with the typed text a value.
import HandshakeCore
import HandshakeMailbox
import HandshakePresentation
import Testing

@Suite("friend request draft")
struct FriendRequestDraftTests {
    let nodeID = Identity.generate().nodeID

    @Test("a Node ID or a share link, spaces around it ignored; an empty note is no note")
    func targets() throws {
        let draft = try FriendRequestDraft(target: "  \(nodeID.rawValue)\n", note: "   ")
        #expect(draft.target == .nodeID(nodeID))
        #expect(draft.note == nil)
        let link = "https://mailbox.example.org/share/contact/\(String(repeating: "A", count: 43))/\(nodeID.rawValue)"
        if let parsed = ShareLink(parsing: link) {
            #expect(try FriendRequestDraft(target: link, note: " Hi ").target == .shareLink(parsed))
            #expect(try FriendRequestDraft(target: link, note: " Hi ").note == "Hi")
        }
    }

    @Test("neither a Node ID nor a share link: the typed text is a value, quoted and escaped in the description")
    func notATarget() {
        #expect(throws: FriendRequestDraftError.notATarget("bob\u{1B}")) { try FriendRequestDraft(target: "bob\u{1B}", note: nil) }
        let error = FriendRequestDraftError.notATarget("bob\u{1B}")
        #expect(error.sentence.values == ["bob\u{1B}"])
        #expect(!error.description.contains("\u{1B}"))
        #expect(error.description.hasSuffix(" is neither a Node ID nor a share link."))
    }

    @Test("the note limit counts Unicode scalars, as every note rule does")
    func noteLimit() throws {
        let limit = FriendRequestDraft.noteLimit
        #expect(limit == NoteLimits.characters)
        #expect(try FriendRequestDraft(target: nodeID.rawValue, note: String(repeating: "a", count: limit)).note?.count == limit)
        #expect(throws: FriendRequestDraftError.note(.tooLong(length: limit + 1, limit: limit))) {
            try FriendRequestDraft(target: nodeID.rawValue, note: String(repeating: "a", count: limit + 1))
        }
        // e + a combining acute: one Character, two scalars. As many Characters as the limit is over it.
        let accented = String(repeating: "e\u{301}", count: limit)
        #expect(accented.count == limit)
        #expect(throws: FriendRequestDraftError.self) { try FriendRequestDraft(target: nodeID.rawValue, note: accented) }
        let refusal = FriendRequestDraftError.note(.tooLong(length: 141, limit: 140))
        #expect(refusal.description == "The note is 141 characters long; the limit is 140.")
    }
}
