// Establishes the Face to face screen: how to start (look for people nearby, show a code, type one), the
// live part (the people found, the 6-digit code both screens show, the common friends, the question the
// exchange waits on, their note, how it ended), redrawn as it changes. The live part is also served alone
// (`/nearby/live`) for the page's script, which swaps it in when the event stream says it changed.
import HandshakeCore
import HandshakeHTML
import HandshakeNearby
import HandshakeStore

enum FaceToFaceScreen {
    @MainActor static func page(_ model: FaceToFace, formToken: String) -> String {
        let live = live(model, formToken: formToken)
        return Page.screen(title: "Face to face", current: .nearby) {
            HTML.h1 { .text("Face to face") }
            HTML.div(.id(.live), .data(.stream, .nearbyStream), .data(.fragment, .nearbyLive), .aria("live", "polite")) { live }
        }
    }

    /// The part that changes as the exchange goes on.
    @MainActor static func live(_ model: FaceToFace, formToken: String) -> HTML {
        guard model.running || model.ending != nil else { return start(formToken) }
        return HTML.group {
            if let code = model.shortCode {
                HTML.p(.class("shortcode"), .aria("label", "The code both screens show")) { .text(code) }
            }
            commonFriends(model)
            if model.running && model.question == nil && model.shortCode == nil {
                people(model, formToken)
            }
            if let question = model.question { ask(question, formToken) }
            if let (waitingForThem, seconds) = model.secondsLeft {
                let countdown = HTML.span(.data(.countdown, String(seconds))) { .text(String(seconds)) }
                if waitingForThem {
                    HTML.p(.class("waiting"), .role("status")) {
                        HTML.text("Waiting for their answer: ")
                        countdown
                        HTML.text(" seconds left.")
                    }
                } else {
                    HTML.p(.class("waiting")) {
                        countdown
                        HTML.text(" seconds left to answer.")
                    }
                }
            }
            if let note = model.theirNote { HTML.p(.class("note")) { .text("They wrote: “\(note)”") } }
            if let note = model.ourNote { HTML.p(.class("note")) { .text("You wrote: “\(note)”") } }
            HTML.ul(.class("log")) {
                for line in model.lines { HTML.li { .text(line) } }
            }
            if let ending = model.ending {
                HTML.p(.class("ending"), .role("status")) { .text(ending) }
                HTML.p {
                    if let contact = model.keptContactID {
                        HTML.a(.href(.contact(contact))) { .text("See them in your contacts") }
                        HTML.text(" · ")
                    }
                    HTML.a(.href(.nearby)) { .text("Start again") }
                }
            } else {
                Page.form(.stopNearby, token: formToken) { HTML.button(.type("submit"), .class("secondary")) { .text("Stop") } }
            }
        }
    }

    /// The common friends: still looking, none, or who. The cards do not wait for them: they may arrive after
    /// the request, live.
    @MainActor static func commonFriends(_ model: FaceToFace) -> HTML {
        switch (model.commonFriendsFound, model.commonFriends.isEmpty) {
        case (false?, _) where model.ending == nil: HTML.p(.class("muted"), .role("status")) { .text("Looking for common friends…") }
        case (true?, true): HTML.p(.class("muted")) { .text("No common friends.") }
        case (_, false): HTML.p { .text("Common friends: \(model.commonFriends.joined(separator: ", "))") }
        default: .empty
        }
    }

    static func start(_ formToken: String) -> HTML {
        HTML.group {
            HTML.p { .text("Meet someone and swap cards: both of you open this screen on the same network.") }
            Page.form(.startNearby, token: formToken) {
                HTML.label {
                    HTML.input(.type("checkbox"), .name(StartForm.CodingKeys.showName), .value(StartForm.ticked), .checked())
                    HTML.text(" Show my name to people nearby")
                }
                HTML.div(.class("row")) {
                    meeting(.discover) { .text("Look for people nearby") }
                    meeting(.showCode, "secondary") { .text("Show a code") }
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

    /// A button that starts meeting people this way.
    static func meeting(_ meeting: StartForm.Meeting, _ style: String = "", @HTMLBuilder label: () -> HTML) -> HTML {
        HTML.button(.type("submit"), .name(StartForm.CodingKeys.meeting), .value(meeting), .class(style), content: label)
    }

    @MainActor static func people(_ model: FaceToFace, _ formToken: String) -> HTML {
        guard !model.people.isEmpty else { return HTML.p(.class("muted")) { .text("Nobody yet. They appear here as they open Face to face.") } }
        return HTML.group {
            HTML.h2 { .text("People nearby") }
            HTML.ul(.class("people")) {
                for peer in model.people {
                    HTML.li {
                        Page.form(.chooseNearby, token: formToken) {
                            HTML.button(.type("submit"), .name(ChooseForm.CodingKeys.peer), .value(peer.id), .class("person")) {
                                HTML.text(peer.displayName ?? "Someone (\(peer.shortID))")
                                HTML.text(" ")
                                HTML.span(.class("muted")) { .text("· " + friends(model.commonFriendCount(with: peer.id))) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// How many common friends were found with someone in the list, in words.
    static func friends(_ count: Int?) -> String {
        guard let count else { return "looking for common friends…" }
        return count == 0 ? "no common friends" : "\(count) common friend\(count == 1 ? "" : "s")"
    }

    @MainActor static func ask(_ question: FaceToFace.Question, _ formToken: String) -> HTML {
        switch question {
        case .request(let card):
            return Page.form(.answerNearby, token: formToken) {
                HTML.p {
                    HTML.strong { .text(card.card.name ?? "Someone") }
                    HTML.text(" asks to exchange cards. They will receive your card.")
                }
                yesOrNo("Accept", "Decline")
            }
        case .keep(let card):
            var fields = DefinitionList()
            fields.add(card.card.fields)
            return Page.form(.answerNearby, token: formToken) {
                HTML.p(.class("verified")) { .text("Their card arrived, signed by their own key.") }
                fields.html
                yesOrNo("Add \(card.card.name ?? "them")", "Don't add")
            }
        case .note:
            return Page.form(.answerNearby, token: formToken) {
                HTML.label(.for("note")) { .text("A note for them (up to \(NoteLimits.characters) characters, sent once)") }
                HTML.textarea(
                    .id("note"), .name(NearbyAnswerForm.CodingKeys.note), .rows(2), .maxlength(1000), .data(.count, String(NoteLimits.characters)),
                    .aria("describedby", "note-count"))
                HTML.p(.class("muted"), .id("note-count"), .aria("live", "polite")) { .text("Up to \(NoteLimits.characters) characters.") }
                HTML.div(.class("row")) {
                    answer(.note) { .text("Send note") }
                    answer(.noNote, "secondary") { .text("No note") }
                }
            }
        }
    }

    static func yesOrNo(_ yes: String, _ no: String) -> HTML {
        HTML.div(.class("row")) {
            answer(.yes) { .text(yes) }
            answer(.no, "secondary") { .text(no) }
        }
    }

    /// A button that answers the question on screen.
    static func answer(_ answer: NearbyAnswerForm.Answer, _ style: String = "", @HTMLBuilder label: () -> HTML) -> HTML {
        HTML.button(.type("submit"), .name(NearbyAnswerForm.CodingKeys.answer), .value(answer), .class(style), content: label)
    }
}
