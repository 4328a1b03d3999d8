// Establishes how a screen lists labelled values (a card's fields): a `<dl>` that leaves out what is empty,
// with a card's fields always in one order and under one set of labels, whichever screen shows them.
import HandshakeStore

/// Labelled values, in the order added; empty ones are left out.
struct DefinitionList {
    private var rows: [HTML] = []

    /// Adds `value` under `label`, unless it is missing or empty.
    mutating func add(_ label: String, _ value: String?) {
        if let value, !value.isEmpty { rows.append("<dt>\(label)</dt><dd>\(value)</dd>") }
    }

    /// Adds the values, joined by commas, unless there are none.
    mutating func add(_ label: String, _ values: [String]) { add(label, values.joined(separator: ", ")) }

    /// Adds a card's fields, as a contact's details hold them (`ContactDetails(card)` for a card itself).
    mutating func add(_ details: ContactDetails) {
        add("Name", details.name)
        add("Title", details.title)
        add("Company", details.company)
        add("Location", details.location)
        add("About", details.bio)
        add("Email", details.emails)
        add("Phone", details.phones)
        add("Skills", details.skills)
        // As text, never as a link: an address from a card could be `javascript:` or lead anywhere.
        add("Links", details.links.map(\.summary))
    }

    var html: HTML { "<dl>\(rows)</dl>" }
}
