// Establishes the Add screens: a picture of their QR code, the camera, or a pasted card, share link or
// credential (what CardIntake reads), then the confirmation screen the seed asks for
// before anything is stored: the card as it will be kept, whether its signature checks, and what adding it
// would do (someone new, possibly the new identity of a contact; a newer card; one you have; a blocked
// person's; a key that conflicts), with the choices that fit. The preview and the rule that applies the
// answer are the book's (`ScannedCard`, `ReceiveAnswer`); the card travels back in the form as text and is
// read and verified again before it is kept.
import HandshakeCore
import HandshakeIntake
import HandshakeStore

enum AddScreen {
    /// The paste box, with the refusal of what was pasted last (if any) and that text kept in the box.
    static func page(formToken: String, pasted: String = "", refusal: String? = nil) -> HTML {
        let problem: HTML = refusal.map { Page.refusal($0, "Nothing was stored.") } ?? .empty
        return Page.screen(title: "Add", current: .add, body: """
            <h1>Add someone</h1>
            \(problem)
            \(picture(formToken: formToken))
            \(Page.form(action: "/add", token: formToken, """
                <label for="card">Paste their card's text, code or link</label>
                <textarea id="card" name="card" rows="5" required spellcheck="false" autocapitalize="off">\(pasted)</textarea>
                <p class="muted">It starts with <code>HS1:</code>, or is a <code>handshake://</code> link, a typed code, a share link, or a credential (VC-JWT) that carries a card.</p>
                <button type="submit">Read the card</button>
                """))
            """)
    }

    /// A picture of their QR code, chosen or taken, or the camera live. The page's script sends it to the app,
    /// which finds the code (the browser decodes nothing) and answers its text; the script then sends that
    /// text with the paste form below. Without script, the paste box is the way in.
    static func picture(formToken: String) -> HTML {
        """
        <section class="picture" aria-labelledby="picture-heading" data-picture="/add/picture" data-token="\(formToken)">
        <h2 id="picture-heading">From their QR code</h2>
        <label for="picture">Take or choose a picture of their QR code</label>
        <input type="file" id="picture" accept="image/png,image/jpeg" capture="environment">
        <div class="row"><button type="button" id="camera" class="secondary" hidden>Use the camera</button>
        <button type="button" id="camera-stop" class="secondary" hidden>Stop the camera</button></div>
        <video id="viewfinder" muted playsinline hidden></video>
        <p id="picture-status" role="status" aria-live="polite"></p>
        <noscript><p class="muted">Reading a picture needs the page's script; paste the card's text below instead.</p></noscript>
        </section>
        <h2>Or paste it</h2>
        """
    }

    /// What the pasted card is and what adding it would do, before anything is stored.
    static func confirm(_ reading: CardIntake.Reading, text: String, formToken: String) -> HTML {
        let scanned = reading.scanned
        let card = scanned.card.card
        let name = card.name ?? scanned.card.nodeID.rawValue
        var fields = DefinitionList()
        fields.add(card.fields)
        fields.add("Node ID", scanned.card.nodeID.rawValue)
        let choices: HTML
        switch scanned.preview {
        case .new(_, let matches) where matches.isEmpty:
            choices = keep(text, formToken, """
                \(trustChoice)
                <div class="row"><button type="submit" name="answer" value="add">Add \(name)</button>
                <button type="submit" name="answer" value="ignore" class="secondary">Ignore</button></div>
                """)
        case .new(_, let matches):
            let merges = matches.map { match -> HTML in
                "<button type=\"submit\" name=\"answer\" value=\"merge-\(Int(match.id))\">Merge into \(match.displayName)</button>"
            }
            choices = keep(text, formToken, """
                <p>This card shares an email or phone number with \(matches.map(\.displayName).joined(separator: ", ")). It may be
                their new identity (merge: your alias, notes and tags stay), or someone else (add separately).</p>
                \(trustChoice)
                <div class="row">\(merges)
                <button type="submit" name="answer" value="separately" class="secondary">Add separately</button>
                <button type="submit" name="answer" value="ignore" class="secondary">Ignore</button></div>
                """)
        case .update(let contact, _, let changes):
            let changed = changes.isEmpty ? "only its date" : changes.fields.map(\.rawValue).joined(separator: ", ")
            choices = keep(text, formToken, """
                <p>A newer card of \(contact.displayName): it changes \(changed).</p>
                <div class="row"><button type="submit" name="answer" value="add">Update \(contact.displayName)</button>
                <a href="/contacts/\(Int(contact.id))">Keep the card you have</a></div>
                """)
        case .notNewer(let contact):
            choices = "<p>You already have this card of \(contact.displayName), or a newer one. <a href=\"/contacts/\(Int(contact.id))\">See \(contact.displayName)</a></p>"
        case .keyConflict(let contact):
            choices = Page.refusal(ContactBookError.keyConflict(contact.nodeID?.rawValue ?? scanned.card.nodeID.rawValue).description, "Nothing was stored.")
        case .blocked(let contact):
            choices = "<p>\(contact.displayName) is blocked: their card is ignored, and nothing was stored.</p>"
        }
        return Page.screen(title: "Add \(name)", current: .add, body: """
            <h1>\(name)</h1>
            <p class="verified">Verified: this card is signed by its owner's own key, and the signature checks.</p>
            \(via(reading.via))
            \(fields.html)
            \(choices)
            """)
    }

    /// How the card came, when it was not a card form itself.
    static func via(_ via: CardIntake.Via) -> HTML {
        switch via {
        case .card: .empty
        case .shareLink(let server): "<p class=\"muted\">From a share link on \(server.absoluteString). Looking does not use the link up.</p>"
        case .credential(let issuer, let status?): "<p class=\"muted\">Inside a Verifiable Credential signed by \(issuer). \(status)</p>"
        case .credential(let issuer, nil): "<p class=\"muted\">Inside a Verifiable Credential signed by \(issuer).</p>"
        }
    }

    static let trustChoice: HTML = """
        <fieldset><legend>How well do you know them?</legend>
        <label><input type="radio" name="trust" value="TRUSTED" checked> Trusted: counted among common friends</label><br>
        <label><input type="radio" name="trust" value="KNOWN"> Known: met, but not vouched for</label>
        </fieldset>
        """

    /// The keep form: the card's text rides along, to be read and verified again.
    static func keep(_ text: String, _ formToken: String, _ fields: HTML) -> HTML {
        Page.form(action: "/add/keep", token: formToken, "<input type=\"hidden\" name=\"card\" value=\"\(text)\">\(fields)")
    }

    /// The person's answer, from the keep form's fields.
    static func answer(_ form: FormFields) -> ReceiveAnswer {
        let trust = form["trust"].flatMap(TrustLevel.init(caseInsensitive:)) ?? .trusted
        switch form["answer"] ?? "ignore" {
        case "add": return .add(trust: trust == .blocked ? .known : trust)
        case "separately": return .addSeparately(trust: trust == .blocked ? .known : trust)
        case let merge where merge.hasPrefix("merge-"): return Int64(merge.dropFirst(6)).map { .merge(into: $0) } ?? .ignore
        default: return .ignore
        }
    }
}
