// Establishes the contact info screen's settings, and how their forms become one `ContactEdit`: the alias,
// the trust level, pin and mute, tags, and block or unblock. Every form posts to `/contacts/{id}/edit` with
// an `action`; the book validates the edit (ContactEdit's bounds) and applies it.
import HandshakeStore

enum ContactSettings {
    /// The forms, for `contact`.
    static func html(_ contact: Contact, formToken: String) -> HTML {
        let action = "/contacts/\(Int(contact.id))/edit"
        let trustOptions = [TrustLevel.trusted, .known].map { level -> HTML in
            let label = level == .trusted ? "Trusted: counted among common friends" : "Known: met, but not vouched for"
            return level == contact.trustLevel
                ? "<option value=\"\(level.rawValue)\" selected>\(label)</option>" : "<option value=\"\(level.rawValue)\">\(label)</option>"
        }
        let tags = contact.tags.map { tag -> HTML in
            "<li>\(tag) \(Page.form(action: action, token: formToken, "<input type=\"hidden\" name=\"tag\" value=\"\(tag)\"><button type=\"submit\" name=\"action\" value=\"removeTag\" class=\"secondary\" aria-label=\"Remove the tag \(tag)\">Remove</button>"))</li>"
        }
        return """
            <h2>Alias</h2>
            \(Page.form(action: action, token: formToken, """
                <label for="alias">Alias (only you see it)</label>
                <div class="row"><input type="text" id="alias" name="alias" value="\(contact.alias ?? "")" maxlength="64"><button type="submit" name="action" value="alias">Save alias</button></div>
                """))
            <h2>Settings</h2>
            \(contact.trustLevel == .blocked ? "<p>Blocked: their cards are ignored. Unblock them in the danger zone.</p>" as HTML : Page.form(action: action, token: formToken, """
                <label for="trust">Trust</label>
                <div class="row"><select id="trust" name="trust">\(trustOptions)</select><button type="submit" name="action" value="trust">Save trust</button></div>
                """))
            <div class="row">
            \(Page.form(action: action, token: formToken, contact.pinned
                ? "<button type=\"submit\" name=\"action\" value=\"unpin\" class=\"secondary\">Unpin</button>"
                : "<button type=\"submit\" name=\"action\" value=\"pin\" class=\"secondary\">Pin to the top</button>"))
            \(Page.form(action: action, token: formToken, contact.muted
                ? "<button type=\"submit\" name=\"action\" value=\"unmute\" class=\"secondary\">Unmute</button>"
                : "<button type=\"submit\" name=\"action\" value=\"mute\" class=\"secondary\">Mute</button>"))
            </div>
            <h3>Tags</h3>
            \(tags.isEmpty ? "<p class=\"muted\">No tags.</p>" as HTML : "<ul class=\"tags\">\(tags)</ul>")
            \(Page.form(action: action, token: formToken, """
                <label for="tag">New tag</label>
                <div class="row"><input type="text" id="tag" name="tag" maxlength="32"><button type="submit" name="action" value="addTag">Add tag</button></div>
                """))
            """
    }

    /// The block or unblock button of the danger zone.
    static func block(_ contact: Contact, formToken: String) -> HTML {
        Page.form(action: "/contacts/\(Int(contact.id))/edit", token: formToken, contact.trustLevel == .blocked
            ? "<button type=\"submit\" name=\"action\" value=\"unblock\" class=\"secondary\">Unblock \(contact.displayName)</button>"
            : "<button type=\"submit\" name=\"action\" value=\"block\" class=\"danger\">Block \(contact.displayName)</button> <span class=\"muted\">Their cards are ignored from now on.</span>")
    }

    /// The edit a settings form asks for; an unknown action changes nothing.
    static func edit(_ form: FormFields) -> ContactEdit {
        let tag = form["tag"].map { [$0] } ?? []
        switch form["action"] {
        case "alias": return ContactEdit(alias: form["alias"] ?? "")
        case "trust":
            // Blocking is the danger zone's button, never a choice in the list.
            let level = form["trust"].flatMap(TrustLevel.init(caseInsensitive:)).flatMap { $0 == .blocked ? nil : $0 }
            return ContactEdit(trustLevel: level)
        case "pin": return ContactEdit(pinned: true)
        case "unpin": return ContactEdit(pinned: false)
        case "mute": return ContactEdit(muted: true)
        case "unmute": return ContactEdit(muted: false)
        case "addTag": return ContactEdit(addTags: tag)
        case "removeTag": return ContactEdit(removeTags: tag)
        case "block": return ContactEdit(trustLevel: .blocked)
        case "unblock": return ContactEdit(trustLevel: .known)
        default: return ContactEdit()
        }
    }
}
