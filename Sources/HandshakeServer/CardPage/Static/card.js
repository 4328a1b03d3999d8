// The Handshake card, a second implementation of docs/formats/card.md (kept in step with HandshakeCore by
// CardPageInStepTests): the card page link's digits (§5.3), the checks of §4 in order, a card signed byte for
// byte (§2–§3), its vCard (§5.4).
import { decodeCBOR, encodeCBOR } from './cbor.js';

/** @typedef {{platform: string, handle?: string, url?: string}} Link */
/** @typedef {{name?: string, bio?: string, avatar?: Uint8Array, location?: string, company?: string, title?: string,
 * emails?: string[], phones?: string[], links?: Link[], skills?: string[]}} Fields */
/** @typedef {{bytes: Uint8Array, nodeId: string, sigKey: Uint8Array, updatedAt: bigint, fields: Fields, server?: string, checked: boolean}} Card */
/** @typedef {import('./cbor.js').Item} Item */

const B = BigInt, PROTECTED = Uint8Array.of(0xa1, 1, 0x27), WHITE = /\p{White_Space}/u;

/** The optional fields in card order: key, name, label, limit, count (lists), entry noun. */
export const FIELDS = /** @type {const} */ ([
  [6, 'name', 'Name', 64, 0, ''], [7, 'bio', 'Bio', 256, 0, ''], [8, 'avatar', 'Photo', 65536, 0, ''], [9, 'location', 'Location', 128, 0, ''],
  [10, 'company', 'Company', 64, 0, ''], [11, 'title', 'Title', 64, 0, ''], [12, 'emails', 'Email addresses', 254, 8, 'email address'],
  [13, 'phones', 'Phone numbers', 32, 8, 'phone number'], [14, 'links', 'Links', 0, 16, ''], [15, 'skills', 'Skills', 48, 32, 'skill'],
]);

/** A refusal: `kind` is HandshakeCore's CardRejection case, the message its sentence. */
export class CardError extends Error {
  /** @param {string} kind
   * @param {string} message
   * @param {string} [reason] the rule broken alone, for a form that checks what a person typed: "The name is 70
   *   characters long; the limit is 64." where a received card's refusal says "This card breaks a rule: …" */
  constructor(kind, message, reason) {
    super(message);
    this.kind = kind;
    this.reason = reason;
  }
}
/** @param {string} why */
const rule = (why) => new CardError('fieldRule', 'This card breaks a rule: ' + why, why);

// Each 7 bytes as 17 decimal digits, a last chunk of k bytes as SIZES[k].
const SIZES = [0, 3, 5, 8, 10, 13, 15, 17];

/** @param {Uint8Array} bytes */
const number = (bytes) => bytes.reduce((n, b) => (n << B(8)) | B(b), B(0));

/** @param {Uint8Array} bytes */
export function bytesToDigits(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 7) text += number(bytes.subarray(i, i + 7)).toString().padStart(SIZES[Math.min(7, bytes.length - i)], '0');
  return text;
}

/** @param {string} text */
export function digitsToBytes(text) {
  const last = SIZES.indexOf(text.length % 17), out = [];
  if (!/^[0-9]+$/.test(text) || last < 0) throw new CardError('unreadableText', 'This card link is damaged: after # it holds the card as digits, and these are not.');
  for (let i = 0; i < text.length; i += 17) {
    const size = text.length - i >= 17 ? 7 : last, n = B(text.slice(i, i + 17));
    if (n >> B(8 * size)) throw new CardError('unreadableText', `This card link is damaged: the digits from position ${i + 1} are too large.`);
    for (let k = size - 1; k >= 0; k--) out.push(Number((n >> B(8 * k)) & B(255)));
  }
  return Uint8Array.from(out);
}

/** RFC 4648 base64, or base64url without padding.
 * @param {Uint8Array} bytes
 * @param {boolean} [url] */
export function base64(bytes, url) {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  const text = btoa(binary);
  return url ? text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '') : text;
}

/** @param {string} text */
export const fromBase64URL = (text) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

