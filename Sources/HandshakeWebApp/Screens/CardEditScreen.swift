// Establishes the screen that edits your own card: every text field (one email or phone number per line)
// and which fields people receive. The rules are the card's (`CardProfile.edit` checks every field and the
// signed card's size; nothing is saved unless all of it passes); the form only carries what was typed, and
// shows it again with the reason when it is refused. Photo and links are set with `handshake card set`.
import HandshakeCore

enum CardEditScreen {
    /// The fields a person types, as the form carries them.
    struct Typed: Sendable {
        var name = "", title = "", company = "", location = "", bio = ""
        var emails = "", phones = "", skills = ""
        var shared: Set<CardField> = []

        init(_ card: ContactCard, shared: Set<CardField>) {
            name = card.name ?? ""
            title = card.title ?? ""
            company = card.company ?? ""
            location = card.location ?? ""
            bio = card.bio ?? ""
            emails = card.emails.joined(separator: "\n")
            phones = card.phones.joined(separator: "\n")
            skills = card.skills.joined(separator: ", ")
            self.shared = shared
        }

        init(_ form: FormFields) {
            name = form["name"] ?? ""
            title = form["title"] ?? ""
            company = form["company"] ?? ""
            location = form["location"] ?? ""
            bio = form["bio"] ?? ""
            emails = form["emails"] ?? ""
            phones = form["phones"] ?? ""
            skills = form["skills"] ?? ""
            shared = Set(CardField.allCases.filter { form["share-\($0.rawValue)"] == "yes" })
        }

        /// Writes what was typed into `card`: an empty box clears its field; lists split at line ends (skills at commas).
        func apply(to card: inout ContactCard) {
            func text(_ value: String) -> String? {
                let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                return trimmed.isEmpty ? nil : trimmed
            }
            func list(_ value: String, separator: Character) -> [String] {
                value.split(separator: separator).compactMap { text(String($0)) }
            }
            card.name = text(name)
            card.title = text(title)
            card.company = text(company)
            card.location = text(location)
            card.bio = text(bio)
            card.emails = list(emails.replacingOccurrences(of: "\r", with: ""), separator: "\n")
            card.phones = list(phones.replacingOccurrences(of: "\r", with: ""), separator: "\n")
            card.skills = list(skills, separator: ",")
        }
    }

    static let labels: [(CardField, String)] = [
        (.name, "Name"), (.title, "Title"), (.company, "Company"), (.location, "Location"), (.bio, "About"),
        (.emails, "Email addresses"), (.phones, "Phone numbers"), (.skills, "Skills"), (.links, "Links"), (.avatar, "Photo"),
    ]

    static func page(_ typed: Typed, formToken: String, refusal: String? = nil) -> HTML {
        func input(_ id: String, _ label: String, _ value: String) -> HTML {
            "<label for=\"\(id)\">\(label)</label><input type=\"text\" id=\"\(id)\" name=\"\(id)\" value=\"\(value)\">"
        }
        func area(_ id: String, _ label: String, _ value: String) -> HTML {
            "<label for=\"\(id)\">\(label)</label><textarea id=\"\(id)\" name=\"\(id)\" rows=\"3\">\(value)</textarea>"
        }
        let sharing = labels.map { field, label -> HTML in
            let id = "share-\(field.rawValue)"
            return typed.shared.contains(field)
                ? "<label><input type=\"checkbox\" name=\"\(id)\" value=\"yes\" checked> \(label)</label>"
                : "<label><input type=\"checkbox\" name=\"\(id)\" value=\"yes\"> \(label)</label>"
        }
        let problem: HTML = refusal.map { "<div class=\"notice problem\" role=\"alert\"><p>\($0)</p><p>Nothing was saved.</p></div>" } ?? .empty
        return Page.screen(title: "Edit my card", current: .card, body: """
            <p><a href="/card">← My card</a></p>
            <h1>Edit my card</h1>
            \(problem)
            \(Page.form(action: "/card/edit", token: formToken, """
                <div class="fields">
                \(input("name", "Name", typed.name))
                \(input("title", "Title", typed.title))
                \(input("company", "Company", typed.company))
                \(input("location", "Location", typed.location))
                \(area("bio", "About you", typed.bio))
                \(area("emails", "Email addresses, one per line", typed.emails))
                \(area("phones", "Phone numbers, one per line", typed.phones))
                \(input("skills", "Skills, separated by commas", typed.skills))
                </div>
                <fieldset class="sharing"><legend>What people receive</legend>\(sharing)</fieldset>
                <p class="muted">Your photo and links are set with <code>handshake card set</code> for now.</p>
                <button type="submit">Save my card</button>
                """))
            """)
    }
}
