// Establishes the Face to face screen: how to start (look for people nearby, show a code, type one), the
// live part (the people found, the 6-digit code both screens show, the common friends, the question the
// exchange waits on, their note, how it ended), redrawn as it changes. The live part is also served alone
// (`/nearby/live`) for the page's script, which swaps it in when the event stream says it changed.
import HandshakeCore
import HandshakeNearby
import HandshakeStore

enum FaceToFaceScreen {
    @MainActor static func page(_ model: FaceToFace, formToken: String) -> HTML {
        Page.screen(title: "Face to face", current: .nearby, body: """
            <h1>Face to face</h1>
            <div id="live" data-stream="/nearby/stream" data-fragment="/nearby/live" aria-live="polite">\(live(model, formToken: formToken))</div>
            """)
    }

    /// The part that changes as the exchange goes on.
    @MainActor static func live(_ model: FaceToFace, formToken: String) -> HTML {
        guard model.running || model.ending != nil else { return start(formToken) }
        var parts: [HTML] = []
        if let code = model.shortCode {
            parts.append("<p class=\"shortcode\" aria-label=\"The code both screens show\">\(code)</p>")
        }
        // The cards do not wait for the common friends: they may arrive after the request, live.
        switch (model.commonFriendsFound, model.commonFriends.isEmpty) {
        case (false?, _) where model.ending == nil: parts.append("<p class=\"muted\" role=\"status\">Looking for common friends…</p>")
        case (true?, true): parts.append("<p class=\"muted\">No common friends.</p>")
        case (_, false): parts.append("<p>Common friends: \(model.commonFriends.joined(separator: ", "))</p>")
        default: break
        }
        if model.running && model.question == nil && model.shortCode == nil {
            parts.append(people(model, formToken))
        }
        if let question = model.question { parts.append(ask(question, model, formToken)) }
        if let (waitingForThem, seconds) = model.secondsLeft {
            let countdown: HTML = "<span data-countdown=\"\(seconds)\">\(seconds)</span>"
            parts.append(waitingForThem
                ? "<p class=\"waiting\" role=\"status\">Waiting for their answer: \(countdown) seconds left.</p>"
                : "<p class=\"waiting\">\(countdown) seconds left to answer.</p>")
        }
        if let note = model.theirNote { parts.append("<p class=\"note\">They wrote: “\(note)”</p>") }
        if let note = model.ourNote { parts.append("<p class=\"note\">You wrote: “\(note)”</p>") }
        parts.append("<ul class=\"log\">\(model.lines.map { "<li>\($0)</li>" as HTML })</ul>")
        if let ending = model.ending {
            let contact: HTML = model.keptContactID.map { "<a href=\"/contacts/\(Int($0))\">See them in your contacts</a> · " } ?? .empty
            parts.append("<p class=\"ending\" role=\"status\">\(ending)</p><p>\(contact)<a href=\"/nearby\">Start again</a></p>")
        } else {
            parts.append(Page.form(action: "/nearby/stop", token: formToken, "<button type=\"submit\" class=\"secondary\">Stop</button>"))
        }
        return "\(parts)"
    }

    static func start(_ formToken: String) -> HTML {
        """
        <p>Meet someone and swap cards: both of you open this screen on the same network.</p>
        \(Page.form(action: "/nearby/start", token: formToken, """
            <label><input type="checkbox" name="showName" value="yes" checked> Show my name to people nearby</label>
            <div class="row"><button type="submit" name="meeting" value="discover">Look for people nearby</button>
            <button type="submit" name="meeting" value="showCode" class="secondary">Show a code</button></div>
            """))
        \(Page.form(action: "/nearby/start", token: formToken, """
            <label for="code">Or type the code their screen shows</label>
            <div class="row"><input type="text" id="code" name="code" autocomplete="off" spellcheck="false" placeholder="XXXX-XXXX-XXXX">
            <button type="submit" name="meeting" value="typeCode">Connect</button></div>
            """))
        """
    }

    @MainActor static func people(_ model: FaceToFace, _ formToken: String) -> HTML {
        guard !model.people.isEmpty else { return "<p class=\"muted\">Nobody yet. They appear here as they open Face to face.</p>" }
        let rows = model.people.map { peer -> HTML in
            let name = peer.displayName ?? "Someone (\(peer.shortID))"
            let friends: HTML = model.commonFriendCount(with: peer.id).map { count in
                " <span class=\"muted\">· \(count == 0 ? "no common friends" : "\(count) common friend\(count == 1 ? "" : "s")")</span>"
            } ?? " <span class=\"muted\">· looking for common friends…</span>"
            return "<li>\(Page.form(action: "/nearby/choose", token: formToken, "<button type=\"submit\" name=\"peer\" value=\"\(peer.id)\" class=\"person\">\(name)\(friends)</button>"))</li>"
        }
        return "<h2>People nearby</h2><ul class=\"people\">\(rows)</ul>"
    }

    @MainActor static func ask(_ question: FaceToFace.Question, _ model: FaceToFace, _ formToken: String) -> HTML {
        func buttons(_ yes: String, _ no: String) -> HTML {
            """
            <div class="row"><button type="submit" name="answer" value="yes">\(yes)</button>
            <button type="submit" name="answer" value="no" class="secondary">\(no)</button></div>
            """
        }
        switch question {
        case .request(let card):
            return Page.form(action: "/nearby/answer", token: formToken, """
                <p><strong>\(card.card.name ?? "Someone")</strong> asks to exchange cards. They will receive your card.</p>
                \(buttons("Accept", "Decline"))
                """)
        case .keep(let card):
            var fields = DefinitionList()
            fields.add(card.card.fields)
            return Page.form(action: "/nearby/answer", token: formToken, """
                <p class="verified">Their card arrived, signed by their own key.</p>
                \(fields.html)
                \(buttons("Add \(card.card.name ?? "them")", "Don't add"))
                """)
        case .note:
            return Page.form(action: "/nearby/answer", token: formToken, """
                <label for="note">A note for them (up to 140 characters, sent once)</label>
                <textarea id="note" name="note" rows="2" maxlength="1000" data-count="140" aria-describedby="note-count"></textarea>
                <p class="muted" id="note-count" aria-live="polite">Up to 140 characters.</p>
                <div class="row"><button type="submit" name="answer" value="note">Send note</button>
                <button type="submit" name="answer" value="none" class="secondary">No note</button></div>
                """)
        }
    }
}
