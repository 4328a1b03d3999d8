// The app's one script, served as /static/app.js: an ES module (the policy runs no inline script), type-checked
// from its JSDoc by tsc --checkJs and linted by ESLint (scripts/check-js). A live part of a page follows its
// event stream and swaps in the fresh part the server drew, keeping what the person is typing and where the
// focus is; the search box shows the server's results as the person types; a note box counts as the person
// types; on Add, a picture or the camera's frames go to the app, which finds the QR code and answers its text,
// sent on like pasted text; on Edit my card, a photo goes to the app on its own. Without script every page
// still works: it is only redrawn on the next load, the search is sent by its button, and Add takes a paste.
// Markup from the server is parsed by DOMParser, never assigned as innerHTML: the server escaped every text in
// it, and a parsed document runs no script.

// HOOKS BEGIN: the ids and data- attributes this script finds elements by, and the header it sends the form
// token in. The screens name the same in ScriptHooks.swift (ScriptElement, ScriptData) and LocalAccessRule;
// ScriptHookTests checks that both sides hold the same names.
const ID = Object.freeze({
  results: "results",
  live: "live",
  photo: "photo",
  photoStatus: "photo-status",
  picture: "picture",
  pictureStatus: "picture-status",
  pasteBox: "card",
  scannedFlag: "card-scanned",
  camera: "camera",
  cameraStop: "camera-stop",
  viewfinder: "viewfinder",
  nearbyBanner: "nearby-banner",
});
const DATA = Object.freeze({
  results: "results",
  count: "count",
  badge: "badge",
  photo: "photo",
  picture: "picture",
  token: "token",
  stream: "stream",
  fragment: "fragment",
  countdown: "countdown",
});
const HEADER = Object.freeze({
  formToken: "X-Form-Token",
});
// HOOKS END

/**
 * What the app answers about a picture sent from Add (PictureRoutes.Answer): the text of the QR code found,
 * or the sentence to show and whether a camera should keep looking.
 * @typedef {{ text?: string, problem?: string, keepLooking?: boolean }} PictureAnswer
 */

/**
 * What the app answers about a photo sent for your card (CardPhotoRoutes.Answer): where to go next, or the
 * sentence to show.
 * @typedef {{ next?: string, problem?: string }} PhotoAnswer
 */

/**
 * The element with `id`, when it is of `type`.
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T, prototype: T }} type
 * @returns {T | null}
 */
function byID(id, type) {
  const element = document.getElementById(id);
  return element instanceof type ? element : null;
}

/**
 * The first element matching `selector`, when it is of `type`.
 * @template {HTMLElement} T
 * @param {string} selector
 * @param {{ new (): T, prototype: T }} type
 * @returns {T | null}
 */
function first(selector, type) {
  const element = document.querySelector(selector);
  return element instanceof type ? element : null;
}

/**
 * The value of the `data-` attribute `name` of `element` ("" when it has none).
 * @param {Element} element
 * @param {string} name
 * @returns {string}
 */
function data(element, name) {
  return element.getAttribute("data-" + name) || "";
}

/**
 * A selector for the elements carrying the `data-` attribute `name`.
 * @param {string} name
 * @returns {string}
 */
function carrying(name) {
  return "[data-" + name + "]";
}

/**
 * Shows the server's markup for a part of the page in place of what the part shows.
 * @param {Element} part
 * @param {string} markup
 */
function swap(part, markup) {
  const parsed = new DOMParser().parseFromString(markup, "text/html");
  part.replaceChildren(...Array.from(parsed.body.childNodes));
}

/**
 * Fetches an address of the app, with the session's cookie and never from a cache.
 * @param {string} address
 * @returns {Promise<Response>}
 */
function fetchFresh(address) {
  return fetch(address, { credentials: "same-origin", cache: "no-store" });
}

/**
 * Sends a picture as it is, with the form token in a header (it is not a form), and reads the app's answer.
 * @param {string} address
 * @param {Blob} picture
 * @param {string} token
 * @returns {Promise<unknown>}
 */
async function sendPicture(address, picture, token) {
  const response = await fetch(address, {
    method: "POST", credentials: "same-origin", cache: "no-store", body: picture,
    headers: { "Content-Type": "application/octet-stream", [HEADER.formToken]: token },
  });
  return response.json();
}