/** Base58btc of SHA-256(sigKey)'s first 16 bytes, padded with `1` to 22 (§1.1).
 * @param {Uint8Array} sigKey */
export async function nodeIdOf(sigKey) {
  let n = number(new Uint8Array(await crypto.subtle.digest('SHA-256', sigKey)).subarray(0, 16)), text = '';
  for (; n > 0; n /= B(58)) text = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'[Number(n % B(58))] + text;
  return text.padStart(22, '1');
}

/** @param {string} s */
const code = (s) => /** @type {number} */ (s.codePointAt(0));
// Which scalars a screen shows as they are: HandshakeCore's HiddenScalars (docs/formats/card.md §2), scalar by
// scalar and in context: controls, bidirectional formatting and invisible characters out of the place where
// they do a job are hidden; a character's marks past MAX_MARKS stack over the lines around it.
const MAX_MARKS = 6, SHOWN = 0, HIDDEN = 1, EXCESS = 2;
const MARK = /[\p{Mn}\p{Me}]/u, INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u, CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u, EMOJI = /\p{Emoji}/u;
/** UntrustedText.isInvisibleControl: Cc, Zl, Zp and the bidirectional marks, embeddings, overrides, isolates.
 * @param {string} s */
const invisibleControl = (s) => {
  const c = code(s);
  return CONTROL.test(s) || c === 0x61c || c === 0x200e || c === 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
};
/** @param {string} s */
const ascii = (s) => code(s) < 0x80;

/** Whether the invisible scalar at `i` does a visible job there (HiddenScalars.doesItsJob).
 * @param {string[]} s
 * @param {number} i
 * @param {boolean} previousShown */
function doesItsJob(s, i, previousShown) {
  if (i === 0 || !previousShown) return false;
  const c = code(s[i]), before = s[i - 1], b = code(before);
  if (c === 0x200c || c === 0x200d) {
    if (i + 1 >= s.length || ascii(before) || WHITE.test(before) || b === 0x200c || b === 0x200d) return false;
    const next = s[i + 1];
    return !ascii(next) && !WHITE.test(next) && !INVISIBLE.test(next) && !invisibleControl(next);
  }
  const after = !INVISIBLE.test(before) && !WHITE.test(before);
  if (c === 0xfe0e || c === 0xfe0f) return after && EMOJI.test(before);
  if ((c >= 0xfe00 && c <= 0xfe0d) || (c >= 0xe0100 && c <= 0xe01ef) || (c >= 0x180b && c <= 0x180d) || c === 0x180f) return after && !ascii(before);
  return false;
}

/** The CANCEL TAG's index ending the subdivision flag that starts at `i` (🏴, 3 to 7 tag digits or lowercase tag
 * letters, U+E007F), or -1.
 * @param {string[]} s
 * @param {number} i */
function flagEnd(s, i) {
  let p = i + 1;
  for (; p < s.length && p - i - 1 < 7; p++) {
    const v = code(s[p]);
    if (!((v >= 0xe0030 && v <= 0xe0039) || (v >= 0xe0061 && v <= 0xe007a))) break;
  }
  return p - i - 1 >= 3 && p < s.length && code(s[p]) === 0xe007f ? p : -1;
}

/** How each scalar of `s` may be shown (HiddenScalars.forEach): SHOWN, HIDDEN or EXCESS.
 * @param {string[]} s
 * @param {boolean} lines whether a line feed is shown */
