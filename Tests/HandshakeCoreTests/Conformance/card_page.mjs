// Runs the card page's own modules (Sources/HandshakeServer/CardPage/Static, unchanged, in Node's WebCrypto) on
// the vectors CardPageInStepTests gives, so the page's second implementation of docs/formats/card.md can be
// compared with HandshakeCore's. Input: a JSON file named by the first argument; output: JSON on stdout.
//   cards:    [{id, hex}] → [{id, kind ('ok' or the refusal's CardRejection case), message, vCard, shown}]
//   digits:   [hex] → [{digits, back}] (the bytes' digits, and those digits decoded)
//   badDigits:[text] → [refusal message or null]
//   sign:     [{privateKey, sigKey, encKey, updatedAt, fields}] → [hex of the card the page signs]
//   visible:  [text] → [text as the page shows it]
//   generate: {fields, updatedAt} → {hex}: a card signed by a fresh key made as the page makes it
import { readFileSync } from 'fs';
import { FIELDS, bytesToDigits, digitsToBytes, signCard, vCard, verifyCard, visible } from '../../../Sources/HandshakeServer/CardPage/Static/card.js';

const hex = (/** @type {string} */ h) => Uint8Array.from((h.match(/../g) || []).map((x) => parseInt(x, 16)));
const toHex = (/** @type {Uint8Array} */ b) => [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));

/** Fields from JSON: the avatar as hex. */
const fields = (/** @type {any} */ f) => (f.avatar ? { ...f, avatar: hex(f.avatar) } : f);
const output = { cards: [], digits: [], badDigits: [], signed: [], visible: [], generated: null };

for (const { id, hex: h } of input.cards || []) {
  try {
    const card = await verifyCard(hex(h), input.now);
    // The text the page shows for each field, as page.js puts it in the list.
    const shown = {};
    for (const [, key] of FIELDS) {
      const value = card.fields[key];
      if (value === undefined || value instanceof Uint8Array) continue;
      shown[key] = visible((typeof value === 'string' ? [value] : value.map((v) => (typeof v === 'string' ? v : [v.platform, v.handle, v.url].filter((s) => s).join(' ')))).join(', '));
    }
    output.cards.push({ id, kind: card.checked ? 'ok' : 'unchecked', vCard: vCard(card), nodeId: card.nodeId, shown });
  } catch (error) {
    output.cards.push({ id, kind: error.kind || 'exception', message: error.message });
  }
}
for (const h of input.digits || []) {
  const digits = bytesToDigits(hex(h));
  output.digits.push({ digits, back: toHex(digitsToBytes(digits)) });
}
for (const text of input.badDigits || []) {
  try {
    digitsToBytes(text);
    output.badDigits.push(null);
  } catch (error) {
    output.badDigits.push(error.message);
  }
}
for (const s of input.sign || []) {
  const pkcs8 = hex('302e020100300506032b657004220420' + s.privateKey);
  const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, { name: 'Ed25519' }, false, ['sign']);
  const publicKey = await crypto.subtle.importKey('raw', hex(s.sigKey), { name: 'Ed25519' }, true, ['verify']);
  output.signed.push(toHex(await signCard(fields(s.fields), { privateKey, publicKey }, hex(s.encKey), s.updatedAt)));
}
output.visible = (input.visible || []).map(visible);
if (input.generate) {
  // As page.js makes a visitor's keys: Ed25519 not extractable, X25519 for the card's encKey.
  const signing = await crypto.subtle.generateKey({ name: 'Ed25519' }, false, ['sign', 'verify']);
  const exchange = await crypto.subtle.generateKey({ name: 'X25519' }, false, ['deriveBits']);
  const encKey = new Uint8Array(await crypto.subtle.exportKey('raw', exchange.publicKey));
  output.generated = { hex: toHex(await signCard(fields(input.generate.fields), signing, encKey, input.generate.updatedAt)) };
}
process.stdout.write(JSON.stringify(output));
