// Establishes the Face to face screen as seed 001 draws it, each part the coordinator's snapshot drawn: how to
// start; looking for people nearby, each with their common-friend count, or nobody found with Try again
// (EX-1); the one-glance confirm with your own card as it will be sent (EX-2); your request waiting with its
// seconds left (EX-3); their request (EX-4); their card as a card, saved at once, with the note box open and
// their note or "Waiting…", then Done (EX-5). The sentences are HandshakeNearby's (NearbySentences). The
// live part is also served alone (`/nearby/live`) for the page's script, which swaps it in when the event
// stream says it changed.
import HandshakeCore
import HandshakeExchange
import HandshakeHTML
import HandshakeNearby
import HandshakePresentation
import HandshakeQR
import HandshakeStore

enum FaceToFaceScreen {
    @MainActor static func page(_ model: FaceToFace, formToken: String) -> String {
        let live = live(model, formToken: formToken)
        return Page.screen(title: "Face to face", current: .nearby) {
            HTML.h1 { .text("Face to face") }
            HTML.div(.id(.live), .data(.stream, .nearbyStream), .data(.fragment, .nearbyLive), .aria("live", "polite")) { live }
            // Outside the live part, which the script redraws: the camera and the picture keep their listeners.
            // Drawn before any run; a run starts with a new page (each way of starting one is a form).
            if case .notStarted = model.stage, model.ending == nil { scanTheirCode(formToken) }
        }
    }

    /// The other person shows a code to scan (their session token): this device's camera, or a picture of it,
    /// is the tap. What the script finds goes to Add, which opens the exchange here.
    static func scanTheirCode(_ formToken: String) -> HTML {
        HTML.group {
            AddScreen.scanner(formToken: formToken, heading: "Or scan their code", label: "Take or choose a picture of the code on their screen")
            AddScreen.scannedForm(formToken: formToken)
        }
    }

    /// The part that changes as the exchange goes on: the snapshot's stage, drawn.
    @MainActor static func live(_ model: FaceToFace, formToken: String) -> HTML {
        let ownCard = model.snapshot?.ownCard
        switch model.stage {
        case .notStarted:
            guard let ending = model.ending else { return start(formToken) }
            return ended(ending, formToken)
        case .looking(let looking):
            return HTML.group {
                Self.looking(looking, token: model.token, formToken)
                notices(model.snapshot?.notices ?? [])
            }
        case .connecting(let peer):
            return HTML.group {
                HTML.p(.role("status")) { .text(NearbySentences.connecting(to: peer)) }
                cancel(formToken)
            }
        case .confirm(let confirm):
            return self.confirm(confirm, ownCard: ownCard, secondsLeft: confirm.requestDeadline.map(model.secondsLeft(until:)), formToken)
        case .waiting(let waiting):
            return HTML.group {
                shortCode(waiting.session)
                HTML.p(.class("waiting"), .role("status")) { .text(NearbySentences.requestSent(to: waiting.session.peer?.displayName)) }
                secondsLeft(model.secondsLeft(until: waiting.deadline))
                commonFriends(waiting.session, name: waiting.session.peer?.displayName)
                cancel(formToken, "Cancel request")
            }
        case .incomingRequest(let request):
            return HTML.group {
                shortCode(request.session)
                Self.request(request, secondsLeft: model.secondsLeft(until: request.deadline), formToken)
            }
        case .succeeded(let success):
            return self.success(success, ending: nil, formToken)
        case .ended(let ended):
            guard let swap = ended.swap else { return self.ended(model.ending ?? ended.sentence, formToken) }
            return success(swap, ending: model.ending ?? ended.sentence, formToken)
        }
    }

    // MARK: Starting

    static func start(_ formToken: String) -> HTML {
        HTML.group {
            HTML.p { .text("Meet someone and swap cards: both of you open this screen on the same network.") }
            Page.form(.startNearby, token: formToken) {
                HTML.label {
                    // Off by default, as in the program: people nearby see a number until you choose otherwise.
                    HTML.input(.type("checkbox"), .name(StartForm.CodingKeys.showName), .value(StartForm.ticked))
                    HTML.text(" Show my name to people nearby")
                }
                HTML.div(.class("row")) {
                    meeting(.discover) { .text("Look for people nearby") }
                    meeting(.showCode, "secondary") { .text("Show a code") }
                    meeting(.showToken, "secondary") { .text("Show a code to scan") }
                }
            }
            Page.form(.startNearby, token: formToken) {
                HTML.label(.for("code")) { .text("Or type the code their screen shows") }
                HTML.div(.class("row")) {
                    HTML.input(
                        .type("text"), .id("code"), .name(StartForm.CodingKeys.code), .autocomplete("off"), .spellcheck(false), .placeholder("XXXX-XXXX-XXXX"))
                    meeting(.typeCode) { .text("Connect") }
                }
            }
        }
    }