/**
 * Shows `text` as the whole content of `element`.
 * @param {Element} element
 * @param {string} text
 */
function say(element, text) {
  element.textContent = text;
}

/**
 * The camera's picture now, as a PNG.
 * @param {HTMLVideoElement} video
 * @param {HTMLCanvasElement} canvas
 * @param {CanvasRenderingContext2D} drawing
 * @returns {Promise<Blob | null>}
 */
function snapshot(video, canvas, drawing) {
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  drawing.drawImage(video, 0, 0);
  return new Promise(function (resolve) { canvas.toBlob(resolve, "image/png"); });
}

/**
 * The contact list follows the search box and the filters as they change, without a button, and the book
 * as it changes (a contact added, a newer card kept by a refresh or a meeting), with the search kept.
 */
function followSearch() {
  const search = first("form" + carrying(DATA.results), HTMLFormElement);
  const results = document.getElementById(ID.results);
  if (!search || !results) return;
  const form = search, list = results;
  /** @type {number | undefined} */
  let timer;
  // Answers can arrive out of order (two filters changed in quick succession): only the latest is drawn.
  let latest = 0;
  function refresh() {
    clearTimeout(timer);
    timer = window.setTimeout(async function () {
      const fields = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string" && value) fields.append(name, value);
      }
      const query = fields.toString();
      const asked = ++latest;
      const response = await fetchFresh(data(form, DATA.results) + "?" + query);
      if (!response.ok || asked !== latest) return;
      const html = await response.text();
      if (asked !== latest) return;
      swap(list, html);
      history.replaceState(null, "", (form.getAttribute("action") || "") + (query ? "?" + query : ""));
    }, 150);
  }
  form.addEventListener("input", refresh);
  form.addEventListener("change", refresh);
  const changes = data(form, DATA.stream);
  if (changes) new EventSource(changes).onmessage = refresh;
}

/**
 * The most combining marks one character may carry: TextLength.maxMarksPerCharacter in HandshakeCore, the
 * library's one length rule (docs/formats/card.md §2).
 */
const MAX_MARKS_PER_CHARACTER = 6;

/** Nonspacing and enclosing marks (Mn, Me): what stacks on the character before it. */
const COMBINING_MARK = /^[\p{Mn}\p{Me}]$/u;

/** Invisible characters (default-ignorable or format): they do not start a new character. */
const INVISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{Cf}]$/u;

/**
 * Whether some character of `scalars` carries more than MAX_MARKS_PER_CHARACTER combining marks, counted as
 * TextLength.hasTooManyMarks counts them.
 * @param {string[]} scalars
 * @returns {boolean}
 */
function hasTooManyMarks(scalars) {
  let marks = 0;
  for (const scalar of scalars) {
    if (COMBINING_MARK.test(scalar)) {
      marks += 1;
      if (marks > MAX_MARKS_PER_CHARACTER) return true;
    } else if (!INVISIBLE.test(scalar)) {
      marks = 0;
    }
  }
  return false;
}

/**
 * Says under a note box how much of its limit is used, counted as the library's one length rule counts
 * (TextLength): in Unicode scalars (Array.from gives code points; "é" written decomposed is 2, a + 500 accents
 * is 501), and no character may stack more than MAX_MARKS_PER_CHARACTER marks. The app checks again when the
 * note is sent.
 * @param {HTMLTextAreaElement} box
 */
function count(box) {
  const scalars = Array.from(box.value);
  const used = scalars.length;
  const limit = parseInt(data(box, DATA.count), 10);
  const counter = document.getElementById(box.getAttribute("aria-describedby") || "");
  if (!counter) return;
  if (used > limit) counter.textContent = (used - limit) + " characters too many.";
  else if (hasTooManyMarks(scalars)) counter.textContent = "A character stacks more than " + MAX_MARKS_PER_CHARACTER + " accents or other marks.";
  else counter.textContent = used + " of " + limit + " characters.";
}

/** Counts every note box of the page (after a live part was drawn again). */
function countAll() {
  document.querySelectorAll("textarea" + carrying(DATA.count)).forEach(function (box) {
    if (box instanceof HTMLTextAreaElement) count(box);
  });
}

