// Establishes the screen that edits your own card: a box for every field of the field table (one email or
// phone number per line; links one per line in the short form `handshake card set --link` takes) and which
// fields people receive, shown again with the reason when the card's rules refuse what was typed
// (CardEditForm). The photo is sent on its own by the page's script (CardPhotoRoutes), so choosing one never
// loses what is being typed.
import HandshakeCore
import HandshakeHTML

enum CardEditScreen {
    static func page(_ typed: CardEditForm, formToken: String, refusal: String? = nil, done: Outcome? = nil) -> String {
        Page.screen(title: "Edit my card", current: .card) {
            HTML.p { HTML.a(.href(.myCard)) { .text("← My card") } }
            HTML.h1 { .text("Edit my card") }
            HTML.notice(done)
            if let refusal { Page.refusal(refusal, "Nothing was saved.") }
            photo(typed.avatar, formToken: formToken)
            Page.form(.editCard, token: formToken) {
                HTML.div(.class("fields")) {
                    for field in CardField.textFields { box(field, typed[field]) }
                }
                HTML.fieldset(.class("sharing")) {
                    HTML.legend { .text("What people receive") }
                    for field in CardField.allCases {
                        HTML.label {
                            HTML.input(.type("checkbox"), .name(CardEditForm.shareName(field)), .value(CardEditForm.ticked), .checked(typed.shared.contains(field)))
                            HTML.text(" " + field.label)
                        }
                    }
                }
                HTML.button(.type("submit")) { .text("Save my card") }
            }
        }
    }

    /// The labelled box of `field`, holding `value`.
    static func box(_ field: CardField, _ value: String) -> HTML {
        let name = CardEditForm.boxName(field)
        func area(_ label: String) -> HTML {
            HTML.group {
                HTML.label(.for(name)) { .text(label) }
                HTML.textarea(.id(name), .name(name), .rows(3)) { .text(value) }
            }
        }
        switch field.kind {
        case .text(_, multiline: false):
            return HTML.group {
                HTML.label(.for(name)) { .text(field.label) }
                HTML.input(.type("text"), .id(name), .name(name), .value(value))
            }
        case .text: return area(field.label)
        case .list(_, .text): return area("\(field.label), one per line or separated by commas")
        case .list: return area("\(field.label), one per line")
        case .links: return area("\(field.label), one per line: github=https://github.com/you, or mastodon=@you@example.social")
        case .image: return .empty
        }
    }

    /// The photo: the one on the card, a picture to choose (sent by the page's script), and removing it.
    static func photo(_ avatar: Avatar?, formToken: String) -> HTML {
        HTML.group {
            HTML.section(.class("photo"), .aria("labelledby", "photo-heading"), .data(.photo, .cardPhoto), .data(.token, formToken)) {
                HTML.h2(.id("photo-heading")) { .text("Photo") }
                if avatar == nil {
                    HTML.p(.class("muted")) { .text("No photo yet.") }
                } else {
                    AvatarImage.html(avatar, alt: "Your card's photo")
                }
                HTML.label(.for(ScriptElement.photo.id.description)) { .text("Choose a picture (PNG or JPEG; a large one is shrunk to fit your card)") }
                HTML.input(.type("file"), .id(.photo), .accept("image/png", "image/jpeg"))
                HTML.p(.id(.photoStatus), .role("status"), .aria("live", "polite"))
                HTML.noscript {
                    HTML.p(.class("muted")) {
                        HTML.text("Choosing a photo needs the page's script; ")
                        HTML.code { .text("handshake card set --avatar FILE") }
                        HTML.text(" does it too.")
                    }
                }
                if avatar != nil {
                    Page.form(.removeCardPhoto, token: formToken) { HTML.button(.type("submit"), .class("secondary")) { .text("Remove the photo") } }
                }
            }
            HTML.h2 { .text("Details") }
        }
    }
}