    /// A session token as a QR code (`HT1:` and its Base45), with how the other device reads it.
    static func tokenCode(_ token: SessionToken) -> HTML {
        let qr = (try? CardQRCode.make(showing: token.qrText)).map { SVGRenderer(quietZone: 4, moduleSize: 6).render($0) }
        return HTML.group {
            if let qr {
                HTML.div(.class("qr"), .id("token"), .role("img"), .aria("label", "A code for the other person's Handshake to scan")) { .trusted(qr) }
            }
            HTML.p { .text(token.relay == nil ? NearbySentences.scanThisTokenOnThisNetwork : NearbySentences.scanThisToken) }
        }
    }

    /// A button that starts meeting people this way.
    static func meeting(_ meeting: StartForm.Meeting, _ style: String = "", @HTMLBuilder label: () -> HTML) -> HTML {
        HTML.button(.type("submit"), .name(StartForm.CodingKeys.meeting), .value(meeting), .class(style), content: label)
    }

    // MARK: EX-1, looking

    static func looking(_ looking: NearbySnapshot.Looking, token: SessionToken? = nil, _ formToken: String) -> HTML {
        HTML.group {
            if case .codeShown(let code, _) = looking.way {
                HTML.p(.class("shortcode"), .aria("label", "The code to show the other person")) { .text(code) }
            }
            if case .tokenHandedOver = looking.way, let token {
                tokenCode(token)
            }
            if let sentence = NearbySentences.looking(looking.way) { HTML.p(.class("searching"), .role("status")) { .text(sentence) } }
            if let nobody = looking.nobodyFound {
                HTML.div(.class("nobody"), .role("status")) {
                    HTML.h2 { .text(NearbySentences.nobodyFound) }
                    HTML.p { .text(nobody) }
                    Page.form(.retryNearby, token: formToken) { HTML.button(.type("submit")) { .text("Try again") } }
                }
            }
            if let chosen = looking.chosen {
                HTML.p(.role("status")) { .text(NearbySentences.connecting(to: chosen.peer)) }
            } else if case .list = looking.way {
                people(looking.people, formToken)
            }
            cancel(formToken, "Stop searching")
        }
    }

    /// The sentences said once while looking (a device turned away, someone who cannot be reached).
    static func notices(_ notices: [NearbyNotice]) -> HTML {
        guard !notices.isEmpty else { return .empty }
        return HTML.ul(.class("log")) {
            for notice in notices { HTML.li { .text(notice.description) } }
        }
    }

