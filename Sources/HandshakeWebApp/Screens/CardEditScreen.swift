// Establishes the screen that edits your own card: a box for every field of the field table (one email or
// phone number per line) and which fields people receive. The rules are the card's (`CardProfile.edit` checks every field and the
// signed card's size; nothing is saved unless all of it passes); the form only carries what was typed, and
// shows it again with the reason when it is refused. Links are typed one per line in the short form
// `handshake card set --link` takes (SocialLink's). The photo is sent on its own by the page's script
// (CardPhotoRoutes), so choosing one never loses what is being typed.
import HandshakeCore

enum CardEditScreen {
    /// The fields a person types, as the form carries them: one box per field of the field table, named by
    /// the field's raw value.
    struct Typed: Sendable {
        /// What each box holds (a box left out of the form is empty).
        var boxes: [CardField: String] = [:]
        var shared: Set<CardField> = []
        /// The photo the card has now (not typed: shown beside the form).
        var avatar: Avatar?

        init(_ card: ContactCard, shared: Set<CardField>) {
            for field in CardField.textFields {
                switch card.fields[field] {
                case .text(let text)?: boxes[field] = text
                case .list(let entries)?: boxes[field] = entries.joined(separator: "\n")
                case .links(let links)?: boxes[field] = links.map(\.shortForm).joined(separator: "\n")
                case .image?, nil: boxes[field] = ""
                }
            }
            avatar = card.avatar
            self.shared = shared
        }

        init(_ form: FormFields) {
            for field in CardField.textFields { boxes[field] = form[field.rawValue] ?? "" }
            shared = Set(CardField.allCases.filter { form["share-\($0.rawValue)"] == "yes" })
        }

        /// What the box of `field` holds.
        subscript(field: CardField) -> String {
            get { boxes[field] ?? "" }
            set { boxes[field] = newValue }
        }

        /// The typed links of each links field, one per line; the sentence for the first line that is not a link.
        func parsedLinks() -> Result<[CardField: [SocialLink]], LinkLineError> {
            var parsed: [CardField: [SocialLink]] = [:]
            for field in CardField.textFields {
                guard case .links = field.kind else { continue }
                let lines = self[field].replacingOccurrences(of: "\r", with: "").split(separator: "\n", omittingEmptySubsequences: false)
                var links: [SocialLink] = []
                for (number, line) in lines.enumerated() {
                    let text = line.trimmingCharacters(in: .whitespaces)
                    if text.isEmpty { continue }
                    guard let link = SocialLink(commandLine: text) else {
                        return .failure(LinkLineError(field: field, line: number + 1, text: text))
                    }
                    links.append(link)
                }
                parsed[field] = links
            }
            return .success(parsed)
        }

        /// Writes what was typed into `card`: an empty box clears its field; lists split at line ends (lists of
        /// plain text, like skills, at commas too).
        func apply(to card: inout ContactCard, links: [CardField: [SocialLink]]) {
            func text(_ value: some StringProtocol) -> String? {
                let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
                return trimmed.isEmpty ? nil : trimmed
            }
            for field in CardField.textFields {
                let box = self[field].replacingOccurrences(of: "\r", with: "")
                switch field.kind {
                case .text: card.fields[field] = text(box).map(CardFieldValue.text)
                case .list(_, .text): card.fields[field] = .list(box.split(whereSeparator: { $0 == "\n" || $0 == "," }).compactMap(text))
                case .list: card.fields[field] = .list(box.split(separator: "\n").compactMap(text))
                case .links: card.fields[field] = .links(links[field] ?? [])
                case .image: continue
                }
            }
        }
    }

    /// A line of the links box that is not a link.
    struct LinkLineError: Error, Equatable, CustomStringConvertible {
        let field: CardField
        let line: Int
        let text: String
        var description: String {
            "Line \(line) of \(field.label), “\(text)”, is not a link: write platform=address, for example github=https://github.com/ada, or platform=@handle."
        }
    }

    static func page(_ typed: Typed, formToken: String, refusal: String? = nil, done: String? = nil) -> HTML {
        func input(_ id: String, _ label: String, _ value: String) -> HTML {
            "<label for=\"\(id)\">\(label)</label><input type=\"text\" id=\"\(id)\" name=\"\(id)\" value=\"\(value)\">"
        }
        func area(_ id: String, _ label: String, _ value: String) -> HTML {
            "<label for=\"\(id)\">\(label)</label><textarea id=\"\(id)\" name=\"\(id)\" rows=\"3\">\(value)</textarea>"
        }
        let sharing = CardField.allCases.map { field -> HTML in
            let id = "share-\(field.rawValue)"
            return typed.shared.contains(field)
                ? "<label><input type=\"checkbox\" name=\"\(id)\" value=\"yes\" checked> \(field.label)</label>"
                : "<label><input type=\"checkbox\" name=\"\(id)\" value=\"yes\"> \(field.label)</label>"
        }
        let boxes = CardField.textFields.map { field -> HTML in
            let id = field.rawValue
            switch field.kind {
            case .text(_, multiline: false): return input(id, field.label, typed[field])
            case .text: return area(id, field.label, typed[field])
            case .list(_, .text): return area(id, "\(field.label), one per line or separated by commas", typed[field])
            case .list: return area(id, "\(field.label), one per line", typed[field])
            case .links:
                return area(id, "\(field.label), one per line: github=https://github.com/you, or mastodon=@you@example.social", typed[field])
            case .image: return .empty
            }
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
                \(boxes)
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
