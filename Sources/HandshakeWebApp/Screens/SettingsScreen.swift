// Establishes the Settings screen: who you are (your name and Node ID), your backup code (shown only when
// asked, with what it gives away), the mailbox server (connecting publishes the card there), and the default chat preferences every contact gets unless you choose
// otherwise for them. The code is the account's; the defaults are the book's (`setUserDefault`).
import Foundation
import HandshakeCore
import HandshakeStore

enum SettingsScreen {
    static let featureNames: [ChatFeature: String] = [
        .timedMessages: "Disappearing messages", .reactions: "Reactions", .voice: "Voice messages", .calls: "Calls", .files: "Files",
        .fullDelete: "Deleting for both",
    ]
    static let allowanceNames: [FeatureAllowance: String] = [
        .always: "Always: even if they do not allow it back", .yes: "Yes: if they allow it too", .no: "No",
    ]

    static func page(
        name: String?, nodeID: NodeID, defaults: [ChatFeature: FeatureAllowance], backupCode: [String]?, server: URL?, formToken: String,
        done: String? = nil, serverRefusal: String? = nil, typedServer: String = ""
    ) -> HTML {
        let rows = ChatFeature.allCases.map { feature -> HTML in
            let id = "default-\(feature.rawValue)"
            let options = FeatureAllowance.allCases.map { allowance -> HTML in
                let label = allowanceNames[allowance] ?? allowance.rawValue
                return defaults[feature] == allowance
                    ? "<option value=\"\(allowance.rawValue)\" selected>\(label)</option>" : "<option value=\"\(allowance.rawValue)\">\(label)</option>"
            }
            return "<label for=\"\(id)\">\(featureNames[feature] ?? feature.rawValue)</label><select id=\"\(id)\" name=\"\(id)\">\(options)</select>"
        }
        let backup: HTML = backupCode.map {
            """
            <div class="notice problem" role="status"><p>Anyone who has this code can be you: write it on paper and keep it where
            only you can reach it. It restores your identity on a new device (<code>handshake identity restore</code>).</p>
            <p class="code" id="backup-code">\($0.joined(separator: " "))</p></div>
            """
        } ?? Page.form(action: "/settings/backup", token: formToken, "<button type=\"submit\" class=\"secondary\">Show my backup code</button>")
        return Page.screen(title: "Settings", current: .settings, body: """
            \(notice(done))
            <h1>Settings</h1>
            <h2>You</h2>
            <dl><dt>Name</dt><dd>\(name ?? "(none)")</dd><dt>Node ID</dt><dd class="code">\(nodeID.rawValue)</dd></dl>
            <h2>Backup code</h2>
            \(backup)
            \(serverSection(server, formToken: formToken, refusal: serverRefusal, typed: typedServer))
            <h2>What your contacts may do, unless you choose for one of them</h2>
            \(Page.form(action: "/settings/defaults", token: formToken, """
                <div class="fields">\(rows)</div>
                <p><button type="submit">Save the defaults</button></p>
                """))
            """)
    }

    static func notice(_ done: String?) -> HTML {
        switch done {
        case "saved": Page.notice("Saved.")
        case "server": Page.notice("Connected: your card is published on the server. <a href=\"/requests\">Friend requests</a>")
        default: .empty
        }
    }

    /// The mailbox server: the one connected, and a form to connect one (or another).
    static func serverSection(_ server: URL?, formToken: String, refusal: String?, typed: String) -> HTML {
        let current: HTML = server.map {
            "<p>Connected to <span class=\"code\">\($0.absoluteString)</span>: your <a href=\"/requests\">friend requests</a> and share links go through it.</p>"
        } ?? "<p>None yet. Friend requests and share links, for people who are apart, go through a mailbox server: connect to one that you or your community run.</p>"
        let problem: HTML = refusal.map { Page.refusal($0, "Nothing was changed.") } ?? .empty
        return """
            <h2 id="server">Server</h2>
            \(current)
            \(problem)
            \(Page.form(action: "/settings/server", token: formToken, """
                <div class="fields"><label for="server-address">\(server == nil ? "Server address" : "Connect to another server")</label>
                <input type="text" id="server-address" name="server" value="\(typed)" inputmode="url" autocomplete="url" spellcheck="false"
                placeholder="https://handshake.example.org" required></div>
                <p><button type="submit">Connect and publish my card</button></p>
                """))
            """
    }

    /// The defaults the form asks for; a field missing or unknown is left as it is.
    static func defaults(_ form: FormFields) -> [ChatFeature: FeatureAllowance] {
        var chosen: [ChatFeature: FeatureAllowance] = [:]
        for feature in ChatFeature.allCases {
            if let allowance = form["default-\(feature.rawValue)"].flatMap(FeatureAllowance.init(rawValue:)) { chosen[feature] = allowance }
        }
        return chosen
    }
}
