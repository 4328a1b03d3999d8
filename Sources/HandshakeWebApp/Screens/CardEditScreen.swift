// Establishes the screen that edits your own card: every text field (one email or phone number per line)
// and which fields people receive. The rules are the card's (`CardProfile.edit` checks every field and the
// signed card's size; nothing is saved unless all of it passes); the form only carries what was typed, and
// shows it again with the reason when it is refused. Links are typed one per line in the short form
// `handshake card set --link` takes (SocialLink's). The photo is sent on its own by the page's script
// (CardPhotoRoutes), so choosing one never loses what is being typed.
import HandshakeCore

enum CardEditScreen {
    /// The fields a person types, as the form carries them.
    struct Typed: Sendable {
        var name = "", title = "", company = "", location = "", bio = ""
        var emails = "", phones = "", skills = "", links = ""
        var shared: Set<CardField> = []
        /// The photo the card has now (not typed: shown beside the form).
        var avatar: Avatar?

        init(_ card: ContactCard, shared: Set<CardField>) {
            name = card.name ?? ""
            title = card.title ?? ""
            company = card.company ?? ""
            location = card.location ?? ""
            bio = card.bio ?? ""
            emails = card.emails.joined(separator: "\n")
            phones = card.phones.joined(separator: "\n")
            skills = card.skills.joined(separator: ", ")
            links = card.links.map(\.shortForm).joined(separator: "\n")
            avatar = card.avatar
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
            links = form["links"] ?? ""
            shared = Set(CardField.allCases.filter { form["share-\($0.rawValue)"] == "yes" })
        }

        /// The typed links, one per line; the sentence for the first line that is not a link.
        func parsedLinks() -> Result<[SocialLink], LinkLineError> {
            var parsed: [SocialLink] = []
            let lines = links.replacingOccurrences(of: "\r", with: "").split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.isEmpty { continue }
                guard let link = SocialLink(commandLine: text) else { return .failure(LinkLineError(line: number + 1, text: text)) }
                parsed.append(link)
            }
            return .success(parsed)
        }

        /// Writes what was typed into `card`: an empty box clears its field; lists split at line ends (skills at commas).
        func apply(to card: inout ContactCard, links: [SocialLink]) {
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
            card.links = links
        }
    }

    /// A line of the links box that is not a link.
    struct LinkLineError: Error, Equatable, CustomStringConvertible {
        let line: Int
        let text: String
        var description: String {
            "Line \(line) of Links, “\(text)”, is not a link: write platform=address, for example github=https://github.com/ada, or platform=@handle."
        }
    }

    static let labels: [(CardField, String)] = [
        (.name, "Name"), (.title, "Title"), (.company, "Company"), (.location, "Location"), (.bio, "About"),
        (.emails, "Email addresses"), (.phones, "Phone numbers"), (.skills, "Skills"), (.links, "Links"), (.avatar, "Photo"),
    ]

    static func page(_ typed: Typed, formToken: String, refusal: String? = nil, done: String? = nil) -> HTML {
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
        let problem: HTML = refusal.map { Page.refusal($0, "Nothing was saved.") } ?? .empty
        return Page.screen(title: "Edit my card", current: .card, body: """
            <p><a href="/card">← My card</a></p>
            <h1>Edit my card</h1>
            \(notice(done))
            \(problem)
            \(photo(typed.avatar, formToken: formToken))
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
                \(area("links", "Links, one per line: github=https://github.com/you, or mastodon=@you@example.social", typed.links))
                </div>
                <fieldset class="sharing"><legend>What people receive</legend>\(sharing)</fieldset>
                <button type="submit">Save my card</button>
                """))
            """)
    }

    /// The photo: the one on the card, a picture to choose (sent by the page's script), and removing it.
    static func photo(_ avatar: Avatar?, formToken: String) -> HTML {
        let remove: HTML = avatar == nil ? .empty : Page.form(
            action: "/card/photo/remove", token: formToken, "<button type=\"submit\" class=\"secondary\">Remove the photo</button>")
        return """
            <section class="photo" aria-labelledby="photo-heading" data-photo="/card/photo" data-token="\(formToken)">
            <h2 id="photo-heading">Photo</h2>
            \(avatar == nil ? "<p class=\"muted\">No photo yet.</p>" as HTML : AvatarImage.html(avatar, alt: "Your card's photo"))
            <label for="photo">Choose a picture (PNG or JPEG; a large one is shrunk to fit your card)</label>
            <input type="file" id="photo" accept="image/png,image/jpeg">
            <p id="photo-status" role="status" aria-live="polite"></p>
            <noscript><p class="muted">Choosing a photo needs the page's script; <code>handshake card set --avatar FILE</code> does it too.</p></noscript>
            \(remove)
            </section>
            <h2>Details</h2>
            """
    }

    static func notice(_ done: String?) -> HTML {
        let text: String
        switch done {
        case "photo": text = "Photo saved."
        case "photo-shrunk": text = "Photo saved, shrunk to fit your card."
        case "photo-removed": text = "Photo removed."
        default: return .empty
        }
        return Page.notice("\(text)")
    }
}
