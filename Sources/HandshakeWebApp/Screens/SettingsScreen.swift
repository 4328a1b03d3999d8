// Establishes the Settings screen: who you are (your name and Node ID), your backup code (shown only when
// asked, with what it gives away), a move to a new key (what it does, then what it did), the mailbox server
// (connecting publishes the card there), and the default chat preferences every contact gets unless you
// choose otherwise for them. The code is the account's; the
// defaults are the book's (`setUserDefault`), read from the form by DefaultsForm.
import Foundation
import HandshakeCore
import HandshakeHTML
import HandshakePresentation
import HandshakeStore

enum SettingsScreen {
    /// The id of the server's section, which Friend requests links to.
    static let serverSectionID = "server"

    /// What a move to a new key came to, for the page that follows it.
    enum KeyMove: Sendable {
        /// Moved: the Node IDs before and after, and the server the new card went to, if any.
        case moved(from: NodeID, to: NodeID, server: URL?)
        /// Not moved, with the reason (a server that refused or did not answer).
        case refused(String)
    }

    static func page(
        name: String?, nodeID: NodeID, defaults: [ChatFeature: FeatureAllowance], backupCode: [String]?, server: URL?, formToken: String,
        done: Outcome? = nil, serverRefusal: String? = nil, typedServer: String = "", keyMove: KeyMove? = nil
    ) -> String {
        Page.screen(title: "Settings", current: .settings) {
            HTML.notice(done)
            HTML.h1 { .text("Settings") }
            HTML.h2 { .text("You") }
            HTML.dl {
                HTML.dt { .text("Name") }
                HTML.dd { .text(name ?? "(none)") }
                HTML.dt { .text("Node ID") }
                HTML.dd(.class("code")) { .text(nodeID.rawValue) }
            }
            HTML.h2 { .text("Backup code") }
            backup(backupCode, formToken: formToken)
            keySection(keyMove, formToken: formToken)
            serverSection(server, formToken: formToken, refusal: serverRefusal, typed: typedServer)
            HTML.h2 { .text("What your contacts may do, unless you choose for one of them") }
            Page.form(.saveDefaults, token: formToken) {
                HTML.div(.class("fields")) {
                    for feature in ChatFeature.allCases { menu(feature, chosen: defaults[feature]) }
                }
                HTML.p { HTML.button(.type("submit")) { .text("Save the defaults") } }
            }
        }
    }

    /// The backup code when asked for, with what it gives away; otherwise the button that asks.
    static func backup(_ code: [String]?, formToken: String) -> HTML {
        guard let code else {
            return Page.form(.showBackup, token: formToken) { HTML.button(.type("submit"), .class("secondary")) { .text("Show my backup code") } }
        }
        return HTML.div(.class("notice", "problem"), .role("status")) {
            HTML.p {
                HTML.text("Anyone who has this code can be you: write it on paper and keep it where only you can reach it. It restores your identity on a new device (")
                HTML.code { .text("handshake identity restore") }
                HTML.text(").")
            }
            HTML.p(.class("code"), .id("backup-code")) { .text(code.joined(separator: " ")) }
        }
    }

    /// Moving to a new key: what it does and the button, or, after a move, what it did.
    static func keySection(_ keyMove: KeyMove?, formToken: String) -> HTML {
        HTML.group {
            HTML.h2 { .text("Your key") }
            switch keyMove {
            case .moved(let old, let new, let server)?:
                HTML.div(.class("notice"), .role("status")) {
                    HTML.p { .text(KeyMoveSentences.moved(from: old, to: new).plain) }
                    HTML.p { .text((server.map { KeyMoveSentences.published(to: $0.absoluteString) } ?? KeyMoveSentences.notPublished).plain) }
                    HTML.p { .text(KeyMoveSentences.backUpAgain.plain) }
                }
            case .refused(let reason)?:
                Page.refusal(reason, KeyMoveSentences.notMoved.plain)
                moveForm(formToken: formToken)
            case nil:
                moveForm(formToken: formToken)
            }
        }
    }

    /// What a move does, and the button that makes it.
    static func moveForm(formToken: String) -> HTML {
        HTML.group {
            HTML.p { .text(KeyMoveSentences.question.plain) }
            Page.form(.moveKey, token: formToken) { HTML.button(.type("submit"), .class("secondary")) { .text("Move to a new key") } }
        }
    }

    /// The menu of one chat feature's default.
    static func menu(_ feature: ChatFeature, chosen: FeatureAllowance?) -> HTML {
        let name = DefaultsForm.menuName(feature)
        return HTML.group {
            HTML.label(.for(name)) { .text(FeatureLabels.name(feature)) }
            HTML.select(.id(name), .name(name)) {
                for allowance in FeatureAllowance.allCases {
                    HTML.option(.value(allowance), .selected(chosen == allowance)) { .text(FeatureLabels.meaning(allowance)) }
                }
            }
        }
    }

    /// The mailbox server: the one connected, and a form to connect one (or another).
    static func serverSection(_ server: URL?, formToken: String, refusal: String?, typed: String) -> HTML {
        HTML.group {
            HTML.h2(.id(serverSectionID)) { .text("Server") }
            if let server {
                HTML.p {
                    HTML.text("Connected to ")
                    HTML.span(.class("code")) { .text(server.absoluteString) }
                    HTML.text(": your ")
                    HTML.a(.href(.requests)) { .text("friend requests") }
                    HTML.text(" and share links go through it.")
                }
            } else {
                HTML.p {
                    .text(
                        "None yet. Friend requests and share links, for people who are apart, go through a mailbox server: connect to one that you or your community run."
                    )
                }
            }
            if let refusal { Page.refusal(refusal, "Nothing was changed.") }
            Page.form(.connectServer, token: formToken) {
                HTML.div(.class("fields")) {
                    HTML.label(.for("server-address")) { .text(server == nil ? "Server address" : "Connect to another server") }
                    HTML.input(
                        .type("text"), .id("server-address"), .name(ServerForm.CodingKeys.server), .value(typed), .inputmode("url"), .autocomplete("url"),
                        .spellcheck(false), .placeholder("https://handshake.example.org"), .required())
                }
                HTML.p { HTML.button(.type("submit")) { .text("Connect and publish my card") } }
            }
        }
    }
}
