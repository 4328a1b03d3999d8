// The card page: the card from the page (a share link's, put there by the server) or from the URL's fragment
// (`/c#digits`, never sent to the server), verified here and shown as the app shows a contact, every text as
// text; Save to Contacts; Send yours back, a card signed by a key this browser keeps (IndexedDB) and sent as
// a friend request after signing in by the server's challenge, as any account does (docs/server.md).
import { CardError, FIELDS, base64, checkFields, digitsToBytes, fromBase64URL, signCard, vCard, verifyCard, visible } from './card.js';

const main = /** @type {HTMLElement} */ (document.querySelector('main'));
const server = new URL('..', import.meta.url);
/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} tag
 * @param {string} [text] */
const node = (tag, text) => {
  const element = document.createElement(tag);
  if (text !== undefined) element.textContent = visible(text);
  return element;
};

/** The owner a share link's address names (`/share/contact/TOKEN/OWNER`): the page's own address, which the
 * visitor followed, not what the server put in the page. `null` for `/c` and a link that names none. */
function linkOwner() {
  const found = /^\/share\/contact\/[^/]+\/([^/]+)\/?$/.exec(location.pathname);
  return found ? found[1] : null;
}

/** What a refusal means to someone holding a phone, and what to do next, by its kind (card.md §4.1 tables each
 * sentence under its kind); a kind not listed is told in its own sentence, which is already in those words. */
const NOT_A_CARD = ['This is not a card this page can show.', 'Ask them to send their card again.'];
const BROKEN = ['This card is broken, so it is not shown.', 'Ask them to send their card again.'];
const AGAIN_IN_PERSON = 'Ask them for their card again; if you can, swap cards in person.';
const PLAIN = {
  unreadableText: ['This link is damaged: part of it is missing or changed.', 'Open it again from the message it came in, or ask them to send it again.'],
  tooLarge: NOT_A_CARD,
  malformed: NOT_A_CARD,
  notSigned: NOT_A_CARD,
  notACard: NOT_A_CARD,
  invalidField: BROKEN,
  missingField: BROKEN,
  fieldRule: BROKEN,
  unsupportedSchema: ['This card was made by a newer version of Handshake.', 'Open it in the Handshake app instead.'],
  badSignature: ['This card was changed after it was signed, so it is not shown.', AGAIN_IN_PERSON],
  nodeIDMismatch: ['This card is forged or broken, so it is not shown.', AGAIN_IN_PERSON],
  datedInFuture: ['This card is dated ahead of this phone’s clock.', 'Check this phone’s date and time, then open the link again.'],
  notTheLinkOwnersCard: ['This is not the card of the person who made this link, so it is not shown.', 'Ask them for a new link.'],
};

/** A refusal as the page shows it: what it means, what to do next, and the exact reason under Details (the
 * same sentence Handshake's apps give, for someone who asks what went wrong). Refused looks refused: the
 * heading's class.
 * @param {unknown} error */
function refusal(error) {
  const sentence = error instanceof CardError ? error.message : 'This card cannot be read.';
  const kind = error instanceof CardError ? error.kind : '';
  const plain = /** @type {Record<string, string[]>} */ (PLAIN)[kind];
  const heading = node('h1', plain ? plain[0] : sentence);
  heading.className = 'refusal';
  if (!plain) return [heading];
  const next = node('p', plain[1]);
  next.className = 'next';
  const details = node('details'), summary = node('summary', 'Details');
  details.append(summary, node('p', sentence));
  return [heading, next, details];
}

