// Establishes the contact info screen's settings forms: the alias, the trust level, pin and mute, tags, and
// block or unblock. Every form posts to the contact's edit path with the button's `action`; ContactEditForm
// reads it as one `ContactEdit`, which the book validates (ContactEdit's bounds) and applies.
import HandshakeHTML
import HandshakePresentation
import HandshakeStore

enum ContactSettings {
    typealias Field = ContactEditForm.CodingKeys
    typealias Action = ContactEditForm.Action

    /// The forms, for `contact`.
    static func html(_ contact: Contact, formToken: String) -> HTML {
        let edit = AppPath.editContact(contact.id)
        return HTML.group {
            HTML.h2 { .text("Alias") }
            Page.form(edit, token: formToken) {
                HTML.label(.for("alias")) { .text("Alias (only you see it)") }
                HTML.div(.class("row")) {
                    HTML.input(.type("text"), .id("alias"), .name(Field.alias), .value(contact.alias ?? ""), .maxlength(ContactLimits.alias))
                    button(.alias) { .text("Save alias") }
                }
            }
            HTML.h2 { .text("Settings") }
            if contact.trustLevel == .blocked {
                HTML.p { .text("Blocked: their cards are ignored. Unblock them in the danger zone.") }
            } else {
                Page.form(edit, token: formToken) {
                    HTML.label(.for("trust")) { .text("Trust") }
                    HTML.div(.class("row")) {
                        HTML.select(.id("trust"), .name(Field.trust)) {
                            for level in [TrustLevel.trusted, .known] {
                                HTML.option(.value(level), .selected(level == contact.trustLevel)) { .text(trustLabel(level)) }
                            }
                        }
                        button(.trust) { .text("Save trust") }
                    }
                }
            }
            HTML.div(.class("row")) {
                Page.form(edit, token: formToken) {
                    if contact.pinned {
                        button(.unpin, "secondary") { .text("Unpin") }
                    } else {
                        button(.pin, "secondary") { .text("Pin to the top") }
                    }
                }
                Page.form(edit, token: formToken) {
                    if contact.muted {
                        button(.unmute, "secondary") { .text("Unmute") }
                    } else {
                        button(.mute, "secondary") { .text("Mute") }
                    }
                }
            }
            HTML.h3 { .text("Tags") }
            if contact.tags.isEmpty {
                HTML.p(.class("muted")) { .text("No tags.") }
            } else {
                HTML.ul(.class("tags")) {
                    for tag in contact.tags {
                        HTML.li {
                            HTML.text(tag + " ")
                            Page.form(edit, token: formToken) {
                                HTML.input(.type("hidden"), .name(Field.tag), .value(tag))
                                HTML.button(.type("submit"), .name(Field.action), .value(Action.removeTag), .class("secondary"), .aria("label", "Remove the tag \(tag)")) {
                                    .text("Remove")
                                }
                            }
                        }
                    }
                }
            }
            Page.form(edit, token: formToken) {
                HTML.label(.for("tag")) { .text("New tag") }
                HTML.div(.class("row")) {
                    HTML.input(.type("text"), .id("tag"), .name(Field.tag), .maxlength(ContactLimits.tagLength))
                    button(.addTag) { .text("Add tag") }
                }
            }
        }
    }

    /// The block or unblock button of the danger zone.
    static func block(_ contact: Contact, formToken: String) -> HTML {
        Page.form(.editContact(contact.id), token: formToken) {
            if contact.trustLevel == .blocked {
                button(.unblock, "secondary") { .text("Unblock \(contact.displayName)") }
            } else {
                button(.block, "danger") { .text("Block \(contact.displayName)") }
                HTML.text(" ")
                HTML.span(.class("muted")) { .text("Their cards are ignored from now on.") }
            }
        }
    }

    /// What a trust level means, as the menu says it (`NewContactTrust`, as Add says it).
    static func trustLabel(_ level: TrustLevel) -> String { NewContactTrust.label(level) }

    /// A button that submits its form with `action`.
    static func button(_ action: Action, _ style: String = "", @HTMLBuilder label: () -> HTML) -> HTML {
        HTML.button(.type("submit"), .name(Field.action), .value(action), .class(style), content: label)
    }
}
