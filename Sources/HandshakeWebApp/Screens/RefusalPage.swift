// Establishes the pages of the three refusals (LocalAccessRule): each says what happened and what to do.

enum RefusalPage {
    /// No session: the launch URL was not used, or the app was started again since.
    static let noSession = Page.document(title: "Open Handshake from its link", body: """
        <main class="refusal">
        <h1>Open Handshake from its link</h1>
        <p>This app opens only from the link <code>handshake app</code> printed when it started, which carries a
        secret for that launch. Run <code>handshake app</code> again, or copy the whole link it printed into this
        browser.</p>
        </main>
        """)

    /// The request named another host.
    static func wrongHost(origin: String) -> HTML {
        Page.document(title: "Not this address", body: """
            <main class="refusal">
            <h1>Not this address</h1>
            <p>Handshake answers only at <code>\(origin)</code> on this computer.</p>
            </main>
            """)
    }

    /// A change from another site, or a form without its token.
    static let crossSite = Page.document(title: "Change refused", body: """
        <main class="refusal">
        <h1>Change refused</h1>
        <p>Changes are accepted only from Handshake's own pages. Nothing was changed. Go back to
        <a href="/contacts">your contacts</a> and try again there.</p>
        </main>
        """)
}
