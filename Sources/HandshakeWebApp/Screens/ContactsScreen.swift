// Establishes the Contacts screen: the search box (the book's own search, by name, alias, company, tag or
// the start of a Node ID, redrawn as the person types), filters by trust and by tag, pinned contacts first and
// then everyone, each with how far they can be trusted, and an empty state that says what to do first. The list and its order are the book's
// (`ContactListQuery`); the screen only draws them.
import HandshakeStore

enum ContactsScreen {
    /// What the list is filtered by, as the search form carries it.
    struct Filter: Sendable, Equatable {
        var search = ""
        var tag: String?
        var trust: TrustLevel?

        init(search: String = "", tag: String? = nil, trust: TrustLevel? = nil) {
            self.search = search
            self.tag = tag
            self.trust = trust
        }

        /// From the query string: `q`, `tag` and `trust` (empty or unknown: no filter).
        init(query: (String) -> String?) {
            search = query("q") ?? ""
            tag = query("tag").flatMap { $0.isEmpty ? nil : $0 }
            trust = query("trust").flatMap(TrustLevel.init(caseInsensitive:))
        }

        var listQuery: ContactListQuery { ContactListQuery(search: search, tag: tag, trust: trust) }
        var isEmpty: Bool { search.isEmpty && tag == nil && trust == nil }
    }

    static func page(contacts: [Contact], filter: Filter, tags: [String]) -> HTML {
        let trustOptions = [("", "Anyone")] + TrustLevel.allCases.map { ($0.rawValue.lowercased(), $0.rawValue.capitalized) }
        let trustMenu = trustOptions.map { value, label -> HTML in
            filter.trust?.rawValue.lowercased() == value ? "<option value=\"\(value)\" selected>\(label)</option>" : "<option value=\"\(value)\">\(label)</option>"
        }
        let tagMenu: HTML
        if tags.isEmpty {
            tagMenu = .empty
        } else {
            let options = ([("", "Any tag")] + tags.map { ($0, $0) }).map { value, label -> HTML in
                filter.tag?.lowercased() == value.lowercased() && !value.isEmpty
                    ? "<option value=\"\(value)\" selected>\(label)</option>" : "<option value=\"\(value)\">\(label)</option>"
            }
            tagMenu = "<label for=\"tag\" class=\"visually-hidden\">Tag</label><select id=\"tag\" name=\"tag\">\(options)</select>"
        }
        return Page.screen(title: "Contacts", current: .contacts, body: """
            <h1>Contacts</h1>
            <p><a href="/requests">Friend requests</a> <span class="badge count" data-badge="/requests/badge"></span></p>
            <form class="search" method="get" action="/contacts" role="search" data-results="/contacts/results">
            <label for="q" class="visually-hidden">Search contacts</label>
            <input type="search" id="q" name="q" value="\(filter.search)" placeholder="Search by name, company or tag" autocomplete="off">
            <button type="submit">Search</button>
            <div class="row filters"><label for="trust" class="visually-hidden">Trust</label><select id="trust" name="trust">\(trustMenu)</select>\(tagMenu)</div>
            </form>
            <div id="results" aria-live="polite">\(results(contacts: contacts, filter: filter))</div>
            """)
    }

    /// The list under the search box, also served alone (`/contacts/results`) as the person types.
    static func results(contacts: [Contact], filter: Filter) -> HTML {
        let pinned = contacts.filter(\.pinned), others = contacts.filter { !$0.pinned }
        let list: HTML
        if contacts.isEmpty && filter.isEmpty {
            list = """
                <div class="notice"><p><strong>No contacts yet.</strong> Meet someone <a href="/nearby">face to face</a>,
                show them <a href="/card">your card</a>, or <a href="/add">add theirs</a>.</p></div>
                """
        } else if contacts.isEmpty && filter.search.isEmpty {
            list = "<p>Nobody matches these filters.</p>"
        } else if contacts.isEmpty {
            list = "<p>Nobody matches “\(filter.search)”.</p>"
        } else {
            list = """
                \(pinned.isEmpty ? .empty : section("Pinned", pinned))
                \(section(pinned.isEmpty ? "All contacts" : "Everyone else", others))
                """
        }
        return list
    }

    static func section(_ title: String, _ contacts: [Contact]) -> HTML {
        guard !contacts.isEmpty else { return .empty }
        let rows = contacts.map { contact -> HTML in
            """
            <li><a href="/contacts/\(Int(contact.id))"><span>\(contact.displayName)</span><span class="badge">\(ContactScreen.standing(contact))</span></a></li>
            """
        }
        return """
            <h2>\(title)</h2>
            <ul class="contacts">\(rows)</ul>
            """
    }
}
