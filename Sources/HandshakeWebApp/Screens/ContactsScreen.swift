// Establishes the Contacts screen: the search box (the book's own search, by name, alias, company, tag or
// the start of a Node ID, redrawn as the person types), filters by trust and by tag, pinned contacts first and
// then everyone, each with how far they can be trusted (the contact just met face to face first, highlighted,
// after Face to face's Done), and an empty state that says what to do first. The
// list and its order are the book's (`ContactListQuery`); the screen only draws them.
import HandshakeHTML
import HandshakePresentation
import HandshakeStore

enum ContactsScreen {
    /// What the list is filtered by, as the search form carries it in the query (`q`, `tag`, `trust`; empty
    /// or unknown: no filter).
    struct Filter: Sendable, Equatable, Decodable {
        var search = ""
        var tag: String?
        var trust: TrustLevel?
        /// The contact just met face to face: drawn first, highlighted (Face to face's Done).
        var new: Int64?

        enum CodingKeys: String, CodingKey {
            case search = "q", tag, trust, new
        }

        init(search: String = "", tag: String? = nil, trust: TrustLevel? = nil) {
            self.search = search
            self.tag = tag
            self.trust = trust
        }

        init(from decoder: any Decoder) throws {
            let query = try decoder.container(keyedBy: CodingKeys.self)
            search = try query.decodeIfPresent(String.self, forKey: .search) ?? ""
            tag = try query.decodeIfPresent(String.self, forKey: .tag).flatMap { $0.isEmpty ? nil : $0 }
            trust = try query.decodeIfPresent(String.self, forKey: .trust).flatMap(TrustLevel.init(caseInsensitive:))
            new = try? query.decodeIfPresent(String.self, forKey: .new).flatMap { Int64($0) }
        }

        var listQuery: ContactListQuery { ContactListQuery(search: search, tag: tag, trust: trust) }
        var isEmpty: Bool { search.isEmpty && tag == nil && trust == nil }
    }

    static func page(contacts: [Contact], filter: Filter, tags: [String], updates: [Int64: CardUpdate] = [:]) -> String {
        Page.screen(title: "Contacts", current: .contacts) {
            HTML.h1 { .text("Contacts") }
            HTML.p {
                HTML.a(.href(.requests)) { .text("Friend requests") }
                HTML.text(" ")
                HTML.span(.class("badge", "count"), .data(.badge, .requestsBadge))
            }
            HTML.form(
                .class("search"), .method("get"), .action(.contacts), .role("search"), .data(.results, .contactResults), .data(.stream, .contactsStream)
            ) {
                HTML.label(.for("q"), .class("visually-hidden")) { .text("Search contacts") }
                HTML.input(
                    .type("search"), .id("q"), .name(Filter.CodingKeys.search), .value(filter.search), .placeholder("Search by name, company or tag"),
                    .autocomplete("off"))
                HTML.button(.type("submit")) { .text("Search") }
                HTML.div(.class("row", "filters")) {
                    HTML.label(.for("trust"), .class("visually-hidden")) { .text("Trust") }
                    HTML.select(.id("trust"), .name(Filter.CodingKeys.trust)) {
                        HTML.option(.value(""), .selected(filter.trust == nil)) { .text("Anyone") }
                        for level in TrustLevel.allCases {
                            HTML.option(.value(level.rawValue.lowercased()), .selected(filter.trust == level)) { .text(level.rawValue.capitalized) }
                        }
                    }
                    if !tags.isEmpty {
                        HTML.label(.for("tag"), .class("visually-hidden")) { .text("Tag") }
                        HTML.select(.id("tag"), .name(Filter.CodingKeys.tag)) {
                            HTML.option(.value("")) { .text("Any tag") }
                            for tag in tags {
                                HTML.option(.value(tag), .selected(filter.tag?.lowercased() == tag.lowercased())) { .text(tag) }
                            }
                        }
                    }
                }
            }
            HTML.div(.id(.results), .aria("live", "polite")) { results(contacts: contacts, filter: filter, updates: updates) }
        }
    }

    /// The list under the search box, also served alone (`/contacts/results`) as the person types.
    /// `updates` marks the contacts whose card changed lately ("Updated today: title.").
    static func results(contacts: [Contact], filter: Filter, updates: [Int64: CardUpdate] = [:]) -> HTML {
        let new = contacts.first { $0.id == filter.new }
        let pinned = contacts.filter { $0.pinned && $0.id != new?.id }, others = contacts.filter { !$0.pinned && $0.id != new?.id }
        if contacts.isEmpty && filter.isEmpty {
            return HTML.div(.class("notice")) {
                HTML.p {
                    HTML.strong { .text("No contacts yet.") }
                    HTML.text(" Meet someone ")
                    HTML.a(.href(.nearby)) { .text("face to face") }
                    HTML.text(", show them ")
                    HTML.a(.href(.myCard)) { .text("your card") }
                    HTML.text(", or ")
                    HTML.a(.href(.add)) { .text("add theirs") }
                    HTML.text(".")
                }
            }
        }
        if contacts.isEmpty && filter.search.isEmpty { return HTML.p { .text("Nobody matches these filters.") } }
        if contacts.isEmpty { return HTML.p { .text("Nobody matches “\(filter.search)”.") } }
        return HTML.group {
            if let new { section("Just met", [new], highlighted: true, updates: updates) }
            section("Pinned", pinned, updates: updates)
            section(pinned.isEmpty ? "All contacts" : "Everyone else", others, updates: updates)
        }
    }

    static func section(_ title: String, _ contacts: [Contact], highlighted: Bool = false, updates: [Int64: CardUpdate] = [:]) -> HTML {
        guard !contacts.isEmpty else { return .empty }
        return HTML.group {
            HTML.h2 { .text(title) }
            HTML.ul(.class("contacts")) {
                for contact in contacts {
                    HTML.li(.when(highlighted, .class("new"))) {
                        HTML.a(.href(.contact(contact.id))) {
                            HTML.span { .text(contact.displayName) }
                            HTML.span(.class("badge")) { .text(ContactScreen.standing(contact)) }
                            if let update = updates[contact.id] { HTML.span(.class("updated")) { .text(RefreshSentences.updated(update).plain) } }
                        }
                    }
                }
            }
        }
    }
}