function dispositions(s, lines) {
  if (s.every(ascii)) return s.map((ch) => ((code(ch) < 32 || code(ch) === 127) && !(lines && ch === '\n') ? HIDDEN : SHOWN));
  /** @type {number[]} */ const out = [];
  let marks = 0, tagEnd = -1, previousShown = false;
  s.forEach((ch, i) => {
    const c = code(ch);
    let d = SHOWN;
    if (ch === '\n') d = lines ? SHOWN : HIDDEN;
    else if (invisibleControl(ch)) d = HIDDEN;
    else if (c >= 0xe0020 && c <= 0xe007f) d = i <= tagEnd ? SHOWN : HIDDEN;
    else if (INVISIBLE.test(ch)) d = doesItsJob(s, i, previousShown) ? SHOWN : HIDDEN;
    if (c === 0x1f3f4 && flagEnd(s, i) >= 0) tagEnd = flagEnd(s, i);
    if (MARK.test(ch)) {
      if (++marks > MAX_MARKS && d === SHOWN) d = EXCESS;
    } else if (!INVISIBLE.test(ch)) marks = 0;
    previousShown = d === SHOWN;
    out.push(d);
  });
  // A joiner joins only what is shown.
  return out.map((d, i) => (d === SHOWN && (code(s[i]) === 0x200c || code(s[i]) === 0x200d) && out[i + 1] !== SHOWN ? HIDDEN : d));
}

/** `text` as the app shows it (UntrustedText.visible): every scalar not shown as it is written `\u{HEX}`,
 * line feeds kept unless `lines` is false.
 * @param {string} text
 * @param {boolean} [lines] */
export function visible(text, lines = true) {
  const s = [...text], d = dispositions(s, lines);
  return s.map((ch, i) => (d[i] === SHOWN ? ch : `\\u{${code(ch).toString(16).toUpperCase()}}`)).join('');
}

/** `text` quoted inside a sentence (UntrustedText.quoted): on one line, cut after 120 scalars with `…`.
 * @param {string} text */
const quoted = (text) => {
  const shown = [...visible(text, false)];
  return '"' + (shown.length > 120 ? shown.slice(0, 120).join('') + '…' : shown.join('')) + '"';
};

/** Whether a character of `s` carries more than MAX_MARKS marks (TextLength.hasTooManyMarks).
 * @param {string[]} s */
function tooManyMarks(s) {
  let marks = 0;
  for (const ch of s) {
    if (MARK.test(ch)) {
      if (++marks > MAX_MARKS) return true;
    } else if (!INVISIBLE.test(ch)) marks = 0;
  }
  return false;
}

/** §2's text rules, in HandshakeCore's order.
 * @param {string | undefined} text
 * @param {string} noun
 * @param {number} limit
 * @param {boolean} [lines] */
function checkText(text, noun, limit, lines) {
  if (text === undefined) return;
  if (!text) throw rule(`The ${noun} is empty; leave it out instead.`);
  const s = [...text], first = s.findIndex((ch) => !ascii(ch));
  const controls = rule(`The ${noun} contains control or invisible characters, which cards may not hold.`);
  // The ASCII before the first other scalar is checked for controls before the length, the rest after it.
  if (dispositions(first < 0 ? s : s.slice(0, first), !!lines).includes(HIDDEN)) throw controls;
  if (s.length > limit) throw rule(`The ${noun} is ${s.length} characters long; the limit is ${limit}.`);
  if (first < 0) return;
  if (tooManyMarks(s)) throw rule(`The ${noun} stacks more than ${MAX_MARKS} accents or other marks on one character, which cards may not hold.`);
  if (dispositions(s, !!lines).some((d) => d !== SHOWN)) throw controls;
}

/** @param {Uint8Array} image */
function checkAvatar(image) {
  /** @param {number[]} magic */
  const starts = (magic) => magic.every((b, i) => image[i] === b);
  if (image.length > 65536) throw rule(`The avatar is ${image.length} bytes; the limit is 65536 (64 KB).`);
  if (!starts([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]) && !starts([0xff, 0xd8, 0xff])) throw rule('The avatar is not a PNG or JPEG image.');
}

/** Every field rule of §2, in card order; the first broken is thrown.
 * @param {Fields} fields */
