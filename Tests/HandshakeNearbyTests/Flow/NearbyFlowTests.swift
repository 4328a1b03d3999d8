import Foundation
import HandshakeCore
@_spi(Wire) @testable import HandshakeExchange
@_spi(Wire) @testable import HandshakeNearby
import HandshakeStore
import HandshakeTestSupport
import Testing

/// The coordinator's state machine, driven state by state: each row starts a flow, feeds it what happened to
/// reach a state (`given`), then one more thing (`when`), and checks the steps it asked for and the stage a
/// screen draws. No session, book, network or clock: the rows are the transitions themselves.
@Suite("NearbyFlow: the coordinator's transitions")
struct NearbyFlowTests {
    /// What happens to a flow, in a row: the session's screens, the person's answers, the results of steps.
    enum Happening: Sendable {
        case looking
        case claim(Origin)
        case confirm
        case waiting
        case request
        case swapped(ourNote: String? = nil, theirNote: String? = nil, friends: CommonFriendsStatus = .found([]))
        case ended(Ending)
        case answer(NearbyAnswer)
        case cardNotSent
        case previewed(Preview)
        case kept
        case noteRefused(String)
        case grace
        case nobodyFound
        /// The person chose this device id in the list (`bob` is the one the claims are with).
        case chose(String)
        case stopping
        case runEnded

        enum Origin: Sendable { case chosen, theirRequest, direct, sharedSecret }
        enum Ending: Sendable { case completed(theirNote: String?), declined, requestExpired, failed, closed, declinedByUs, cancelledByUs, cancelledByThem, theyLeft }
        enum Preview: Sendable { case new, newMatching, update, blocked }
    }

    /// One transition.
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        var policy = NearbyFlow.Policy()
        let given: [Happening]
        let when: Happening
        let steps: [String]
        let stage: String