    static func people(_ people: [NearbyPerson], _ formToken: String) -> HTML {
        guard !people.isEmpty else { return HTML.p(.class("muted")) { .text("Nobody yet. They appear here as they open Face to face.") } }
        let shared = people.first { NearbySentences.sharesName($0, among: people) }?.peer.displayName
        return HTML.group {
            HTML.h2 { .text("Nearby") }
            if let shared { HTML.p(.class("notice", "problem"), .role("note")) { .text(NearbySentences.sameNameListed(shared)) } }
            HTML.ul(.class("people")) {
                for person in people {
                    HTML.li {
                        Page.form(.chooseNearby, token: formToken) {
                            HTML.button(.type("submit"), .name(ChooseForm.CodingKeys.peer), .value(person.peer.id), .class("person")) {
                                HTML.span(.class("who")) {
                                    AvatarImage.thumbnail(person.photo)
                                    HTML.text(NearbySentences.listed(person, among: people))
                                }
                                if let badge = NearbySentences.commonFriendBadge(person.commonFriendCount) {
                                    HTML.span(.class("friends")) { .text(badge) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: EX-2, the one-glance confirm

    /// `secondsLeft`: until their request expires, when it is here (after Accept, or both chose each other).
    static func confirm(_ confirm: NearbySnapshot.Confirm, ownCard: SignedCard?, secondsLeft: Int? = nil, _ formToken: String) -> HTML {
        let name = confirm.theirRequest?.card.name ?? confirm.session.peer?.displayName
        return HTML.group {
            HTML.h2 { .text(NearbySentences.exchangeWith(name)) }
            shortCode(confirm.session)
            commonFriends(confirm.session, name: name)
            if let ownCard {
                HTML.section(.class("card", "own"), .aria("label", "Your card")) {
                    HTML.h3 { .text("Your card") }
                    cardFace(ownCard.card.fields)
                    HTML.p { HTML.a(.href(.editCard)) { .text("Edit card ✎") } }
                }
            }
            switch confirm.decision {
            case nil, .wait?:
                Page.form(.answerNearby, token: formToken) {
                    answer(.yes, "primary") { .text(NearbySentences.exchangeButton(theirRequestIsHere: confirm.theirRequest != nil)) }
                }
                if let secondsLeft { Self.secondsLeft(secondsLeft, toAnswer: true) }
            case .exchange?:
                HTML.p(.class("waiting"), .role("status")) { .text(NearbySentences.sendingCard) }
            }
            cancel(formToken)
        }
    }

    // MARK: EX-4, their request

    static func request(_ request: NearbySnapshot.Request, secondsLeft: Int, _ formToken: String) -> HTML {
        let name = request.theirCard.card.name
        return HTML.group {
            HTML.h2 { .text(NearbySentences.asksToExchange(name)) }
            commonFriends(request.session, name: name)
            if request.answer == nil {
                Page.form(.answerNearby, token: formToken) {
                    HTML.p { .text(NearbySentences.theyWillReceiveYourCard) }
                    HTML.div(.class("row")) {
                        answer(.yes, "primary") { .text("Accept") }
                        answer(.no, "secondary") { .text("Decline") }
                    }
                }
                Self.secondsLeft(secondsLeft, toAnswer: true)
            } else {
                HTML.p(.role("status")) { .text(NearbySentences.answered(request.answer == .accept)) }
            }
        }
    }

    // MARK: EX-5, success

    static func success(_ success: NearbySnapshot.Success, ending: String?, _ formToken: String) -> HTML {
        let name = success.theirCard?.card.name ?? success.session.peer?.displayName
        return HTML.group {
            HTML.h2(.class("success")) { .text("✅ " + NearbySentences.exchanged(with: name)) }
            if let card = success.theirCard {
                HTML.section(.class("card", "theirs"), .aria("label", "\(name ?? "Their") card")) {
                    cardFace(card.card.fields, verified: true)
                    if case .found(let names) = success.session.commonFriends, let badge = NearbySentences.commonFriendBadge(names.count) {
                        HTML.p(.class("friends")) { .text(badge) }
                    }
                }
            }
            saving(success.saving, of: success.theirCard, formToken)
            ourNote(success.ourNote, to: name, formToken)
            HTML.section(.class("their-note"), .aria("label", "Their message")) {
                HTML.h3 { .text("Their message") }
                if let note = success.theirNote {
                    HTML.p(.class("note")) { .text(note) }
                } else if ending == nil {
                    HTML.p(.class("muted")) { .text(NearbySentences.theirNoteWaiting) }
                } else {
                    HTML.p(.class("muted")) { .text(NearbySentences.noNoteFromThem) }
                }
            }
            if let ending { HTML.p(.class("ending"), .role("status")) { .text(ending) } }
            Page.form(.doneNearby, token: formToken) { HTML.button(.type("submit"), .class("primary")) { .text("Done") } }
        }
    }

    /// Where their card is on its way into the contact book: saved, or the one question the book needs.
    /// What was kept is said as Add says it (HandshakePresentation's `ReceiveReport`): one wording of the
    /// receive rule's outcome however the card came. A card is only kept once it arrived, so `card` is there.
    static func saving(_ saving: NearbySaving, of card: SignedCard?, _ formToken: String) -> HTML {
        switch saving {
        case .nothingToKeep, .checking, .storing: return .empty
        case .kept(let outcome):
            guard let card else { return .empty }
            return HTML.p(.class("saved"), .role("status")) { .text(ReceiveReport(outcome, card: card).sentence.plain) }
        case .failed(let sentence): return HTML.p(.class("problem"), .role("alert")) { .text(sentence) }
        case .asking(let question):
            return Page.form(.answerNearby, token: formToken) {
                if let warning = NameClaimSentences.warning(.namesake(of: question.passesFor), claimed: question.card.card.name, nodeID: question.card.nodeID) {
                    HTML.p(.class("namesake"), .role("alert")) { .text(warning.plain) }
                }
                HTML.p { .text(NearbySentences.keepQuestion(question)) }
                HTML.div(.class("row")) {
                    if question.mergeTarget != nil {
                        answer(.merge) { .text("Merge") }
                        answer(.separately, "secondary") { .text("Add separately") }
                    } else if question.isMerge {
                        answer(.separately) { .text("Add separately") }
                    } else {
                        answer(.yes) { .text("Add") }
                    }
                    if question.offersIgnore { answer(.no, "secondary") { .text("Don't add") } }
                }
            }
        }
    }

    /// Our note: the box open (with a refused note kept in it and why), sending, sent, or none.
    static func ourNote(_ note: NearbyOurNote, to name: String?, _ formToken: String) -> HTML {
        switch note {
        case .writing(let refused):
            return Page.form(.answerNearby, token: formToken) {
                HTML.label(.for("note")) { .text(NearbySentences.notePrompt(to: name)) }
                HTML.textarea(
                    .id("note"), .name(NearbyAnswerForm.CodingKeys.note), .rows(2), .maxlength(1000), .data(.count, String(NoteLimits.characters)),
                    .aria("describedby", "note-count")
                ) { .text(refused?.text ?? "") }
                if let refused { HTML.p(.class("problem"), .role("alert")) { .text(NearbySentences.noteRefused(refused.reason)) } }
                HTML.p(.class("muted"), .id("note-count"), .aria("live", "polite")) { .text(NearbySentences.noteCount(refused?.text)) }
                answer(.note) { .text("Send") }
            }
        case .sending(let text):
            return HTML.p(.class("note", "mine"), .role("status")) { .text(NearbySentences.sendingNote(text)) }
        case .sent(let text):
            return HTML.p(.class("note", "mine")) { .text(NearbySentences.youWrote(text)) }
        case .none, .tooLate:
            return .empty
        }
    }

    // MARK: Parts

    /// A card's face: photo, name, company · title, the rest of its fields.
    static func cardFace(_ fields: CardFields, verified: Bool = false) -> HTML {
        var rest = DefinitionList()
        for field in CardField.textFields where ![CardField.name, .company, .title].contains(field) { rest.add(field.label, fields.value(of: field)) }
        return HTML.group {
            AvatarImage.html(fields.avatar, alt: "\(fields.name ?? "Their") photo")
            HTML.p(.class("name")) {
                HTML.strong { .text(DisplayName.of(fields.name)) }
                if verified { HTML.span(.class("verified")) { .text(" ✅ Verified") } }
            }
            if let work = NearbySentences.work(fields) { HTML.p { .text(work) } }
            rest.html
        }
    }

    static func commonFriends(_ session: NearbySnapshot.Session, name: String?) -> HTML {
        let pending = session.commonFriends == .pending
        return HTML.p(.class(pending ? "muted" : "friends"), .when(pending, .role("status"))) {
            .text(NearbySentences.commonFriends(with: name, session.commonFriends))
        }
    }

    static func shortCode(_ session: NearbySnapshot.Session) -> HTML {
        guard let code = session.shortCode else { return .empty }
        return HTML.group {
            HTML.p(.class("shortcode"), .aria("label", "The code both screens show")) { .text(code) }
            HTML.p(.class("muted")) { .text(NearbySentences.compareTheCode) }
        }
    }

    static func secondsLeft(_ seconds: Int, toAnswer: Bool = false) -> HTML {
        HTML.p(.class("muted")) {
            HTML.span(.data(.countdown, String(seconds))) { .text(String(seconds)) }
            HTML.text(toAnswer ? " seconds left to answer." : " seconds left.")
        }
    }

    static func cancel(_ formToken: String, _ label: String = "Cancel") -> HTML {
        Page.form(.stopNearby, token: formToken) { HTML.button(.type("submit"), .class("secondary")) { .text(label) } }
    }

    static func ended(_ sentence: String, _ formToken: String) -> HTML {
        HTML.group {
            HTML.p(.class("ending"), .role("status")) { .text(sentence) }
            Page.form(.doneNearby, token: formToken) { HTML.button(.type("submit")) { .text("Start again") } }
        }
    }

    /// A button that answers the question on screen.
    static func answer(_ answer: NearbyAnswerForm.Answer, _ style: String = "", @HTMLBuilder label: () -> HTML) -> HTML {
        HTML.button(.type("submit"), .name(NearbyAnswerForm.CodingKeys.answer), .value(answer), .class(style), content: label)
    }
}