/** The card, or its refusal and nothing else. */
async function start() {
  /** @type {import('./card.js').Card} */ let card;
  try {
    card = await verifyCard(main.dataset.card ? fromBase64URL(main.dataset.card) : digitsToBytes(location.hash.slice(1)), Date.now());
    // A link that names its owner shows only the owner's card, however valid another is: HandshakeMailbox's
    // MailboxClientError.notTheLinkOwnersCard, the same sentence.
    const owner = linkOwner();
    if (owner !== null && owner !== card.nodeId) {
      throw new CardError('notTheLinkOwnersCard', `The server answered with someone else's card: the link was made by ${owner}, and the card is ${card.nodeId}'s, so it was refused.`);
    }
  } catch (error) {
    $('card').replaceChildren(...refusal(error));
    for (const id of ['status', 'actions', 'reply', 'help']) $(id).hidden = true;
    return;
  }
  const f = card.fields, name = f.name || 'No name', section = $('card'), list = node('dl'), status = $('status');
  section.replaceChildren();
  if (f.avatar) {
    const photo = /** @type {HTMLImageElement} */ (node('img'));
    photo.src = URL.createObjectURL(new Blob([f.avatar], { type: f.avatar[0] === 0x89 ? 'image/png' : 'image/jpeg' }));
    photo.alt = visible('Photo of ' + name);
    section.append(photo);
  }
  // As the app lists a contact: each field under its label, a list's entries joined, a link as its parts.
  for (const [, key, label] of FIELDS) {
    const value = f[key];
    if (key === 'name' || !value || value instanceof Uint8Array) continue;
    const texts = typeof value === 'string' ? [value] : value.map((v) => (typeof v === 'string' ? v : [v.platform, v.handle, v.url].filter((s) => s).join(' ')));
    list.append(node('dt', label), node('dd', texts.join(', ')));
  }
  section.append(node('h1', name), list);
  // What the check is worth: the card is intact, and the name on it is its own claim (anyone can sign a card).
  status.textContent = card.checked ? 'Verified: signed by its own key, unchanged since. The name is what the card claims; meet them, or compare codes in Handshake, to know the key is theirs.' : 'This browser cannot check the signature: the card is shown unchecked.';
  status.className = card.checked ? 'verified' : 'unchecked';
  status.append(node('br'), node('small', 'Node ID ' + card.nodeId));
  const save = /** @type {HTMLAnchorElement} */ ($('save'));
  save.href = URL.createObjectURL(new Blob([vCard(card)], { type: 'text/vcard' }));
  save.download = ((f.name || '').replace(/[^\p{L}\p{N} ._-]/gu, '').trim().slice(0, 40) || 'contact') + '.vcf';
  $('actions').hidden = false;
  if (card.checked) reply(card.nodeId, f.name || 'The card’s owner');
}

/** Send yours back: the form, filled in again on a second visit, and what sending does.
 * @param {string} nodeId
 * @param {string} owner */
function reply(nodeId, owner) {
  const form = /** @type {HTMLFormElement} */ ($('reply-form')), said = $('reply-status');
  const input = (/** @type {string} */ name) => /** @type {HTMLInputElement} */ (form.elements.namedItem(name));
  const names = ['name', 'phone', 'email', 'company', 'title'];
  $('reply').hidden = false;
  kept('typed').then((typed) => names.forEach((k) => (input(k).value = (typed && typed[k]) || '')), () => {});
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = /** @type {HTMLButtonElement} */ (form.querySelector('button'));
    /** @type {Record<string, string>} */ const typed = {};
    for (const k of names) if (input(k).value.trim()) typed[k] = input(k).value.trim();
    /** @type {import('./card.js').Fields} */ const fields = { name: typed.name, company: typed.company, title: typed.title };
    if (typed.email) fields.emails = [typed.email];
    if (typed.phone) fields.phones = [typed.phone];
    /** @param {string} sentence
     * @param {boolean} done */
    const say = (sentence, done) => {
      said.textContent = visible(sentence);
      said.className = done ? 'done' : 'problem';
    };
    // Spaces are no name; and each box is counted as the card counts (Unicode scalars), never cut short.
    if (!typed.name) return say('Type your name: your card needs one.', false);
    try {
      checkFields(fields);
    } catch (error) {
      // What they typed breaks the rule: say the rule, not "This card breaks a rule", which is for a card received.
      const why = error instanceof CardError && error.reason ? error.reason : /** @type {Error} */ (error).message;
      return say(why + ' Nothing was sent.', false);
    }
    button.disabled = true;
    said.textContent = 'Sending…';
    said.className = '';
    try {
      const keys = await identity();
      const card = await signCard(fields, keys.signing, keys.encKey, Date.now());
      await send(card, keys.signing, main.dataset.token ? { token: main.dataset.token } : { to: nodeId });
      await keep('typed', typed);
      say(`Sent. ${owner} will find your card among their friend requests. This browser keeps the key it signed with for this site; some browsers (Safari) forget it after 7 days without a visit: add this page to your home screen to keep it.`, true);
    } catch (error) {
      say(/** @type {Error} */ (error).message, false);
    }
    button.disabled = false;
  });
}

