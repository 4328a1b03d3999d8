// Face to face as seed 001 draws it, screen by screen: each test hands the screen's model a snapshot the
// coordinator could make and reads what the live part (or the banner on other screens) draws from it.
import Foundation
import HandshakeCore
@_spi(Wire) import HandshakeExchange
import HandshakeNearby
import HandshakeStore
import HandshakeTestSupport
import Testing

@testable import HandshakeWebApp

@MainActor
@Suite("Face to face: the seed's screens, drawn from the snapshot")
struct FaceToFaceScreenTests {
    let account: HandshakeAccount
    let model: FaceToFace
    let ownCard: SignedCard
    let bob: SignedCard
    let bobsDevice = NearbyPeer(id: "b0b0b0b0b0b0b0b0", displayName: "Bob Babbage")
    let session: NearbySnapshot.Session

    init() throws {
        account = try HandshakeAccount.create(name: "Ada Lovelace", storage: .directory(ScreenTextTests.container()))
        model = FaceToFace(account: account)
        ownCard = try account.issueCard()
        bob = try Fixture.namedCard("Bob Babbage", by: Fixture.other)
        session = NearbySnapshot.Session(peer: bobsDevice, shortCode: "123456", commonFriends: .found(["Carol Herschel"]))
    }

    func live(_ stage: NearbySnapshot.Stage) -> String {
        model.take(NearbySnapshot(stage: stage, ownCard: ownCard))
        return FaceToFaceScreen.live(model, formToken: "F0rm").description
    }

    @Test func theStartScreenDoesNotShowYourNameUnlessYouSaySo() {
        let start = FaceToFaceScreen.live(model, formToken: "F0rm").description
        #expect(start.contains("Show my name to people nearby") && !start.contains("checked"))
    }

