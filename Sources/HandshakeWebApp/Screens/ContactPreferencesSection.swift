// Establishes the contact info screen's own settings for one person (seed 002's "Contact preferences"): your
// notes on them, kept on this device only, and a menu per chat feature, either your default from Settings
// (named with what it is now) or a choice for them alone, each with what it comes to with what they allow
// (the book's FeatureState). The book's `preferences(of:)` gives the rows; the forms post to the contact's
// edit and preferences paths.
import HandshakeHTML
import HandshakePresentation
import HandshakeStore

enum ContactPreferencesSection {
    /// Your notes on `contact`, in a box that keeps their line breaks.
    static func notes(_ contact: Contact, formToken: String) -> HTML {
        HTML.group {
            HTML.h3 { .text("Notes") }
            Page.form(.editContact(contact.id), token: formToken) {
                HTML.label(.for("notes")) { .text("Notes (only you see them)") }
                HTML.textarea(.id("notes"), .name(ContactEditForm.CodingKeys.notes), .rows(4), .maxlength(ContactLimits.notes)) {
                    .text(contact.notes ?? "")
                }
                ContactSettings.button(.notes) { .text("Save notes") }
            }
        }
    }

    /// A menu per chat feature, for this contact.
    static func html(_ contact: Contact, _ preferences: [ContactPreference], formToken: String) -> HTML {
        guard !preferences.isEmpty else { return .empty }
        return HTML.group {
            HTML.h3 { .text("What \(contact.displayName) may do") }
            Page.form(.contactPreferences(contact.id), token: formToken) {
                HTML.div(.class("fields")) {
                    for preference in preferences { menu(preference) }
                }
                HTML.p { HTML.button(.type("submit")) { .text("Save preferences") } }
            }
        }
    }

    /// One feature's menu, and what it comes to.
    static func menu(_ preference: ContactPreference) -> HTML {
        let name = ContactPreferencesForm.menuName(preference.feature)
        let resolved = FeatureLabels.meaning(preference.userAllows)
        let defaultLabel = preference.userSetting == .default ? "Your default (\(resolved))" : "Your default"
        return HTML.group {
            HTML.label(.for(name)) { .text(FeatureLabels.name(preference.feature)) }
            HTML.select(.id(name), .name(name), .aria("describedby", name + "-state")) {
                HTML.option(.value(ContactPreferencesForm.value(.default)), .selected(preference.userSetting == .default)) { .text(defaultLabel) }
                for allowance in FeatureAllowance.allCases {
                    HTML.option(.value(allowance), .selected(preference.userSetting == .allowance(allowance))) {
                        .text(FeatureLabels.meaning(allowance))
                    }
                }
            }
            HTML.p(.class("muted"), .id(name + "-state")) {
                .text("They allow: \(preference.contactAllows.rawValue). Now: \(preference.state.description).")
            }
        }
    }
}
