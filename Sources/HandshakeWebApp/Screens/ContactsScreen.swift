// Establishes the Contacts screen: the search box (the book's own search, by name, alias, company, tag or
// the start of a Node ID, redrawn as the person types), pinned contacts first and then everyone, each with how far they can be trusted,
// and an empty state that says what to do first. The list and its order are the book's
// (`ContactListQuery`); the screen only draws them.
import HandshakeStore

enum ContactsScreen {
    static func page(contacts: [Contact], search: String) -> HTML {
        Page.screen(title: "Contacts", current: .contacts, body: """
            <h1>Contacts</h1>
            <p><a href="/requests">Friend requests</a> <span class="badge count" data-badge="/requests/badge"></span></p>
            <form class="search" method="get" action="/contacts" role="search" data-results="/contacts/results">
            <label for="q" class="visually-hidden">Search contacts</label>
            <input type="search" id="q" name="q" value="\(search)" placeholder="Search by name, company or tag" autocomplete="off">
            <button type="submit">Search</button>
            </form>
            <div id="results" aria-live="polite">\(results(contacts: contacts, search: search))</div>
            """)
    }

    /// The list under the search box, also served alone (`/contacts/results`) as the person types.
    static func results(contacts: [Contact], search: String) -> HTML {
        let pinned = contacts.filter(\.pinned), others = contacts.filter { !$0.pinned }
        let list: HTML
        if contacts.isEmpty && search.isEmpty {
            list = """
                <div class="notice"><p><strong>No contacts yet.</strong> Meet someone <a href="/nearby">face to face</a>,
                show them <a href="/card">your card</a>, or <a href="/add">add theirs</a>.</p></div>
                """
        } else if contacts.isEmpty {
            list = "<p>Nobody matches “\(search)”.</p>"
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