    @Test func discoveryShowsEachPersonWithTheirCommonFriendsAndNobodyFoundOffersTryAgain() {
        let way = NearbySnapshot.Looking.Way.list(instance: "a0a0a0a0a0a0a0a0", port: 1, showsName: false)
        let people = [
            NearbyPerson(peer: bobsDevice, number: 1, commonFriendCount: 3),
            NearbyPerson(peer: NearbyPeer(id: "c0c0c0c0c0c0c0c0", displayName: "Mei"), number: 2, commonFriendCount: 0),
        ]
        let list = live(.looking(NearbySnapshot.Looking(way: way, people: people)))
        #expect(list.contains("<span class=\"who\">Bob Babbage</span><span class=\"friends\">👥 3 common friends</span>"), "\(list)")
        #expect(list.contains("<span class=\"who\">Mei</span></button>"), "no badge for nobody in common")
        #expect(list.contains("Stop searching") && !list.contains("Try again"))
        // The photo a device sent before anyone chose, beside its name: a data URL the page's policy allows.
        let photo = try? Avatar(data: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 7])
        let withPhoto = live(.looking(NearbySnapshot.Looking(way: way, people: [NearbyPerson(peer: bobsDevice, number: 1, commonFriendCount: nil, photo: photo)])))
        #expect(withPhoto.contains("<span class=\"who\"><img class=\"thumb\" src=\"data:image/png;base64,iVBORw0KGgoH\" alt=\"\" width=\"40\" height=\"40\">Bob Babbage</span>"), "\(withPhoto)")
        let nobody = live(.looking(NearbySnapshot.Looking(way: way, nobodyFound: "Nobody nearby was found in 30 seconds.")))
        #expect(nobody.contains("<h2>No one nearby was found</h2>") && nobody.contains("Try again") && nobody.contains(AppPath.retryNearby.href))
    }

    @Test func theConfirmScreenShowsYourOwnCardAndOneButton() {
        let confirm = live(.confirm(NearbySnapshot.Confirm(session: session)))
        #expect(confirm.contains("Exchange cards with Bob Babbage"))
        #expect(confirm.contains("You and Bob Babbage have 1 common friend: Carol Herschel"))
        #expect(confirm.contains("<h3>Your card</h3>") && confirm.contains("Ada Lovelace") && confirm.contains("Edit card"))
        #expect(confirm.components(separatedBy: "class=\"primary\"").count == 2, "one primary button")
        #expect(confirm.contains(">Exchange cards</button>"))
        // The 6-digit code says what it is for, in words on the screen.
        #expect(confirm.contains("<p class=\"muted\">\(NearbySentences.compareTheCode)</p>"), "\(confirm)")
        // Both chose each other and their request came first: the same button accepts it.
        let mutual = live(.confirm(NearbySnapshot.Confirm(session: session, theirRequest: bob)))
        #expect(mutual.contains(">Accept and exchange cards</button>") && !mutual.contains("Decline"))
        // Their request's clock goes on under our own card: the same countdown as on their screen.
        #expect(!mutual.contains("data-countdown="), "no deadline given, none drawn")
        let counting = live(.confirm(NearbySnapshot.Confirm(session: session, theirRequest: bob, requestDeadline: .seconds(60))))
        #expect(counting.contains("data-countdown=") && counting.contains(" seconds left to answer."), "\(counting)")
        #expect(!confirm.contains("data-countdown="), "before any request, nothing counts down")
    }

    @Test func waitingSaysWhoTheRequestWentToWithTheSecondsLeftAndCancel() {
        let waiting = live(.waiting(NearbySnapshot.Waiting(session: session, kind: .exchange, deadline: .seconds(60))))
        #expect(waiting.contains("Request sent to Bob Babbage — waiting for a response"))
        #expect(waiting.contains("data-countdown=") && waiting.contains(" seconds left.") && waiting.contains("Cancel request"))
    }

    @Test func theirRequestIsAQuestionHereAndABannerOnEveryOtherScreen() {
        let request = NearbySnapshot.Request(session: session, theirCard: bob, kind: .exchange, deadline: .seconds(60))
        let screen = live(.incomingRequest(request))
        #expect(screen.contains("Bob Babbage asks to exchange cards.") && screen.contains(">Accept</button>") && screen.contains(">Decline</button>"))
        let banner = FaceToFaceBanner.banner(model, formToken: "F0rm").description
        #expect(banner.contains("role=\"alert\"") && banner.contains("Bob Babbage asks to exchange cards.") && banner.contains(">Accept</button>"))
        var answered = request
        answered.answer = .accept
        model.take(NearbySnapshot(stage: .incomingRequest(answered), ownCard: ownCard))
        #expect(FaceToFaceBanner.banner(model, formToken: "F0rm").description.isEmpty, "nothing asks once answered")
    }

    @Test func successShowsTheirCardSavedTheOpenNoteBoxAndWaitingForTheirs() throws {
        let contact = Contact(id: 9, details: bob.card.fields, addedAt: Date(), source: .nearby, verificationStatus: .verified)
        let success = NearbySnapshot.Success(
            session: session, theirCard: bob, ourCardSent: true, saving: .kept(.added(contact)), ourNote: .writing(refused: nil), theirNote: nil)
        let screen = live(.succeeded(success))
        #expect(screen.contains("Card exchanged with Bob Babbage") && screen.contains("✅ Verified") && screen.contains("👥 1 common friend"))
        #expect(screen.contains("Added Bob Babbage to your contacts.") && !screen.contains(">Add</button>"), "saved without a question")
        #expect(screen.contains("<textarea id=\"note\"") && screen.contains("Write a note to Bob Babbage"))
        #expect(screen.contains("Waiting…") && screen.contains(">Done</button>"))
        var arrived = success
        arrived.theirNote = "Hello Ada"
        arrived.ourNote = .sent("Hi Bob")
        let both = live(.succeeded(arrived))
        #expect(both.contains("Hello Ada") && both.contains("You wrote: “Hi Bob”") && !both.contains("Waiting…") && !both.contains("<textarea"))
    }

    @Test func aRefusedNoteStaysInTheBoxWithTheReasonAndIsNotShownAsWritten() {
        let long = String(repeating: "é", count: 141)
        let success = NearbySnapshot.Success(
            session: session, theirCard: bob, ourCardSent: true, saving: .storing, ourNote: .writing(refused: RefusedNote(text: long, reason: .tooLong(141))),
            theirNote: nil)
        let screen = live(.succeeded(success))
        #expect(screen.contains(">\n\(long)</textarea>") && screen.contains("Not sent: A note can have at most") && !screen.contains("You wrote"))
        #expect(screen.contains("1 characters too many."), "the count the rule applies, in scalars")
    }

    @Test("a note refused for a hidden character comes back to its box as typed, never as the escape that shows it")
    func aRefusedNoteComesBackAsTyped() {
        let typed = "See you\u{202E} soon"
        let success = NearbySnapshot.Success(
            session: session, theirCard: bob, ourCardSent: true, saving: .storing,
            ourNote: .writing(refused: RefusedNote(text: typed, reason: .controlCharacter)), theirNote: nil)
        let screen = live(.succeeded(success))
        #expect(screen.contains(">\nSee you&#x202E; soon</textarea>"), "the browser reads the reference back as U+202E")
        #expect(!screen.contains("See you\\u{202E}"), "the box never holds the visible escape, which Send would send")
        #expect(screen.contains("Not sent:"))
    }

    @Test func aCardThatMatchesAContactAsksToMergeInline() {
        let existing = Contact(id: 7, details: CardFields(name: "Bob B."), addedAt: Date(), source: .vcard, verificationStatus: .unverified)
        let question = NearbyKeepQuestion(card: bob, matches: [existing], offersIgnore: false)
        let success = NearbySnapshot.Success(
            session: session, theirCard: bob, ourCardSent: true, saving: .asking(question), ourNote: .writing(refused: nil), theirNote: nil)
        let screen = live(.succeeded(success))
        #expect(screen.contains("Merge with existing Bob B.?") && screen.contains(">Merge</button>") && screen.contains(">Add separately</button>"))
        #expect(!screen.contains("Don't add"), "choosing them said yes already")
    }

    @Test func theOtherPersonLeavingIsSaidAndNothingIsAsked() {
        let record = ExchangeRecord(exchangedAt: Date(timeIntervalSince1970: 1_800_000_000), source: .comparedCode, handshakeHash: [1, 2, 3])
        let swap = NearbySnapshot.Success(
            session: session, theirCard: bob, ourCardSent: true, saving: .storing, ourNote: .tooLate, theirNote: nil)
        let screen = live(.ended(NearbySnapshot.Ended(outcome: .theyLeft(record), session: session, swap: swap)))
        #expect(screen.contains("Bob Babbage left. The cards were exchanged.") && !screen.contains("<textarea") && !screen.contains("Waiting…"))
    }

    @Test func theCommonFriendsComeLive() {
        func confirm(_ friends: NearbyCommonFriends) -> String {
            live(.confirm(NearbySnapshot.Confirm(session: .init(peer: nil, shortCode: "123456", commonFriends: friends))))
        }
        #expect(confirm(.pending).contains("<p class=\"muted\" role=\"status\">Looking for common friends…</p>"))
        #expect(confirm(.found([])).contains("You and them have no common friends.") && !confirm(.found([])).contains("Looking for"))
        #expect(confirm(.found(["Carol Herschel"])).contains("You and them have 1 common friend: Carol Herschel"))
    }
}
