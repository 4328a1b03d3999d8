// Establishes the contact info screen: who they are by their card (with its photo), how far the card can be
// trusted and why, your settings for them (ContactSettings), how and when you met (with both notes), their
// earlier cards, the security code to compare (SecurityCodeSection), and the danger zone (block; delete,
// after a confirmation). The facts come from the book and the account; the screen draws them and offers the
// forms.
import Foundation
import HandshakeCore
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
        notice: HTML = .empty, avatar: Avatar? = nil, history: [PastCard] = []
    ) -> HTML {
        var fields = DefinitionList()
        fields.add(contact.details)
        fields.add("Tags", contact.tags)
        fields.add("Node ID", contact.nodeID?.rawValue)
        let id = Int(contact.id)
        return Page.screen(title: contact.displayName, current: .contacts, body: """
            <p><a href="/contacts">← Contacts</a></p>
            \(notice)
            \(AvatarImage.html(avatar, alt: "Photo of \(contact.displayName)"))
            <h1>\(contact.displayName)</h1>
            <p class="muted">\(standing(contact)). \(verification(contact.verificationStatus))</p>
            \(fields.html)
            \(ContactSettings.html(contact, formToken: formToken))
            <h2>How you met</h2>
            \(meetingsList(meetings, source: contact.source))
            \(historyList(history))
            <h2>Security code</h2>
            \(SecurityCodeSection.html(contact, code: securityCode, scannable: scannable, formToken: formToken))
            \(contact.sigKey == nil ? .empty : passOn(id: id))
            <h2>Danger zone</h2>
            \(ContactSettings.block(contact, formToken: formToken))
            <p><a href="/contacts/\(id)/delete">Delete \(contact.displayName)…</a></p>
            """)
    }

    /// Export: their signed card, to pass on.
    static func passOn(id: Int) -> HTML {
        """
        <h2>Pass on their card</h2>
        <p><a href="/contacts/\(id)/card.vcf" download>Download their card (vCard)</a></p>
        <p class="muted">Exactly as they signed it: none of your notes, tags or alias. Whoever receives it can check it came from them, unchanged.</p>
        """
    }

    /// Their earlier cards, newest first: what each said and until when it was their card.
    static func historyList(_ history: [PastCard]) -> HTML {
        guard !history.isEmpty else { return .empty }
        let rows = history.map { past -> HTML in
            let card = past.signedCard.card
            let said = [card.name, card.title, card.company].compactMap { $0 }.joined(separator: " · ")
            return "<li>Until \(past.replacedAt.formatted(date: .abbreviated, time: .shortened)): \(said.isEmpty ? "(no name)" : said)</li>"
        }
        return """
            <h2>Earlier cards</h2>
            <ul class="log">\(rows)</ul>
            """
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
        guard !meetings.isEmpty else { return "<p class=\"muted\">Added \(added(source)), with no meeting recorded.</p>" }
        let items = meetings.map { meeting -> HTML in
            let when = meeting.exchangedAt.formatted(date: .abbreviated, time: .shortened)
            var notes: [HTML] = []
            if let theirs = meeting.theirNote { notes.append("<br>They wrote: “\(theirs)”") }
            if let ours = meeting.ourNote { notes.append("<br>You wrote: “\(ours)”") }
            let friends = meeting.commonFriends.count
            let common: HTML = friends == 0 ? .empty : "<br>\(friends) common \(friends == 1 ? "friend" : "friends")"
            let how = meeting.source == .comparedCode ? "face to face, after comparing the 6-digit code" : "face to face, by a tap or a typed code"
            return "<li>\(when), \(how)\(notes)\(common)</li>"
        }
        return "<ul>\(items)</ul>"
    }

    /// The notice after a change that brought the person here (`?done=` in the address).
    static func notice(_ done: String?, contact: Contact) -> HTML {
        let text: HTML
        switch done {
        case "saved": text = "Saved."
        case "added": text = "Added \(contact.displayName). Now let them add you: show them <a href=\"/card\">your card</a>."
        case "merged": text = "Merged: this is \(contact.displayName)'s new identity. Compare the security code again."
        case "updated": text = "Updated \(contact.displayName) from a newer card."
        case "verified": text = "The codes match: \(contact.displayName) is marked as compared."
        case "mismatch": return "<p class=\"notice problem\" role=\"alert\">\(SecurityCodeSection.mismatch)</p>"
        default: return .empty
        }
        return Page.notice(text)
    }

    /// How a contact came into the book, in words.
    static func added(_ source: ContactSource) -> String {
        switch source {
        case .qr: "from a QR code"
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
    static func deletePage(contact: Contact, formToken: String) -> HTML {
        let id = Int(contact.id)
        return Page.screen(title: "Delete \(contact.displayName)", current: .contacts, body: """
            <h1>Delete \(contact.displayName)?</h1>
            <p>Their card, your alias, notes and tags for them, and the record of your meetings are removed from this
            computer. This cannot be undone.</p>
            <div class="row">
            \(Page.form(action: "/contacts/\(id)/delete", token: formToken, "<button type=\"submit\" class=\"danger\">Delete</button>"))
            <a href="/contacts/\(id)">Cancel</a>
            </div>
            """)
    }
}