export function checkFields(fields) {
  for (const [, name, label, limit, count, entry] of FIELDS) {
    const value = fields[name], noun = label.toLowerCase();
    if (value instanceof Uint8Array) checkAvatar(value);
    if (typeof value === 'string') checkText(value, noun, limit, name === 'bio');
    if (!Array.isArray(value)) continue;
    if (value.length > count) throw rule(`The card has ${value.length} ${noun}; the limit is ${count}.`);
    for (const v of value) {
      if (typeof v !== 'string') {
        checkText(v.platform, 'link platform', 32);
        checkText(v.handle, 'link handle', 64);
        checkText(v.url, 'link URL', 512);
        if (v.handle === undefined && v.url === undefined) throw rule(`A link is not valid: the ${quoted(v.platform)} link needs a handle or a URL.`);
        if (v.url !== undefined && (!/^[\p{Alphabetic}+.-]+:/u.test(v.url) || WHITE.test(v.url))) {
          throw rule(`A link is not valid: ${quoted(v.url)} is not a URL (it needs a scheme such as https:).`);
        }
        continue;
      }
      checkText(v, entry, limit);
      const at = v.indexOf('@');
      if (name === 'emails' && (at < 1 || at === v.length - 1 || v.lastIndexOf('@') !== at || WHITE.test(v))) throw rule(`${quoted(v)} is not an email address.`);
      if (name === 'phones' && !/^[0-9+\-(). ]*[0-9][0-9+\-(). ]*$/.test(v)) throw rule(`${quoted(v)} is not a phone number (digits, spaces and + - ( ) . only).`);
    }
  }
}

/** The card after every check of §4 in order; `checked` is false when this browser cannot check signatures.
 * @param {Uint8Array} bytes
 * @param {number} now in ms
 * @returns {Promise<Card>} */
export async function verifyCard(bytes, now) {
  /** @param {string} kind
   * @param {string} why */
  const refuse = (kind, why) => new CardError(kind, why);
  /** @param {string} why */
  const notSigned = (why) => refuse('notSigned', `This is not a signed Handshake card: ${why}.`);
  if (bytes.length > 98304) throw refuse('tooLarge', `This card is ${bytes.length} bytes; Handshake accepts cards up to 98304 bytes.`);
  /** @type {Item} */ let item;
  try {
    item = decodeCBOR(bytes);
  } catch (error) {
    throw refuse('malformed', `This is not a Handshake card: ${/** @type {Error} */ (error).message}.`);
  }
  const parts = item.kind === 'tag' && item.tag === B(18) ? item.value : null;
  if (!parts) throw notSigned('it is not a COSE_Sign1 signed message (tag 18)');
  if (parts.kind !== 'array' || parts.value.length !== 4) throw notSigned('its signed envelope is malformed: expected an array of 4 parts');
  const [header, unprotected, payload, signature] = parts.value;
  // HandshakeCore's COSESign1 checks, in its order and with its words.
  const shape = (/** @type {string} */ why) => notSigned(`its signed envelope is malformed: ${why}`);
  if (header.kind !== 'bytes') throw shape('the protected header is not a byte string');
  if (unprotected.kind !== 'map') throw shape('the unprotected header is not a map');
  if (payload.kind !== 'bytes') throw shape('the payload is not a byte string');
  if (signature.kind !== 'bytes') throw shape('the signature is not a byte string');
  if (signature.value.length !== 64) throw shape(`the signature is ${signature.value.length} bytes, not 64`);
  /** @type {Item | null} */ let map = null;
  try {
    map = decodeCBOR(header.value);
  } catch (_) {
    map = null;
  }
  if (!map || map.kind !== 'map') throw shape('the protected header is not a CBOR map');
  if (map.value.some(([key]) => intValue(key) === 2)) throw notSigned('it marks header parameters as critical that Handshake does not understand');
  const alg = map.value.find(([key]) => intValue(key) === 1);
  if (!alg || intValue(alg[1]) !== -8) {
    const named = !alg ? 'none' : intValue(alg[1]) === null ? 'of an unknown kind' : String(intValue(alg[1]));
    throw notSigned(`it is signed with algorithm ${named}; Handshake cards use EdDSA (-8)`);
  }
  /** @type {Item} */ let content;
  try {
    content = decodeCBOR(payload.value);
  } catch (error) {
    throw refuse('notACard', `This is signed, but it is not a Handshake card: its content is not canonical CBOR (${/** @type {Error} */ (error).message}).`);
  }
  // Without WebCrypto (a page that is not https) neither the signature nor the Node ID can be checked: nothing
  // is shown as a card.
  if (typeof crypto === 'undefined' || !crypto.subtle) {
    throw refuse('cannotCheck', 'This browser cannot check this card here (the page is not a secure https page), so it is not shown. Open the link over https, or scan the code with Handshake.');
  }
  // The signature first, as soon as the payload names its key: a card changed in transit is told as changed,
  // never as breaking a rule its owner did not break.
  const signer = signingKeyOf(content);
  /** @type {boolean | null} */ let checked = null;
  if (signer) {
    try {
      const key = await crypto.subtle.importKey('raw', signer, { name: 'Ed25519' }, false, ['verify']);
      checked = await crypto.subtle.verify({ name: 'Ed25519' }, key, signature.value, encodeCBOR(['Signature1', header.value, new Uint8Array(0), payload.value]));
    } catch (error) {
      // NotSupportedError: no Ed25519 here, the card is shown unchecked. Anything else is this browser failing,
      // not the card: only a signature that does not verify says the card was changed.
      if (/** @type {Error} */ (error).name !== 'NotSupportedError') {
        throw refuse('cannotCheck', 'This browser could not check this card’s signature, so it is not shown. Try another browser, or scan the code with Handshake.');
      }
    }
  }
  if (checked === false) throw refuse('badSignature', 'This card was changed after it was signed.');
  const card = readPayload(content);
  checkFields(card.fields);
  const nodeId = await nodeIdOf(card.sigKey);
  if (card.nodeId !== nodeId) throw refuse('nodeIDMismatch', `This card claims Node ID ${card.nodeId}, but its key belongs to Node ID ${nodeId}: it is forged or broken.`);
  // To the second, in UTC; past the year 9999 no calendar both readers share writes it the same way.
  if (card.updatedAt > B(Math.floor(now)) + B(86400000)) {
    const seconds = card.updatedAt / B(1000);
    const date = seconds > B(253402300799) ? 'after the year 9999' : new Date(Number(seconds) * 1000).toISOString().slice(0, 19) + 'Z';
    throw refuse('datedInFuture', `This card is dated ${date}, more than a day ahead of this device's clock.`);
  }
  return { ...card, bytes, checked: checked === true };
}