/** Signs in with `signing` by the server's challenge, sends `card` to `target` as a friend request, signs out.
 * @param {Uint8Array} card
 * @param {CryptoKeyPair} signing
 * @param {object} target */
async function send(card, signing, target) {
  const sigKey = new Uint8Array(await crypto.subtle.exportKey('raw', signing.publicKey));
  const { challenge } = await call('v1/auth/challenge', { sigKey: base64(sigKey, true) });
  const signed = new Uint8Array([...new TextEncoder().encode('handshake server v1 challenge\0'), ...fromBase64URL(challenge)]);
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, signing.privateKey, signed));
  const { token } = await call('v1/auth/token', { challenge, signature: base64(signature, true) });
  try {
    await call('v1/friend-requests', { ...target, card: base64(card, true) }, token);
  } finally {
    call('v1/auth/session', null, token).catch(() => {});
  }
}

/** One request to the server, over within 15 seconds; a refusal throws the server's own sentence.
 * @param {string} path
 * @param {object | null} body
 * @param {string} [token]
 * @returns {Promise<any>} */
async function call(path, body, token) {
  const abort = new AbortController(), timer = setTimeout(() => abort.abort(), 15000);
  /** @type {Record<string, string>} */ const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  try {
    const response = await fetch(new URL(path, server).href, { method: body ? 'POST' : 'DELETE', headers, body: body && JSON.stringify(body), signal: abort.signal });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new CardError('server', typeof answer.message === 'string' ? answer.message : `The server refused (${response.status}).`);
    return answer;
  } catch (error) {
    if (error instanceof CardError) throw error;
    throw new Error(abort.signal.aborted ? 'The server did not answer within 15 seconds. Try again.' : 'The server could not be reached. Check the connection and try again.');
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's keys, made once and kept: Ed25519 (not extractable) signs, X25519's public key is the encKey.
 * Made once for all of this site's tabs: under a Web Lock where the browser has them, and stored with an add
 * that fails when another tab stored keys first (whose keys are then the ones used).
 * @returns {Promise<{signing: CryptoKeyPair, exchange: CryptoKeyPair, encKey: Uint8Array}>} */
async function identity() {
  return navigator.locks ? navigator.locks.request('handshake-card-page-identity', makeIdentityOnce) : makeIdentityOnce();
}

/** @returns {Promise<{signing: CryptoKeyPair, exchange: CryptoKeyPair, encKey: Uint8Array}>} */
async function makeIdentityOnce() {
  const found = await kept('identity');
  if (found) return found;
  /** @type {any} */ let made;
  try {
    const signing = await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']);
    const exchange = /** @type {CryptoKeyPair} */ (await crypto.subtle.generateKey({ name: 'X25519' }, false, ['deriveBits']));
    made = { signing, exchange, encKey: new Uint8Array(await crypto.subtle.exportKey('raw', exchange.publicKey)) };
  } catch (_) {
    throw new Error('This browser cannot make the keys a card needs (Ed25519 and X25519). Try a current Chrome, Safari or Firefox.');
  }
  try {
    await stored('readwrite', (store) => store.add(made, 'identity'));
  } catch (_) {
    const first = await kept('identity');
    if (first) return first;
    throw new Error('This browser keeps nothing for this page (a private window?), so it cannot keep a key.');
  }
  return made;
}

/** A request on this page's one IndexedDB store.
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest} use
 * @returns {Promise<any>} */
const stored = (mode, use) => new Promise((resolve, reject) => {
  const open = indexedDB.open('handshake-card-page', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('kept');
  open.onerror = () => reject(new Error('This browser keeps nothing for this page (a private window?), so it cannot keep a key.'));
  open.onsuccess = () => {
    const request = use(open.result.transaction('kept', mode).objectStore('kept'));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  };
});
/** @param {string} key */
const kept = (key) => stored('readonly', (store) => store.get(key));
/** @param {string} key
 * @param {unknown} value */
const keep = (key, value) => stored('readwrite', (store) => store.put(value, key));

// A second card link opened in this tab changes only the fragment: the page shows that card, not the first.
if (!main.dataset.card) addEventListener('hashchange', () => location.reload());
start();
