// Establishes the contact info screen: who they are by their card (with its photo), how far the card can be
// trusted and why (a live part, redrawn when a newer card of theirs is kept), your settings for them
// (ContactSettings; notes and chat preferences in ContactPreferencesSection), how and when you met (with both
// notes), their earlier cards, the security code to compare (SecurityCodeSection), and the danger zone (block;
// delete, after a confirmation). The facts come from the book and the account; the screen draws them and
// offers the forms.
import Foundation
import HandshakeCore
import HandshakeHTML
import HandshakePresentation
import HandshakeStore

enum ContactScreen {
    /// What the contact is, in a few words: their trust level and how their card stands.
    static func standing(_ contact: Contact) -> String {
        let trust = contact.trustLevel.rawValue.capitalized
        switch contact.verificationStatus {
        case .verified: return "\(trust) · verified"
        case .unverified: return "\(trust) · unverified"
        case .failed: return "\(trust) · did not verify"
        case .pending: return "\(trust) · exchange under way"
        }
    }

    static func page(
        contact: Contact, meetings: [ExchangeRecord], securityCode: SecurityCode?, scannable: ScannableSecurityCode? = nil, formToken: String,
        done: Outcome? = nil, avatar: Avatar? = nil, history: [PastCard] = [], preferences: [ContactPreference] = [], update: CardUpdate? = nil
    ) -> String {
        Page.screen(title: contact.displayName, current: .contacts) {
            HTML.p { HTML.a(.href(.contacts)) { .text("← Contacts") } }
            HTML.notice(done, about: contact)
            // Redrawn in place when a newer card of theirs is kept while the page is open.
            HTML.div(.id(.live), .data(.stream, .contactStream(contact.id)), .data(.fragment, .contactLive(contact.id)), .aria("live", "polite")) {
                card(contact, avatar: avatar, update: update)
            }
            ContactSettings.html(contact, formToken: formToken)
            ContactPreferencesSection.notes(contact, formToken: formToken)
            ContactPreferencesSection.html(contact, preferences, formToken: formToken)
            HTML.h2 { .text("How you met") }
            meetingsList(meetings, source: contact.source)
            historyList(history)
            HTML.h2 { .text("Security code") }
            SecurityCodeSection.html(contact, code: securityCode, scannable: scannable, formToken: formToken)
            if contact.sigKey != nil { passOn(contact.id) }
            HTML.h2 { .text("Danger zone") }
            ContactSettings.block(contact, formToken: formToken)
            HTML.p { HTML.a(.href(.deleteContact(contact.id))) { .text("Delete \(contact.displayName)…") } }
        }
    }

    /// Who they are by their card: photo, name, how far it can be trusted, when it last changed, its fields.
    static func card(_ contact: Contact, avatar: Avatar?, update: CardUpdate?) -> HTML {
        var fields = DefinitionList()
        fields.add(contact.details)
        fields.add("Tags", contact.tags)
        fields.add("Node ID", contact.nodeID?.rawValue)
        return HTML.group {
            AvatarImage.html(avatar, alt: "Photo of \(contact.displayName)")
            HTML.h1 { .text(contact.displayName) }
            HTML.p(.class("muted")) { .text("\(standing(contact)). \(verification(contact.verificationStatus))") }
            // What "verified" is worth: a compared code, a meeting, or a signature only (anyone's card is signed).
            if contact.verificationStatus == .verified { HTML.p(.class("muted"), .id("checked")) { .text(NameClaimSentences.standing(of: contact).plain) } }
            if let update { HTML.p(.class("muted"), .id("updated")) { .text(RefreshSentences.updated(update).plain) } }
            fields.html
        }
    }

    /// Export: their signed card, to pass on.
    static func passOn(_ id: Int64) -> HTML {
        HTML.group {
            HTML.h2 { .text("Pass on their card") }
            HTML.p { HTML.a(.href(.contactCard(id)), .download()) { .text("Download their card (vCard)") } }
            HTML.p(.class("muted")) {
                .text("Exactly as they signed it: none of your notes, tags or alias. Whoever receives it can check it came from them, unchanged.")
            }
        }
    }

    /// Their earlier cards, newest first: what each said and until when it was their card.
    static func historyList(_ history: [PastCard]) -> HTML {
        guard !history.isEmpty else { return .empty }
        return HTML.group {
            HTML.h2 { .text("Earlier cards") }
            HTML.ul(.class("log")) {
                for past in history {
                    HTML.li { .text("Until \(past.replacedAt.formatted(date: .abbreviated, time: .shortened)): \(said(past.signedCard.card))") }
                }
            }
        }
    }

    /// What an earlier card said, in a few words.
    static func said(_ card: ContactCard) -> String {
        let said = [card.name, card.title, card.company].compactMap { $0 }.joined(separator: " · ")
        return said.isEmpty ? DisplayName.none : said
    }

    static func verification(_ status: VerificationStatus) -> String {
        switch status {
        case .verified: "Their card is signed by their own key, and the signature checks."
        case .unverified: "These details came from an address book, not a signed card: anyone could have written them."
        case .failed: "A card arrived but its signature did not check; it was kept only because you chose to."
        case .pending: "An exchange with them is under way."
        }
    }

    static func meetingsList(_ meetings: [ExchangeRecord], source: ContactSource) -> HTML {
        guard !meetings.isEmpty else { return HTML.p(.class("muted")) { .text("Added \(added(source)), with no meeting recorded.") } }
        return HTML.ul {
            for meeting in meetings {
                HTML.li {
                    let when = meeting.exchangedAt.formatted(date: .abbreviated, time: .shortened)
                    HTML.text("\(when), \(MeetingSentences.how(meeting).plain)")
                    if let theirs = meeting.theirNote {
                        HTML.br()
                        HTML.text("They wrote: “\(theirs)”")
                    }
                    if let ours = meeting.ourNote {
                        HTML.br()
                        HTML.text("You wrote: “\(ours)”")
                    }
                    let friends = meeting.commonFriends.count
                    if friends > 0 {
                        HTML.br()
                        HTML.text("\(friends) common \(friends == 1 ? "friend" : "friends")")
                    }
                }
            }
        }
    }

    /// How a contact came into the book, in words.
    static func added(_ source: ContactSource) -> String {
        switch source {
        case .qr: "from a QR code"
        case .pasted: "from its pasted text"
        case .code: "from a typed code"
        case .link: "from a link"
        case .vcard: "from a vCard"
        case .nearby: "face to face"
        case .nfc: "by an NFC tap"
        case .serverRequest: "by a friend request"
        case .import: "from an address book import"
        }
    }

    /// The confirmation before deleting.
    static func deletePage(contact: Contact, formToken: String) -> String {
        Page.screen(title: "Delete \(contact.displayName)", current: .contacts) {
            HTML.h1 { .text("Delete \(contact.displayName)?") }
            HTML.p {
                .text(
                    "Their card, your alias, notes and tags for them, and the record of your meetings are removed from this computer. This cannot be undone."
                )
            }
            HTML.div(.class("row")) {
                Page.form(.deleteContact(contact.id), token: formToken) { HTML.button(.type("submit"), .class("danger")) { .text("Delete") } }
                HTML.a(.href(.contact(contact.id))) { .text("Cancel") }
            }
        }
    }
}
