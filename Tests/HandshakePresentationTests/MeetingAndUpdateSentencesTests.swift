import Foundation
import HandshakeCore
import HandshakePresentation
import HandshakeStore
import Testing

/// How a meeting and a card's last update are said, the same on `contact show` and the web app's pages.
struct MeetingAndUpdateSentencesTests {
    static let noon = Date(timeIntervalSince1970: 1_764_676_800)  // 2025-12-02 12:00 UTC
    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }

    @Test func aMeetingSaysHowItWasSecuredAndWhichServerCarriedIt() {
        var meeting = ExchangeRecord(exchangedAt: Self.noon, source: .comparedCode, handshakeHash: [])
        #expect(MeetingSentences.how(meeting).plain == "face to face, after comparing the 6-digit code")
        meeting.source = .sessionSecret
        meeting.throughServer = ServerOrigin("https://mailbox.example:8443")
        let how = MeetingSentences.how(meeting)
        #expect(how.plain == "face to face, by a tap or a typed code, through the server mailbox.example")
        #expect(how.values == ["mailbox.example"], "the host is a value, escaped where it is drawn")
        #expect(MeetingSentences.commonFriends(meeting).plain == "no common friends")
        meeting.commonFriends = [Identity.generate().sigKey]
        #expect(MeetingSentences.commonFriends(meeting).plain == "1 common friend")
    }

    /// The changes between Ada's card and the same card after `change`.
    static func changes(_ change: (inout ContactCard) -> Void) throws -> CardChanges {
        var ada = try Person(name: "Ada Lovelace")
        let before = ada.card.card
        try ada.edit(change)
        return CardChanges(from: before, to: ada.card.card)
    }

    @Test func anUpdateSaysItsDayAndWhatChanged() throws {
        let title = CardUpdate(at: Self.noon.addingTimeInterval(-3600), changes: try Self.changes {
            $0.title = "Analyst"
            $0.phones = ["+44 20 7946 0018"]
        })
        #expect(RefreshSentences.updated(title, now: Self.noon, calendar: Self.utc).plain == "Updated today: title, phones.")
        let yesterday = CardUpdate(at: Self.noon.addingTimeInterval(-86_400), changes: try Self.changes { _ in })
        #expect(RefreshSentences.updated(yesterday, now: Self.noon, calendar: Self.utc).plain == "Updated yesterday: only its date.")
        let older = CardUpdate(at: Self.noon.addingTimeInterval(-10 * 86_400), changes: try Self.changes { $0.bio = "Poet of science" })
        #expect(RefreshSentences.updated(older, now: Self.noon, calendar: Self.utc).plain.hasPrefix("Updated on "))
        #expect(RefreshSentences.updated(older, now: Self.noon, calendar: Self.utc).plain.hasSuffix(": bio."))
        #expect(RefreshSentences.listMarksUpdates(since: Self.noon) == Self.noon.addingTimeInterval(-7 * 86_400))
    }

    @Test func aCardNotPublishedSaysItIsSavedHereAndWhatComesNext() {
        #expect(PublishSentences.published(to: "https://mailbox.example").plain == "Published your card to https://mailbox.example.")
        let why = PublishSentences.notPublished(reason: "Could not reach mailbox.example: the connection timed out.")
        #expect(why.plain == "Your card is saved here, but was not published to your server: Could not reach mailbox.example: the connection timed out. "
            + "Your contacts get it with your next change, or when you register with the server again.")
        #expect(PublishSentences.notPublished().plain.hasPrefix("Your card is saved here, but was not published to your server (it did not answer, or refused it)."))
    }
}