/** Note boxes count as the person types. */
function followNotes() {
  document.addEventListener("input", function (event) {
    const box = event.target;
    if (box instanceof HTMLTextAreaElement && box.hasAttribute("data-" + DATA.count)) count(box);
  });
}

/** The friend-request count is fetched after the page is drawn: a slow server never slows the list. */
function fetchBadges() {
  document.querySelectorAll(carrying(DATA.badge)).forEach(async function (badge) {
    try {
      const response = await fetchFresh(data(badge, DATA.badge));
      if (response.ok) say(badge, await response.text());
    } catch (error) {
      // The count stays empty; the link beside it still leads to the requests.
    }
  });
}

/** The card's photo is sent on its own; the app shrinks and saves it, then the page is drawn again. */
function followPhoto() {
  const area = first(carrying(DATA.photo), HTMLElement);
  const input = byID(ID.photo, HTMLInputElement);
  const status = document.getElementById(ID.photoStatus);
  if (!area || !input || !status) return;
  const said = status;
  input.addEventListener("change", async function () {
    const picture = input.files && input.files[0];
    if (!picture) return;
    said.textContent = "Saving the photo…";
    try {
      const answer = /** @type {PhotoAnswer} */ (await sendPicture(data(area, DATA.photo), picture, data(area, DATA.token)));
      if (answer.next) window.location.assign(answer.next); else said.textContent = answer.problem || "";
    } catch (error) {
      said.textContent = "The photo could not be sent to Handshake. Is the app still running?";
    }
  });
}

/** On Add: a picture of their QR code, or the camera's frames, read by the app; the text found is sent on. */
function followPicture() {
  const area = first(carrying(DATA.picture), HTMLElement);
  const box = byID(ID.pasteBox, HTMLTextAreaElement);
  const input = byID(ID.picture, HTMLInputElement);
  const status = document.getElementById(ID.pictureStatus);
  if (!area || !box || !box.form || !input || !status) return;
  const section = area, paste = box, form = box.form, said = status;
  // Text typed or pasted into the box after a scan is a paste again.
  paste.addEventListener("input", function () {
    const scanned = byID(ID.scannedFlag, HTMLInputElement);
    if (scanned) scanned.value = "";
  });

  /** @param {Blob} picture @returns {Promise<PictureAnswer>} */
  async function send(picture) {
    return /** @type {PictureAnswer} */ (await sendPicture(data(section, DATA.picture), picture, data(section, DATA.token)));
  }

  /** @param {string} text */
  function use(text) {
    paste.value = text;
    // Pages that hold any text (issue 36): the contact records that its code was scanned, not pasted.
    const scanned = byID(ID.scannedFlag, HTMLInputElement);
    if (scanned) scanned.value = "yes";
    said.textContent = "Found their code. Reading the card…";
    form.requestSubmit();
  }

  input.addEventListener("change", async function () {
    const picture = input.files && input.files[0];
    if (!picture) return;
    said.textContent = "Looking for a QR code in the picture…";
    try {
      const answer = await send(picture);
      if (typeof answer.text === "string") use(answer.text); else said.textContent = answer.problem || "";
    } catch (error) {
      said.textContent = "The picture could not be sent to Handshake. Is the app still running?";
    }
  });

  const camera = byID(ID.camera, HTMLButtonElement);
  const stopButton = byID(ID.cameraStop, HTMLButtonElement);
  const video = byID(ID.viewfinder, HTMLVideoElement);
  const devices = navigator.mediaDevices;
  if (!camera || !stopButton || !video || !devices) return;
  const start = camera, stop = stopButton, viewfinder = video;
  start.hidden = false;
  start.addEventListener("click", async function () {
    /** @type {MediaStream} */
    let stream;
    try {
      stream = await devices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      said.textContent = "The camera could not be opened. Allow Handshake to use it, or choose a picture instead.";
      return;
    }
    let looking = true;
    /** @param {string} [sentence] */
    function turnOff(sentence) {
      looking = false;
      stream.getTracks().forEach(function (track) { track.stop(); });
      viewfinder.hidden = true; stop.hidden = true; start.hidden = false;
      if (sentence) said.textContent = sentence;
    }
    stop.onclick = function () { turnOff("The camera is off."); };
    viewfinder.srcObject = stream;
    viewfinder.hidden = false; stop.hidden = false; start.hidden = true;
    await viewfinder.play().catch(function () {});
    said.textContent = "Hold their QR code in front of the camera…";
    const canvas = document.createElement("canvas");
    const drawing = canvas.getContext("2d");
    const started = Date.now();
    // One frame at a time: the next is taken when the app has answered the last.
    while (looking && drawing) {
      await new Promise(function (resolve) { setTimeout(resolve, 400); });
      if (!looking) break;
      if (Date.now() - started > 60000) { turnOff("No QR code was seen in a minute, so the camera was turned off. Try again, closer."); break; }
      if (!viewfinder.videoWidth) continue;
      const frame = await snapshot(viewfinder, canvas, drawing);
      if (!frame || !looking) continue;
      try {
        const answer = await send(frame);
        if (!looking) break;
        if (typeof answer.text === "string") { turnOff(); use(answer.text); }
        else if (!answer.keepLooking) turnOff(answer.problem);
      } catch (error) {
        turnOff("The camera's picture could not be sent to Handshake. Is the app still running?");
      }
    }
  });
}