/** The key a schema-1 payload says signed it (HandshakeCore's CardSchema.signingKey), found without reading
 * anything else; null when the payload is not a map with schema 1 and a 32-byte key 3.
 * @param {Item} content */
function signingKeyOf(content) {
  if (content.kind !== 'map' || !content.value.some(([key, value]) => intValue(key) === 1 && intValue(value) === 1)) return null;
  const key = content.value.find(([k]) => intValue(k) === 3);
  return key && key[1].kind === 'bytes' && key[1].value.length === 32 ? key[1].value : null;
}

/** An integer within 64 signed bits (HandshakeCore's `intValue`), else null.
 * @param {Item} item */
function intValue(item) {
  if ((item.kind !== 'uint' && item.kind !== 'nint') || item.value >> B(63)) return null;
  const n = item.kind === 'uint' ? item.value : -B(1) - item.value;
  return n >= -(2 ** 53) && n <= 2 ** 53 ? Number(n) : n;
}

/** The card map of §2, read in HandshakeCore's order.
 * @param {Item} map
 * @returns {{nodeId: string, sigKey: Uint8Array, updatedAt: bigint, fields: Fields, server?: string}} */
function readPayload(map) {
  /** @param {string} why */
  const notACard = (why) => new CardError('notACard', `This is signed, but it is not a Handshake card: ${why}.`);
  /** @param {string} field
   * @param {string} why */
  const invalid = (field, why) => new CardError('invalidField', `This card's ${field} is not valid: ${why}.`);
  /** @param {string} field */
  const missing = (field) => new CardError('missingField', `This card has no ${field}, which every card must have.`);
  if (map.kind !== 'map') throw notACard('its content is not a map of fields');
  /** @type {Map<unknown, Item>} */ const entries = new Map();
  for (const [key, value] of map.value) {
    if (intValue(key) === null) throw notACard('a field key is not an integer');
    entries.set(intValue(key), value);
  }
  /** @param {number} key
   * @param {string} name
   * @param {string} kind
   * @param {string} why
   * @returns {any} */
  const get = (key, name, kind, why) => {
    const item = entries.get(key);
    if (!item) throw missing(name);
    if (item.kind !== kind || (item.kind === 'bytes' && item.value.length !== 32)) throw invalid(name, why);
    return item.value;
  };
  const schema = entries.get(1);
  if (!schema) throw missing('schema number');
  const version = intValue(schema);
  if (version === null) throw invalid('schema number', 'it is not a number');
  if (version !== 1) throw new CardError('unsupportedSchema', `This card uses schema ${version}; this version of Handshake reads schema 1.`);
  const nodeId = get(2, 'Node ID', 'text', 'it is not text'), sigKey = get(3, 'signing key (sigKey)', 'bytes', 'it is not a 32-byte key');
  get(4, 'encryption key (encKey)', 'bytes', 'it is not a 32-byte key');
  const updatedAt = get(5, 'update time (updatedAt)', 'uint', 'it is not a whole number of milliseconds');
  /** @type {any} */ const fields = {};
  for (const [key, name, label, limit, count] of FIELDS) {
    const item = entries.get(key), noun = label.toLowerCase();
    if (!item) continue;
    if (name === 'avatar') {
      if (item.kind !== 'bytes') throw invalid('avatar', 'it is not image data');
      checkAvatar((fields.avatar = item.value));
    } else if (!count) {
      if (item.kind !== 'text') throw invalid(noun, 'it is not text');
      fields[name] = item.value;
    } else {
      if (item.kind !== 'array') throw invalid(noun, limit ? 'it is not a list' : 'they are not a list');
      const list = item.value.map((entry) => {
        if (limit) {
          if (entry.kind !== 'text') throw invalid(noun, 'an entry is not text');
          return entry.value;
        }
        if (entry.kind !== 'map') throw invalid('links', 'an entry is not a map');
        /** @type {any} */ const link = {};
        for (const [k, v] of entry.value) {
          const n = intValue(k);
          if (n === null || v.kind !== 'text') throw invalid('links', 'an entry holds something other than text');
          if (n === 1 || n === 2 || n === 3) link[['platform', 'handle', 'url'][n - 1]] = v.value;
        }
        if (link.platform === undefined) throw invalid('links', 'an entry has no platform');
        return link;
      });
      if (list.length) fields[name] = list;
    }
  }
  // Key 16: the owner's server, an origin written the one way (HandshakeCore's ServerOrigin).
  const server = entries.get(16);
  if (server && (server.kind !== 'text' || !isOrigin(server.value))) {
    throw invalid('server', "it is not a server's origin written as https://host[:port] (or http://), with nothing after");
  }
  return { nodeId, sigKey, updatedAt, fields, server: server ? server.value : undefined };
}

