// Establishes the app's one script (the policy runs no inline script): a live region follows its event
// stream and swaps in the fresh part the server drew, keeping what the person is typing and where the focus
// is; a search box shows the server's results as the person types. Without script the page still works;
// it is only redrawn on the next load, or when the search is sent.

enum Script {
    static let js = """
        "use strict";
        (function () {
          const search = document.querySelector("form[data-results]");
          const results = document.getElementById("results");
          if (search && results) {
            const box = search.querySelector("input[name=q]");
            let timer = null;
            box.addEventListener("input", function () {
              clearTimeout(timer);
              timer = setTimeout(async function () {
                const query = new URLSearchParams({ q: box.value }).toString();
                const response = await fetch(search.dataset.results + "?" + query, { credentials: "same-origin", cache: "no-store" });
                if (!response.ok) return;
                results.innerHTML = await response.text();
                history.replaceState(null, "", "/contacts" + (box.value ? "?" + query : ""));
              }, 150);
            });
          }
        })();
        (function () {
          const live = document.getElementById("live");
          if (!live || !live.dataset.stream || !window.EventSource) return;
          let drawing = Promise.resolve();
          function redraw() {
            drawing = drawing.then(async function () {
              const response = await fetch(live.dataset.fragment, { credentials: "same-origin", cache: "no-store" });
              if (!response.ok) return;
              const html = await response.text();
              const typed = {};
              live.querySelectorAll("textarea[id], input[type=text][id]").forEach(function (field) { typed[field.id] = field.value; });
              const focused = document.activeElement && live.contains(document.activeElement) ? document.activeElement.id : null;
              live.innerHTML = html;
              Object.keys(typed).forEach(function (id) { const field = document.getElementById(id); if (field) field.value = typed[id]; });
              if (focused) { const field = document.getElementById(focused); if (field) field.focus(); }
            }).catch(function () {});
          }
          const stream = new EventSource(live.dataset.stream);
          stream.onmessage = redraw;
          // The seconds left count down between redraws; the server's number replaces them at each redraw.
          setInterval(function () {
            live.querySelectorAll("[data-countdown]").forEach(function (counter) {
              const left = Math.max(0, parseInt(counter.dataset.countdown, 10) - 1);
              counter.dataset.countdown = String(left);
              counter.textContent = String(left);
            });
          }, 1000);
        })();
        """
}