/** A live part of the page is drawn again whenever its event stream says it changed. */
function followLive() {
  const found = document.getElementById(ID.live);
  if (!found || !data(found, DATA.stream)) return;
  const live = found;
  let drawing = Promise.resolve();
  // A part the server drew the same as the last one is left in place: replacing it would swap the button
  // under a person's finger for a copy, and a click landing in between would be lost.
  /** @type {string | null} */
  let shown = null;
  function redraw() {
    drawing = drawing.then(async function () {
      const response = await fetchFresh(data(live, DATA.fragment));
      if (!response.ok) return;
      const markup = await response.text();
      if (markup === shown) return;
      shown = markup;
      /** @type {Map<string, string>} */
      const typed = new Map();
      live.querySelectorAll("textarea[id], input[type=text][id]").forEach(function (field) {
        if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) typed.set(field.id, field.value);
      });
      // A box the person ticked (or unticked) stays as they left it: the redraw only brings what changed.
      /** @type {Map<string, boolean>} */
      const ticked = new Map();
      live.querySelectorAll("input[type=checkbox][name]").forEach(function (box) {
        if (box instanceof HTMLInputElement) ticked.set(box.name, box.checked);
      });
      const active = document.activeElement;
      const focused = active && live.contains(active) ? active.id : null;
      swap(live, markup);
      typed.forEach(function (value, id) {
        const field = document.getElementById(id);
        if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement) field.value = value;
      });
      live.querySelectorAll("input[type=checkbox][name]").forEach(function (box) {
        if (box instanceof HTMLInputElement && ticked.has(box.name)) box.checked = ticked.get(box.name) === true;
      });
      countAll();
      if (focused) {
        const field = document.getElementById(focused);
        if (field) field.focus();
      }
    }).catch(function () {});
  }
  const stream = new EventSource(data(live, DATA.stream));
  stream.onmessage = redraw;
  // The seconds left count down between redraws; the server's number replaces them at each redraw.
  setInterval(function () {
    live.querySelectorAll(carrying(DATA.countdown)).forEach(function (counter) {
      const left = Math.max(0, parseInt(data(counter, DATA.countdown), 10) - 1);
      counter.setAttribute("data-" + DATA.countdown, String(left));
      counter.textContent = String(left);
    });
  }, 1000);
}

followSearch();
followNotes();
fetchBadges();
followPhoto();
followPicture();
followLive();

// FACE TO FACE BEGIN: the banner a face-to-face request shows on every screen but Face to face.
/** The banner's place follows the exchange's event stream and is drawn again whenever it changed. */
function followNearbyBanner() {
  const place = document.getElementById(ID.nearbyBanner);
  if (!place || !data(place, DATA.stream)) return;
  const banner = place;
  let drawing = Promise.resolve();
  /** @type {string | null} */
  let shown = null;
  function redraw() {
    drawing = drawing.then(async function () {
      const response = await fetchFresh(data(banner, DATA.fragment));
      if (!response.ok) return;
      const markup = await response.text();
      if (markup === shown) return;
      shown = markup;
      swap(banner, markup);
    }).catch(function () {});
  }
  const stream = new EventSource(data(banner, DATA.stream));
  stream.onmessage = redraw;
}

followNearbyBanner();
// FACE TO FACE END
