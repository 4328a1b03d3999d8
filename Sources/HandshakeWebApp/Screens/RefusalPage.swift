// Establishes the pages of the three refusals (LocalAccessRule): each says what happened and what to do.
import HandshakeHTML

enum RefusalPage {
    /// No session: the launch URL was not used, or the app was started again since.
    static let noSession = Page.document(title: "Open Handshake from its link") {
        HTML.main(.class("refusal")) {
            HTML.h1 { .text("Open Handshake from its link") }
            HTML.p {
                HTML.text("This app opens only from the link ")
                HTML.code { .text("handshake app") }
                HTML.text(" printed when it started, which carries a secret for that launch. Run ")
                HTML.code { .text("handshake app") }
                HTML.text(" again, or copy the whole link it printed into this browser.")
            }
        }
    }

    /// The request named another host.
    static func wrongHost(origin: String) -> String {
        Page.document(title: "Not this address") {
            HTML.main(.class("refusal")) {
                HTML.h1 { .text("Not this address") }
                HTML.p {
                    HTML.text("Handshake answers only at ")
                    HTML.code { .text(origin) }
                    HTML.text(" on this computer.")
                }
            }
        }
    }

    /// A change from another site, or a form without its token.
    static let crossSite = Page.document(title: "Change refused") {
        HTML.main(.class("refusal")) {
            HTML.h1 { .text("Change refused") }
            HTML.p {
                HTML.text("Changes are accepted only from Handshake's own pages. Nothing was changed. Go back to ")
                HTML.a(.href(.contacts)) { .text("your contacts") }
                HTML.text(" and try again there.")
            }
        }
    }
}