        var testDescription: String { name }
    }

    static let atOnce = NearbyFlow.Policy(requestsAtOnce: true)
    /// An app's list screen: an attempt that ends short gives the list back.
    static let listScreen = NearbyFlow.Policy(backToList: true)
    static let keepingAtOnce = NearbyFlow.Policy(keeping: .atOnce)
    /// Reaching their request from the list: the person chose nobody.
    static let asked: [Happening] = [.looking, .claim(.theirRequest), .request]
    /// The cards crossed after accepting their request.
    static let swapped: [Happening] = asked + [.answer(.accept), .swapped()]
    static let chosen: [Happening] = [.looking, .claim(.chosen), .confirm]
    /// The device id the claims are with.
    static let bob = "b0b0b0b0b0b0b0b0"

    static let rows: [Row] = [
        // Looking and claiming.
        Row(name: "a connection claims the exchange while looking", given: [.looking], when: .claim(.chosen), steps: [], stage: "connecting"),
        Row(name: "a second connection is turned away", given: [.looking, .claim(.chosen)], when: .claim(.direct), steps: ["refused"], stage: "connecting"),
        Row(name: "nobody found in time is said on the looking screen", given: [.looking], when: .nobodyFound, steps: [], stage: "looking(nobody found)"),
        Row(name: "an answer while looking is refused", given: [.looking], when: .answer(.exchange(.exchange)), steps: ["notNow"], stage: "looking"),
        Row(name: "a token's connection that fails its handshake gives the looking screen back", given: [.looking, .claim(.sharedSecret)],
            when: .ended(.failed), steps: [], stage: "looking"),
        Row(name: "a chosen connection that fails before its channel opens ends the exchange", given: [.looking, .claim(.chosen)],
            when: .ended(.failed), steps: [], stage: "ended(session failed)"),
        Row(name: "the run ends with nobody met", given: [.looking], when: .runEnded, steps: [], stage: "ended(stopped)"),

        // The one-glance confirm.
        Row(name: "the channel opens on the confirm screen: its question is open", given: [.looking, .claim(.chosen)], when: .confirm,
            steps: ["channelOpened"], stage: "confirm(open)"),
        Row(name: "a person who chose before looking: the card goes at once", policy: atOnce, given: [.looking, .claim(.chosen)], when: .confirm,
            steps: ["channelOpened", "sendCard(exchange)"], stage: "confirm(exchange)"),
        Row(name: "a token or a code: the card goes at once", given: [.looking, .claim(.sharedSecret)], when: .confirm,
            steps: ["channelOpened", "sendCard(exchange)"], stage: "confirm(exchange)"),
        Row(name: "Exchange sends the card", given: chosen, when: .answer(.exchange(.exchange)), steps: ["sendCard(exchange)"], stage: "confirm(exchange)"),
        Row(name: "give only sends the card one way", given: chosen, when: .answer(.exchange(.give)), steps: ["sendCard(give)"], stage: "confirm(give)"),
        Row(name: "wait, then Exchange", given: chosen + [.answer(.wait)], when: .answer(.exchange(.exchange)), steps: ["sendCard(exchange)"],
            stage: "confirm(exchange)"),
        Row(name: "Exchange twice is refused", given: chosen + [.answer(.exchange(.exchange))], when: .answer(.exchange(.exchange)), steps: ["notNow"],
            stage: "confirm(exchange)"),
        Row(name: "the gate said no: the question is open again", given: chosen + [.answer(.exchange(.exchange))], when: .cardNotSent, steps: [],
            stage: "confirm(open)"),
        Row(name: "leaving the confirm screen closes the session", given: chosen, when: .answer(.leave), steps: ["close"], stage: "confirm(open)"),

        // Waiting for their answer.
        Row(name: "our request is out", given: chosen + [.answer(.exchange(.exchange))], when: .waiting, steps: [], stage: "waiting"),
        Row(name: "leaving while waiting takes the request back", given: chosen + [.answer(.exchange(.exchange)), .waiting], when: .answer(.leave),
            steps: ["cancelRequest"], stage: "waiting"),
        Row(name: "accepting while waiting is refused", given: chosen + [.answer(.exchange(.exchange)), .waiting], when: .answer(.accept),
            steps: ["notNow"], stage: "waiting"),
        Row(name: "they declined", given: chosen + [.answer(.exchange(.exchange)), .waiting], when: .ended(.declined), steps: [],
            stage: "ended(session declined)"),

        // Their request.
        Row(name: "their request to a person who chose nobody is a question", given: [.looking, .claim(.theirRequest)], when: .request,
            steps: ["channelOpened"], stage: "request(open)"),
        Row(name: "their request to a person who chose them is the confirm screen's button", given: chosen, when: .request, steps: [],
            stage: "confirm(their request, open)"),
        Row(name: "the confirm button accepts their request", given: chosen + [.request], when: .answer(.exchange(.exchange)),
            steps: ["sendCard(exchange)"], stage: "confirm(their request, exchange)"),
        Row(name: "Exchange said before their request came is the acceptance: not asked, not sent twice",
            given: chosen + [.answer(.exchange(.exchange))], when: .request, steps: [], stage: "confirm(their request, exchange)"),
        Row(name: "Exchange said on a direct connection's confirm screen accepts the request that crossed it",
            given: [.claim(.direct), .confirm, .answer(.exchange(.exchange))], when: .request, steps: [], stage: "request(accept)"),
        Row(name: "a person who accepts every request is not asked", policy: atOnce, given: [.looking, .claim(.theirRequest)], when: .request,
            steps: ["channelOpened", "sendCard(exchange)"], stage: "request(accept)"),
        Row(name: "Accept", given: asked, when: .answer(.accept), steps: ["sendCard(exchange)"], stage: "request(accept)"),
        Row(name: "Accept on their request first shows our own card (EX-2): nothing is sent yet", given: asked, when: .answer(.review),
            steps: [], stage: "confirm(their request, open)"),
        Row(name: "the button under our own card accepts their request", given: asked + [.answer(.review)], when: .answer(.exchange(.exchange)),
            steps: ["sendCard(exchange)"], stage: "confirm(their request, exchange)"),
        Row(name: "Decline", given: asked, when: .answer(.decline), steps: ["decline"], stage: "request(decline)"),
        Row(name: "leaving their request declines it", given: asked, when: .answer(.leave), steps: ["decline"], stage: "request(decline)"),
        Row(name: "choosing the person whose request is on screen is a mutual tap: the confirm screen", given: asked, when: .chose(bob),
            steps: [], stage: "confirm(their request, open)"),
        Row(name: "after a mutual tap the confirm button accepts their request", given: asked + [.chose(bob)], when: .answer(.exchange(.exchange)),
            steps: ["sendCard(exchange)"], stage: "confirm(their request, exchange)"),
        Row(name: "choosing someone else while a request is on screen changes nothing", given: asked, when: .chose("c0c0c0c0c0c0c0c0"),
            steps: ["notTheirs"], stage: "request(open)"),
        Row(name: "choosing them after answering their request changes nothing", given: asked + [.answer(.decline)], when: .chose(bob),
            steps: ["notTheirs"], stage: "request(decline)"),
        Row(name: "choosing them on the confirm screen changes nothing: chosen already", given: chosen + [.request], when: .chose(bob),
            steps: ["notTheirs"], stage: "confirm(their request, open)"),
        Row(name: "a second answer is refused", given: asked + [.answer(.accept)], when: .answer(.decline), steps: ["notNow"], stage: "request(accept)"),
        Row(name: "their request expired", given: asked, when: .ended(.requestExpired), steps: [], stage: "ended(session requestExpired)"),
        Row(name: "an answer after the end is refused", given: asked + [.ended(.requestExpired)], when: .answer(.accept), steps: ["notNow"],
            stage: "ended(session requestExpired)"),

        // An attempt from the list that ends short, on a list screen: the list again (seed 001, "Declined → back to EX-1").
        Row(name: "Cancel on the confirm screen gives the list back", policy: listScreen, given: chosen + [.answer(.leave)], when: .ended(.closed),
            steps: ["backToList(closed)"], stage: "looking"),
        Row(name: "Cancel request gives the list back", policy: listScreen, given: chosen + [.answer(.exchange(.exchange)), .waiting, .answer(.leave)],
            when: .ended(.cancelledByUs), steps: ["backToList(cancelledByUs)"], stage: "looking"),
        Row(name: "they declined: the list again", policy: listScreen, given: chosen + [.answer(.exchange(.exchange)), .waiting], when: .ended(.declined),
            steps: ["backToList(declined)"], stage: "looking"),
        Row(name: "we declined their request: the list again", policy: listScreen, given: asked + [.answer(.decline)], when: .ended(.declinedByUs),
            steps: ["backToList(declinedByUs)"], stage: "looking"),
        Row(name: "they took their request back: the list again", policy: listScreen, given: asked, when: .ended(.cancelledByThem),
            steps: ["backToList(cancelledByThem)"], stage: "looking"),
        Row(name: "their request expired: the list again", policy: listScreen, given: asked, when: .ended(.requestExpired),
            steps: ["backToList(requestExpired)"], stage: "looking"),
        Row(name: "they left the confirm screen: the list again", policy: listScreen, given: chosen, when: .ended(.theyLeft),
            steps: ["backToList(theyLeft)"], stage: "looking"),
        Row(name: "Cancel while connecting to the person chosen: the list again", policy: listScreen, given: [.looking, .claim(.chosen)],
            when: .ended(.closed), steps: ["backToList(closed)"], stage: "looking"),
        Row(name: "the list given back takes a new claim", policy: listScreen, given: chosen + [.answer(.leave), .ended(.closed)], when: .claim(.chosen),
            steps: [], stage: "connecting"),
        Row(name: "a failed attempt ends the exchange even on a list screen", policy: listScreen, given: chosen, when: .ended(.failed), steps: [],
            stage: "ended(session failed)"),
        Row(name: "the run stopping closes the attempt for good", policy: listScreen, given: chosen + [.stopping], when: .ended(.closed), steps: [],
            stage: "ended(session closed)"),
        Row(name: "a token's session never goes to a list", policy: listScreen, given: [.looking, .claim(.sharedSecret), .confirm],
            when: .ended(.theyLeft), steps: [], stage: "ended(session theyLeft)"),
        Row(name: "after the cards crossed nothing goes back to the list", policy: listScreen, given: swapped, when: .ended(.completed(theirNote: nil)),
            steps: [], stage: "ended(they left; tooLate)"),

        // The cards crossed: keeping their card.
        Row(name: "the cards cross: their card goes to the book, the note box opens", given: asked + [.answer(.accept)], when: .swapped(),
            steps: ["preview"], stage: "succeeded(checking, writing)"),
        Row(name: "someone new is asked about", given: swapped, when: .previewed(.new), steps: [], stage: "succeeded(asking add or ignore, writing)"),
        Row(name: "someone new is kept at once when the person said yes", policy: keepingAtOnce, given: swapped, when: .previewed(.new),
            steps: ["keep(add)"], stage: "succeeded(storing, writing)"),
        Row(name: "a card matching a contact asks merge or add separately, even at once", policy: keepingAtOnce, given: swapped,
            when: .previewed(.newMatching), steps: [], stage: "succeeded(asking merge, writing)"),
        Row(name: "a newer card of a known contact is kept without a question", given: swapped, when: .previewed(.update),
            steps: ["keep(addSeparately)"], stage: "succeeded(storing, writing)"),
        Row(name: "a blocked person's card goes to the book's rule, which ignores it", given: swapped, when: .previewed(.blocked),
            steps: ["keep(addSeparately)"], stage: "succeeded(storing, writing)"),
        Row(name: "Merge", policy: keepingAtOnce, given: swapped + [.previewed(.newMatching)], when: .answer(.keep(.merge(into: nil))),
            steps: ["keep(merge)"], stage: "succeeded(storing, writing)"),
        Row(name: "a keep answer with no question is refused", given: swapped, when: .answer(.keep(.ignore)), steps: ["notNow"],
            stage: "succeeded(checking, writing)"),
        Row(name: "kept", given: swapped + [.previewed(.update)], when: .kept, steps: [], stage: "succeeded(kept, writing)"),

        // Notes.
        Row(name: "a note is sent", given: swapped, when: .answer(.note("Hello")), steps: ["sendNote"], stage: "succeeded(checking, sending)"),
        Row(name: "a note of 141 characters stays in the box with its reason", given: swapped, when: .answer(.note(String(repeating: "x", count: 141))),
            steps: [], stage: "succeeded(checking, refused tooLong(141))"),
        Row(name: "a note with bidirectional formatting stays in the box with its reason", given: swapped, when: .answer(.note("a\u{202E}b")),
            steps: [], stage: "succeeded(checking, refused controlCharacter)"),
        Row(name: "a note the session refused goes back to the box", given: swapped + [.answer(.note("Hi"))], when: .noteRefused("Hi"), steps: [],
            stage: "succeeded(checking, refused notNow)"),
        Row(name: "a refused note can be sent again", given: swapped + [.answer(.note(String(repeating: "x", count: 141)))], when: .answer(.note("Hi")),
            steps: ["sendNote"], stage: "succeeded(checking, sending)"),
        Row(name: "both notes in: the session closes", given: swapped + [.answer(.note("Hi")), .swapped(ourNote: "Hi")],
            when: .swapped(ourNote: "Hi", theirNote: "Hello"), steps: ["close"], stage: "succeeded(checking, sent)"),
        Row(name: "both notes in, common friends still being found: closed after the grace",
            given: swapped + [.answer(.note("Hi")), .swapped(ourNote: "Hi", friends: .pending)],
            when: .swapped(ourNote: "Hi", theirNote: "Hello", friends: .pending), steps: ["closeAfterGrace"], stage: "succeeded(checking, sent)"),
        Row(name: "the grace passed", given: swapped + [.answer(.note("Hi")), .swapped(ourNote: "Hi", theirNote: "Hello", friends: .pending)],
            when: .grace, steps: ["close"], stage: "succeeded(checking, sent)"),
        Row(name: "no note, theirs not in: a moment for theirs", given: swapped, when: .answer(.noNote), steps: ["closeAfterGrace"],
            stage: "succeeded(checking, none)"),
        Row(name: "no note, theirs in: closed at once", given: swapped + [.swapped(theirNote: "Hello")], when: .answer(.noNote), steps: ["close"],
            stage: "succeeded(checking, none)"),
        Row(name: "Done closes at once", given: swapped, when: .answer(.leave), steps: ["close"], stage: "succeeded(checking, none)"),

        // The end.
        Row(name: "they close after both notes: completed", given: swapped + [.answer(.note("Hi")), .swapped(ourNote: "Hi", theirNote: "Hello")],
            when: .ended(.completed(theirNote: "Hello")), steps: [], stage: "ended(completed; their note; sent)"),
        Row(name: "they close while our note box is open: they left, and the box goes", given: swapped,
            when: .ended(.completed(theirNote: nil)), steps: [], stage: "ended(they left; tooLate)"),
        Row(name: "their note and their close in one read: completed, the note from the record",
            given: swapped + [.answer(.note("Hi")), .swapped(ourNote: "Hi")], when: .ended(.completed(theirNote: "Hello")), steps: [],
            stage: "ended(completed; their note; sent)"),
        Row(name: "completed with their card kept: the meeting is recorded", given: swapped + [.previewed(.update), .kept, .answer(.leave)],
            when: .ended(.completed(theirNote: nil)), steps: ["recordMeeting"], stage: "ended(completed; none)"),
        Row(name: "a failure after the swap keeps what crossed", given: swapped + [.previewed(.update), .kept], when: .ended(.failed), steps: [],
            stage: "ended(session failed; tooLate)"),
        Row(name: "the question about their card outlives the session", given: swapped + [.previewed(.new), .ended(.completed(theirNote: nil))],
            when: .answer(.keep(.add(trust: .trusted))), steps: ["keep(add)"], stage: "ended(they left; tooLate)"),
        Row(name: "kept after the session completed: the meeting follows",
            given: swapped + [.previewed(.new), .ended(.completed(theirNote: nil)), .answer(.keep(.add(trust: .trusted)))], when: .kept,
            steps: ["recordMeeting"], stage: "ended(they left; tooLate)"),
        Row(name: "the run stops with the question open: a person who could say no keeps nothing", given: swapped + [.previewed(.new)],
            when: .stopping, steps: ["keep(ignore)"], stage: "succeeded(storing, writing)"),
        Row(name: "the run stops with the merge question open: a person who said yes keeps the card separately", policy: keepingAtOnce,
            given: swapped + [.previewed(.newMatching)], when: .stopping, steps: ["keep(addSeparately)"], stage: "succeeded(storing, writing)"),
    ]

    @Test(arguments: rows)
    func transition(_ row: Row) throws {
        let cards = try Cards()
        var flow = NearbyFlow(policy: row.policy)
        for happening in row.given { _ = cards.apply(happening, to: &flow) }
        let steps = cards.apply(row.when, to: &flow)
        #expect(steps == row.steps)
        #expect(Self.summary(flow.stage(people: [], chosen: nil)) == row.stage)
    }

    /// The snapshot's question follows the stage: one at a time, the card's question before the note box.
    /// Cancel ends only an attempt from the list, on a list screen, from connecting until the cards cross.
    @Test func leavingEndsOnlyAnAttemptFromTheListOnAListScreen() throws {
        let cards = try Cards()
        func ends(_ policy: NearbyFlow.Policy, after happenings: [Happening]) -> Bool {
            var flow = NearbyFlow(policy: policy)
            for happening in happenings { _ = cards.apply(happening, to: &flow) }
            return flow.leavingEndsOnlyTheAttempt
        }
        #expect(!ends(Self.listScreen, after: [.looking]), "looking: Stop searching ends the run")
        #expect(ends(Self.listScreen, after: [.looking, .claim(.chosen)]))
        #expect(ends(Self.listScreen, after: Self.chosen))
        #expect(ends(Self.listScreen, after: Self.chosen + [.answer(.exchange(.exchange)), .waiting]))
        #expect(ends(Self.listScreen, after: Self.asked))
        #expect(!ends(Self.listScreen, after: Self.swapped), "the cards crossed: Done closes the exchange")
        #expect(!ends(Self.listScreen, after: [.looking, .claim(.sharedSecret), .confirm]), "a token's or a code's session has no list")
        #expect(!ends(Self.listScreen, after: Self.chosen + [.stopping]))
        #expect(!ends(NearbyFlow.Policy(), after: Self.chosen), "the program's run is one attempt")
    }

    @Test func theQuestionOnEachScreen() throws {
        let cards = try Cards()
        var flow = NearbyFlow(policy: NearbyFlow.Policy())
        func question() -> NearbyQuestion? {
            NearbySnapshot(stage: flow.stage(people: [], chosen: nil), ownCard: cards.ada).question
        }
        for happening in Self.chosen { _ = cards.apply(happening, to: &flow) }
        #expect(question() == .exchange(theirRequest: nil))
        _ = cards.apply(.request, to: &flow)
        #expect(question() == .exchange(theirRequest: cards.bob))
        _ = cards.apply(.answer(.exchange(.exchange)), to: &flow)
        #expect(question() == nil)
        _ = cards.apply(.swapped(), to: &flow)
        #expect(question() == .note, "the note box is open while the book is asked")
        _ = cards.apply(.previewed(.new), to: &flow)
        #expect(question() == .keep(NearbyKeepQuestion(card: cards.bob, matches: [], offersIgnore: true)))
        _ = cards.apply(.answer(.keep(.add(trust: .trusted))), to: &flow)
        #expect(question() == .note)
        _ = cards.apply(.answer(.note("Hi")), to: &flow)
        #expect(question() == nil, "a note is sent once")
    }

    /// The confirm screen shown after Accept (and when both chose each other) counts down to their request's
    /// own deadline, as their request did: one clock for one request.
    @Test func theConfirmAfterAcceptCountsDownToTheirRequest() throws {
        let cards = try Cards()
        var flow = NearbyFlow(policy: NearbyFlow.Policy())
        for happening in Self.asked + [.answer(.review)] { _ = cards.apply(happening, to: &flow) }
        guard case .confirm(let confirm) = flow.stage(people: [], chosen: nil) else { Issue.record("not the confirm screen"); return }
        #expect(confirm.theirRequest == cards.bob && confirm.requestDeadline == .seconds(65))
        var chose = NearbyFlow(policy: NearbyFlow.Policy())
        for happening in Self.chosen + [.request] { _ = cards.apply(happening, to: &chose) }
        guard case .confirm(let mutual) = chose.stage(people: [], chosen: nil) else { Issue.record("not the confirm screen"); return }
        #expect(mutual.requestDeadline == .seconds(65))
        var alone = NearbyFlow(policy: NearbyFlow.Policy())
        for happening in Self.chosen { _ = cards.apply(happening, to: &alone) }
        guard case .confirm(let first) = alone.stage(people: [], chosen: nil) else { Issue.record("not the confirm screen"); return }
        #expect(first.requestDeadline == nil, "no request is here yet, so nothing counts down")
    }

    /// A state stays while the session's screen is its own kind, and keeps what the new screen says: their
    /// request's deadline and its common friends, found while it waits.
    @Test func aRequestThatWaitsKeepsWhatItsScreenSays() throws {
        let cards = try Cards()
        var flow = NearbyFlow(policy: NearbyFlow.Policy())
        for happening in Self.asked { _ = cards.apply(happening, to: &flow) }
        let later = IncomingRequestScreen(
            kind: .exchange, theirCard: cards.bob, theirBinding: [], shortCode: "123456", commonFriends: .found([Fixture.identity.sigKey]),
            deadline: .seconds(40))
        #expect(flow.handle(.session(.incomingRequest(later), commonFriendNames: ["Ada Lovelace"])) == [])
        guard case .incomingRequest(let waiting) = flow.state else {
            Issue.record("\(flow.state)")
            return
        }
        #expect(waiting.request == later && waiting.facts.commonFriendNames == ["Ada Lovelace"])
    }

    /// The fixed cards and contacts the rows use.
    struct Cards {
        let ada: SignedCard
        let bob: SignedCard
        let contact: Contact

        init() throws {
            ada = try Fixture.namedCard("Ada Lovelace", by: Fixture.identity)
            bob = try Fixture.namedCard("Bob Babbage", by: Fixture.other)
            contact = Contact(id: 7, details: CardFields(name: "Bob B."), addedAt: Date(timeIntervalSince1970: 0), source: .vcard, verificationStatus: .unverified)
        }

        /// Feeds `happening` to `flow`; the steps it asked for, by name (`notNow` for a refused answer,
        /// `refused` for a refused claim).
        func apply(_ happening: Happening, to flow: inout NearbyFlow) -> [String] {
            let steps: [NearbyStep]
            switch happening {
            case .looking: steps = flow.handle(.looking(.list(instance: "a0a0a0a0a0a0a0a0", port: 1, showsName: false)))
            case .claim(let origin):
                let peer = NearbyPeer(id: "b0b0b0b0b0b0b0b0", displayName: "Bob")
                let claimed: SessionOrigin =
                    switch origin {
                    case .chosen: .chosen(peer)
                    case .theirRequest: .theirRequest(peer)
                    case .direct: .direct
                    case .sharedSecret: .sharedSecret
                    }
                return flow.claim(claimed) ? [] : ["refused"]
            case .confirm: steps = session(.confirm(ConfirmScreen(shortCode: "123456", commonFriends: .pending)), flow: &flow)
            case .waiting:
                steps = session(.waiting(WaitingScreen(kind: .exchange, shortCode: "123456", commonFriends: .pending, deadline: .seconds(60))), flow: &flow)
            case .request:
                let request = IncomingRequestScreen(
                    kind: .exchange, theirCard: bob, theirBinding: [], shortCode: "123456", commonFriends: .pending, deadline: .seconds(65))
                steps = session(.incomingRequest(request), flow: &flow)
            case .swapped(let ourNote, let theirNote, let friends):
                let screen = SuccessScreen(
                    theirCard: bob, ourCardSent: true, shortCode: "123456", commonFriends: friends, ourNote: ourNote.flatMap { try? EphemeralNote($0) },
                    theirNote: theirNote.flatMap { try? EphemeralNote($0) }, record: record(theirNote: theirNote))
                steps = session(.succeeded(screen), flow: &flow)
            case .ended(let ending):
                let final: SessionEnding =
                    switch ending {
                    case .completed(let theirNote): .completed(record(theirNote: theirNote))
                    case .declined: .declined
                    case .requestExpired: .requestExpired
                    case .failed: .failed("The connection was lost.")
                    case .closed: .closed
                    case .declinedByUs: .declinedByUs
                    case .cancelledByUs: .cancelledByUs
                    case .cancelledByThem: .cancelledByThem
                    case .theyLeft: .theyLeft
                    }
                steps = session(.ended(final), flow: &flow)
            case .answer(let answer):
                do throws(NearbyAnswerError) { steps = try flow.answer(answer) } catch { return ["notNow"] }
            case .cardNotSent: steps = flow.handle(.cardNotSent(.notConfirmed))
            case .previewed(let preview):
                let changes = CardChanges(from: bob.card, to: bob.card)
                let previewed: ReceivePreview =
                    switch preview {
                    case .new: .new(bob, possibleMatches: [])
                    case .newMatching: .new(bob, possibleMatches: [contact])
                    case .update: .update(contact, bob, changes: changes)
                    case .blocked: .blocked(contact)
                    }
                steps = flow.handle(.previewed(previewed))
            case .kept: steps = flow.handle(.kept(.added(contact)))
            case .noteRefused(let text): steps = flow.handle(.noteRefused(text, .notNow))
            case .grace: steps = flow.handle(.graceElapsed)
            case .nobodyFound: steps = flow.handle(.nobodyFound("Nobody nearby was found in 30 seconds."))
            case .chose(let id): return flow.chose(id) ? [] : ["notTheirs"]
            case .stopping: steps = flow.handle(.stopping)
            case .runEnded: steps = flow.handle(.runEnded(.timedOut(seconds: 60)))
            }
            return steps.map(Self.name)
        }

        private func session(_ state: SessionState, flow: inout NearbyFlow) -> [NearbyStep] {
            flow.handle(.session(state, commonFriendNames: []))
        }

        private func record(theirNote: String?) -> ExchangeRecord {
            ExchangeRecord(exchangedAt: Date(timeIntervalSince1970: 1_800_000_000), source: .comparedCode, handshakeHash: [1, 2, 3], theirNote: theirNote)
        }

        static func name(_ step: NearbyStep) -> String {
            switch step {
            case .channelOpened: "channelOpened"
            case .sendCard(let kind): "sendCard(\(kind))"
            case .decline: "decline"
            case .cancelRequest: "cancelRequest"
            case .preview: "preview"
            case .keep(_, let answer):
                switch answer {
                case .add: "keep(add)"
                case .addSeparately: "keep(addSeparately)"
                case .merge: "keep(merge)"
                case .ignore: "keep(ignore)"
                }
            case .sendNote: "sendNote"
            case .close: "close"
            case .closeAfterGrace: "closeAfterGrace"
            case .recordMeeting: "recordMeeting"
            case .backToList(let attempt): "backToList(\(attempt.name))"
            }
        }
    }

    /// A stage in a few words, for the rows.
    static func summary(_ stage: NearbySnapshot.Stage) -> String {
        switch stage {
        case .notStarted: return "notStarted"
        case .looking(let looking): return looking.nobodyFound == nil ? "looking" : "looking(nobody found)"
        case .connecting: return "connecting"
        case .confirm(let confirm):
            let decision =
                switch confirm.decision {
                case nil: "open"
                case .exchange(let kind)?: "\(kind)"
                case .wait?: "wait"
                }
            return "confirm(\(confirm.theirRequest == nil ? "" : "their request, ")\(decision))"
        case .waiting: return "waiting"
        case .incomingRequest(let request): return "request(\(request.answer.map { "\($0)" } ?? "open"))"
        case .succeeded(let success): return "succeeded(\(saving(success.saving)), \(note(success.ourNote)))"
        case .ended(let ended):
            var parts: [String]
            switch ended.outcome {
            case .completed: parts = ["completed"]
            case .theyLeft: parts = ["they left"]
            case .session(let ending): parts = ["session \(ending.name)"]
            case .stopped: parts = ["stopped"]
            }
            if ended.swap?.theirNote != nil { parts.append("their note") }
            if let swap = ended.swap { parts.append(note(swap.ourNote)) }
            return "ended(\(parts.joined(separator: "; ")))"
        }
    }

    static func saving(_ saving: NearbySaving) -> String {
        switch saving {
        case .nothingToKeep: "nothing"
        case .checking: "checking"
        case .asking(let question): question.isMerge ? "asking merge" : (question.offersIgnore ? "asking add or ignore" : "asking add")
        case .storing: "storing"
        case .kept: "kept"
        case .failed: "failed"
        }
    }

    static func note(_ note: NearbyOurNote) -> String {
        switch note {
        case .writing(let refused?): "refused \(reason(refused.reason))"
        case .writing(nil): "writing"
        case .sending: "sending"
        case .sent: "sent"
        case .none: "none"
        case .tooLate: "tooLate"
        }
    }
}

extension NearbyFlowTests {
    static func reason(_ reason: NoteError) -> String {
        switch reason {
        case .tooLong(let count): "tooLong(\(count))"
        case .tooManyMarks: "tooManyMarks"
        case .empty: "empty"
        case .controlCharacter: "controlCharacter"
        case .alreadySent: "alreadySent"
        case .notNow: "notNow"
        }
    }
}
