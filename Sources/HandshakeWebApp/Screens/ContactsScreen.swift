// Establishes the Contacts screen: the search box (the book's own search, by name, alias, company, tag or
// the start of a Node ID), pinned contacts first and then everyone, each with how far they can be trusted,
// and an empty state that says what to do first. The list and its order are the book's
// (`ContactListQuery`); the screen only draws them.
import HandshakeStore

enum ContactsScreen {
    static func page(contacts: [Contact], search: String) -> HTML {
        let pinned = contacts.filter(\.pinned), others = contacts.filter { !$0.pinned }
        let list: HTML
        if contacts.isEmpty && search.isEmpty {
            list = """
                <div class="notice"><p><strong>No contacts yet.</strong> Show your code to someone from
                <a href="/card">My card</a>, or run <code>handshake add</code> with theirs.</p></div>
                """
        } else if contacts.isEmpty {
            list = "<p>Nobody matches “\(search)”.</p>"
        } else {
            list = """
                \(pinned.isEmpty ? .empty : section("Pinned", pinned))
                \(section(pinned.isEmpty ? "All contacts" : "Everyone else", others))
                """
        }
        return Page.screen(title: "Contacts", current: .contacts, body: """
            <h1>Contacts</h1>
            <form class="search" method="get" action="/contacts" role="search">
            <label for="q" class="visually-hidden">Search contacts</label>
            <input type="search" id="q" name="q" value="\(search)" placeholder="Search by name, company or tag" autocomplete="off">
            <button type="submit">Search</button>
            </form>
            \(list)
            """)
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