/** Whether `text` is an origin as card.md §2 writes key 16: `http` or `https`, a lowercase host (DNS labels, an
 * IPv4 address, or an IPv6 address in brackets), and a port only when it is not the scheme's own, at most 255
 * bytes.
 * @param {string} text */
function isOrigin(text) {
  const found = /^(https?):\/\/((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::([1-9][0-9]{0,4}))?$/.exec(text);
  if (!found || text.length > 255) return false;
  if (found[3] === undefined) return true;
  const port = Number(found[3]);
  return port <= 65535 && port !== (found[1] === 'https' ? 443 : 80);
}

/** A card of `fields` signed by the Ed25519 pair `signing`, with the X25519 public key `encKey`.
 * @param {Fields} fields
 * @param {CryptoKeyPair} signing
 * @param {Uint8Array} encKey
 * @param {number} updatedAt in ms */
export async function signCard(fields, signing, encKey, updatedAt) {
  checkFields(fields);
  const sigKey = new Uint8Array(await crypto.subtle.exportKey('raw', signing.publicKey));
  const map = new Map(/** @type {Array<[number, any]>} */ ([[1, 1], [2, await nodeIdOf(sigKey)], [3, sigKey], [4, encKey], [5, B(updatedAt)]]));
  for (const [key, name] of FIELDS) {
    const value = fields[name];
    if (value === undefined || (Array.isArray(value) && !value.length)) continue;
    map.set(key, name !== 'links' ? value : /** @type {Link[]} */ (value).map((link) =>
      new Map(/** @type {Array<[number, string | undefined]>} */ ([[1, link.platform], [2, link.handle], [3, link.url]]).filter(([, v]) => v !== undefined))));
  }
  const payload = encodeCBOR(map);
  const toBeSigned = encodeCBOR(['Signature1', PROTECTED, new Uint8Array(0), payload]);
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, signing.privateKey, toBeSigned));
  const card = encodeCBOR({ tag: 18, value: [PROTECTED, new Map(), payload, signature] });
  if (card.length > 98304) throw rule(`This card would be ${card.length} bytes signed; the most a card may be is 98,304 bytes.`);
  return card;
}

