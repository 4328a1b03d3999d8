// Establishes the app's one script (the policy runs no inline script): a live region follows its event
// stream and swaps in the fresh part the server drew, keeping what the person is typing and where the focus
// is; a search box shows the server's results as the person types; on Add, a picture or the camera's frames
// go to the app, which finds the QR code and answers its text, sent on like pasted text. Without script the
// page still works; it is only redrawn on the next load, or when the search is sent, and Add takes a paste.

enum Script {
    static let js = """
        "use strict";
        (function () {
          const search = document.querySelector("form[data-results]");
          const results = document.getElementById("results");
          if (search && results) {
            let timer = null;
            function refresh() {
              clearTimeout(timer);
              timer = setTimeout(async function () {
                const fields = new URLSearchParams(new FormData(search));
                for (const [name, value] of Array.from(fields.entries())) { if (!value) fields.delete(name); }
                const query = fields.toString();
                const response = await fetch(search.dataset.results + "?" + query, { credentials: "same-origin", cache: "no-store" });
                if (!response.ok) return;
                results.innerHTML = await response.text();
                history.replaceState(null, "", "/contacts" + (query ? "?" + query : ""));
              }, 150);
            }
            search.querySelector("input[name=q]").addEventListener("input", refresh);
            search.querySelectorAll("select").forEach(function (menu) { menu.addEventListener("change", refresh); });
          }
        })();
        (function () {
          // A note box counts Unicode scalars (Array.from gives code points), as the library's one length
          // rule does (TextLength); the app checks again when it is sent.
          function count(box) {
            const used = Array.from(box.value).length;
            const limit = parseInt(box.dataset.count, 10);
            const counter = document.getElementById(box.getAttribute("aria-describedby"));
            if (counter) counter.textContent = used > limit ? (used - limit) + " characters too many." : used + " of " + limit + " characters.";
          }
          document.addEventListener("input", function (event) {
            if (event.target.matches && event.target.matches("textarea[data-count]")) count(event.target);
          });
          window.handshakeCount = function () { document.querySelectorAll("textarea[data-count]").forEach(count); };
        })();
        (function () {
          // The friend-request count is fetched after the page is drawn: a slow server never slows the list.
          document.querySelectorAll("[data-badge]").forEach(async function (badge) {
            try {
              const response = await fetch(badge.dataset.badge, { credentials: "same-origin", cache: "no-store" });
              if (response.ok) badge.textContent = await response.text();
            } catch (error) {}
          });
        })();
        (function () {
          // The card's photo is sent on its own; the app shrinks and saves it, then the page is drawn again.
          const area = document.querySelector("[data-photo]");
          if (!area || !window.fetch) return;
          const status = document.getElementById("photo-status");
          document.getElementById("photo").addEventListener("change", async function (event) {
            const picture = event.target.files && event.target.files[0];
            if (!picture) return;
            status.textContent = "Saving the photo…";
            try {
              const response = await fetch(area.dataset.photo, {
                method: "POST", credentials: "same-origin", cache: "no-store", body: picture,
                headers: { "Content-Type": "application/octet-stream", "X-Form-Token": area.dataset.token },
              });
              const answer = await response.json();
              if (answer.next) window.location.assign(answer.next); else status.textContent = answer.problem;
            } catch (error) {
              status.textContent = "The photo could not be sent to Handshake. Is the app still running?";
            }
          });
        })();
        (function () {
          const area = document.querySelector("[data-picture]");
          const form = document.querySelector("form[action='/add']");
          if (!area || !form || !window.fetch) return;
          const box = document.getElementById("card");
          const status = document.getElementById("picture-status");
          async function send(picture) {
            const response = await fetch(area.dataset.picture, {
              method: "POST", credentials: "same-origin", cache: "no-store", body: picture,
              headers: { "Content-Type": "application/octet-stream", "X-Form-Token": area.dataset.token },
            });
            return response.json();
          }
          function use(text) {
            box.value = text;
            status.textContent = "Found their code. Reading the card…";
            if (form.requestSubmit) form.requestSubmit(); else form.submit();
          }
          document.getElementById("picture").addEventListener("change", async function (event) {
            const picture = event.target.files && event.target.files[0];
            if (!picture) return;
            status.textContent = "Looking for a QR code in the picture…";
            try {
              const answer = await send(picture);
              if (typeof answer.text === "string") use(answer.text); else status.textContent = answer.problem;
            } catch (error) {
              status.textContent = "The picture could not be sent to Handshake. Is the app still running?";
            }
          });
          const camera = document.getElementById("camera");
          const stopButton = document.getElementById("camera-stop");
          const video = document.getElementById("viewfinder");
          if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return;
          camera.hidden = false;
          camera.addEventListener("click", async function () {
            let stream;
            try {
              stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
            } catch (error) {
              status.textContent = "The camera could not be opened. Allow Handshake to use it, or choose a picture instead.";
              return;
            }
            let looking = true;
            function stop(sentence) {
              looking = false;
              stream.getTracks().forEach(function (track) { track.stop(); });
              video.hidden = true; stopButton.hidden = true; camera.hidden = false;
              if (sentence) status.textContent = sentence;
            }
            stopButton.onclick = function () { stop("The camera is off."); };
            video.srcObject = stream;
            video.hidden = false; stopButton.hidden = false; camera.hidden = true;
            await video.play().catch(function () {});
            status.textContent = "Hold their QR code in front of the camera…";
            const canvas = document.createElement("canvas");
            const started = Date.now();
            // One frame at a time: the next is taken when the app has answered the last.
            while (looking) {
              await new Promise(function (resolve) { setTimeout(resolve, 400); });
              if (!looking) break;
              if (Date.now() - started > 60000) { stop("No QR code was seen in a minute, so the camera was turned off. Try again, closer."); break; }
              if (!video.videoWidth) continue;
              canvas.width = video.videoWidth; canvas.height = video.videoHeight;
              canvas.getContext("2d").drawImage(video, 0, 0);
              const frame = await new Promise(function (resolve) { canvas.toBlob(resolve, "image/png"); });
              if (!frame || !looking) continue;
              try {
                const answer = await send(frame);
                if (!looking) break;
                if (typeof answer.text === "string") { stop(); use(answer.text); }
                else if (!answer.keepLooking) stop(answer.problem);
              } catch (error) {
                stop("The camera's picture could not be sent to Handshake. Is the app still running?");
              }
            }
          });
        })();
        (function () {
          const live = document.getElementById("live");
          if (!live || !live.dataset.stream || !window.EventSource) return;
          let drawing = Promise.resolve();
          // A part the server drew the same as the last one is left in place: replacing it would swap the
          // button under a person's finger for a copy, and a click landing in between would be lost.
          let shown = null;
          function redraw() {
            drawing = drawing.then(async function () {
              const response = await fetch(live.dataset.fragment, { credentials: "same-origin", cache: "no-store" });
              if (!response.ok) return;
              const html = await response.text();
              if (html === shown) return;
              shown = html;
              const typed = {};
              live.querySelectorAll("textarea[id], input[type=text][id]").forEach(function (field) { typed[field.id] = field.value; });
              const focused = document.activeElement && live.contains(document.activeElement) ? document.activeElement.id : null;
              live.innerHTML = html;
              Object.keys(typed).forEach(function (id) { const field = document.getElementById(id); if (field) field.value = typed[id]; });
              if (window.handshakeCount) window.handshakeCount();
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
