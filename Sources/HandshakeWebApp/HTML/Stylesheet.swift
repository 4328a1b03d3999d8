// Establishes the app's one stylesheet: one responsive layout from a phone (390 px wide) to a desktop,
// system fonts, AA contrast (body text #1d1d1f on white is 16:1; the accent #0a58ca on white is 6.2:1),
// and a focus ring on every control.

enum Stylesheet {
    static let css = """
        :root { color-scheme: light; --accent: #0a58ca; --muted: #4a4a4f; --line: #d0d0d7; --danger: #b3261e; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1f; background: #fff; }
        header { border-bottom: 1px solid var(--line); background: #f6f6f8; }
        nav { display: flex; gap: 1rem; align-items: center; max-width: 56rem; margin: 0 auto; padding: .75rem 1rem; flex-wrap: wrap; }
        nav .brand { font-weight: 700; margin-right: auto; }
        nav a { color: var(--accent); text-decoration: none; padding: .25rem .5rem; border-radius: .375rem; }
        nav a[aria-current="page"] { background: var(--accent); color: #fff; }
        main { max-width: 56rem; margin: 0 auto; padding: 1rem; }
        h1 { font-size: 1.5rem; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
        h2 { font-size: 1.125rem; margin: 1.5rem 0 .5rem; }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .muted { color: var(--muted); }
        ul.contacts { list-style: none; padding: 0; margin: 0; }
        ul.contacts li a { display: flex; justify-content: space-between; gap: 1rem; padding: .75rem .5rem; border-bottom: 1px solid var(--line);
          text-decoration: none; color: inherit; overflow-wrap: anywhere; }
        ul.contacts li a:hover { background: #f0f4fb; }
        .badge { font-size: .8125rem; color: var(--muted); white-space: nowrap; }
        form.search { display: flex; gap: .5rem; margin-bottom: 1rem; flex-wrap: wrap; }
        form.search .filters { flex-basis: 100%; }
        input[type="search"], input[type="text"] { flex: 1; min-width: 0; font: inherit; padding: .5rem .625rem; border: 1px solid #8a8a92;
          border-radius: .375rem; }
        button { font: inherit; padding: .5rem .875rem; border-radius: .375rem; border: 1px solid var(--accent); background: var(--accent);
          color: #fff; cursor: pointer; }
        button.secondary { background: #fff; color: var(--accent); }
        button.danger { background: var(--danger); border-color: var(--danger); }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0; }
        dt { color: var(--muted); }
        dd { margin: 0; overflow-wrap: anywhere; }
        .row { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
        .code { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; letter-spacing: .05em; overflow-wrap: anywhere; }
        .qr svg { width: min(100%, 22rem); height: auto; display: block; }
        .qr.small svg { width: min(100%, 12rem); }
        select { font: inherit; padding: .45rem; border: 1px solid #8a8a92; border-radius: .375rem; max-width: 100%; }
        ul.tags { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem; }
        ul.tags li { display: flex; gap: .25rem; align-items: center; border: 1px solid var(--line); border-radius: 1rem; padding: .125rem .25rem .125rem .75rem; }
        ul.tags button { padding: .125rem .5rem; font-size: .8125rem; }
        h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
        .notice { padding: .75rem 1rem; border-radius: .5rem; background: #eef4ff; border: 1px solid #b6cdf5; margin-bottom: 1rem; }
        textarea { display: block; width: 100%; font: .875rem/1.4 ui-monospace, "SFMono-Regular", Menlo, monospace; padding: .5rem;
          border: 1px solid #8a8a92; border-radius: .375rem; margin: .25rem 0 .5rem; }
        fieldset { border: 1px solid var(--line); border-radius: .5rem; margin: 1rem 0; padding: .5rem 1rem; }
        .notice.problem { background: #fdeceb; border-color: #f0b5b1; }
        .verified { color: #0b6b2f; font-weight: 600; }
        .shortcode { font: 700 2.25rem/1.2 ui-monospace, "SFMono-Regular", Menlo, monospace; letter-spacing: .15em; margin: .5rem 0 1rem; }
        ul.people, ul.log { list-style: none; padding: 0; }
        ul.people button.person { width: 100%; text-align: left; margin: .25rem 0; }
        ul.log { color: var(--muted); font-size: .9375rem; }
        .note { font-size: 1.125rem; }
        .ending { font-weight: 600; }
        .fields label { display: block; margin-top: .75rem; }
        .fields input[type="text"] { width: 100%; }
        fieldset.sharing label { display: inline-block; margin: .25rem 1rem .25rem 0; }
        .refusal { max-width: 36rem; margin: 3rem auto; padding: 1rem; }
        ul.requests { list-style: none; padding: 0; }
        ul.requests li { border-bottom: 1px solid var(--line); padding: .5rem 0; overflow-wrap: anywhere; }
        ul.requests li p { margin: .25rem 0; }
        .count:not(:empty) { background: var(--danger); color: #fff; border-radius: 1rem; padding: 0 .5rem; }
        img.avatar { width: 6rem; height: 6rem; object-fit: cover; border-radius: 50%; display: block; margin: .5rem 0; }
        section.photo input[type="file"] { display: block; margin: .25rem 0 .5rem; max-width: 100%; }
        [hidden] { display: none !important; }
        section.picture input[type="file"] { display: block; margin: .25rem 0 .5rem; max-width: 100%; }
        #viewfinder { width: min(100%, 22rem); border-radius: .5rem; background: #000; margin: .5rem 0; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        @media (max-width: 480px) {
          dl { grid-template-columns: 1fr; } dt { margin-top: .5rem; }
          nav { gap: .125rem; justify-content: space-between; } nav .brand { flex-basis: 100%; } nav a { padding: .25rem .3rem; font-size: .875rem; }
        }
        """
}