/** @param {string} text */
const escape = (text) => text.replace(/\r\n/g, '\n').replace(/[\\,;\n\r]/g, (c) => (c < ' ' ? '\\n' : '\\' + c));
/** A parameter value: no quotes or controls, quoted when it holds `, ; :`.
 * @param {string} text */
const parameter = (text) => {
  const kept = text.replace(/["\p{Cc}]/gu, '');
  return /[,;:]/.test(kept) ? `"${kept}"` : kept;
};

/** Folded at 75 octets, never inside a UTF-8 sequence.
 * @param {string} line */
function fold(line) {
  let out = '', size = 0, limit = 75;
  for (const s of line) {
    const bytes = s < '\x80' ? 1 : s < '\u0800' ? 2 : s.length > 1 ? 4 : 3;
    if (size + bytes > limit) [out, size, limit] = [out + '\r\n ', 0, 74];
    out += s;
    size += bytes;
  }
  return out;
}

/** The vCard 4.0 of a verified card.
 * @param {Card} card */
export function vCard(card) {
  const f = card.fields, lines = ['BEGIN:VCARD', 'VERSION:4.0', 'FN:' + escape(f.name || card.nodeId)];
  /** @param {string} name
   * @param {string[] | string | undefined} values */
  const add = (name, values, before = '', after = '') => {
    for (const v of values === undefined ? [] : [values].flat()) lines.push(`${name}:${before}${escape(v)}${after}`);
  };
  add('NOTE', f.bio);
  add('ADR', f.location, ';;;', ';;;');
  add('ORG', f.company);
  add('TITLE', f.title);
  add('EMAIL', f.emails);
  add('TEL;VALUE=text', f.phones);
  for (const { platform, handle, url } of f.links || []) {
    add(`X-SOCIALPROFILE;TYPE=${parameter(platform)}${handle !== undefined && url !== undefined ? ';X-USER=' + parameter(handle) : ''}`, url || handle || '');
    add('URL', url);
  }
  add('EXPERTISE', f.skills);
  if (f.avatar) lines.push(`PHOTO:data:image/${f.avatar[0] === 0x89 ? 'png' : 'jpeg'};base64,${base64(f.avatar)}`);
  const rev = new Date(Number(card.updatedAt / B(1000)) * 1000).toISOString().slice(0, 19).replace(/[-:]/g, '');
  lines.push(`REV:${rev}Z`, 'X-HANDSHAKE-NODEID:' + card.nodeId, 'X-HANDSHAKE-CARD:' + base64(card.bytes, true), 'END:VCARD');
  return lines.map(fold).join('\r\n') + '\r\n';
}
