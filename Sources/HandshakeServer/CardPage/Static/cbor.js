// Deterministic CBOR (card.md §2.3), a second implementation beside HandshakeCore's: the reader takes exactly
// what the writer writes (shortest heads, definite lengths, sorted unique map keys, UTF-8) within the
// card's limits, and refuses anything else rather than normalise it.

/** @typedef {{kind: 'uint' | 'nint', value: bigint} | {kind: 'bytes', value: Uint8Array} | {kind: 'text', value: string}
 * | {kind: 'array', value: Item[]} | {kind: 'map', value: Array<[Item, Item]>} | {kind: 'tag', tag: bigint, value: Item}
 * | {kind: 'simple', value: boolean | null}} Item */
/** @typedef {number | bigint | string | Uint8Array | Array<any> | Map<number, any> | {tag: number, value: any}} Value */

const B = BigInt;

/** The one item spanning `bytes` (at most 98,304 bytes, 8 levels, 64 entries a container).
 * @param {Uint8Array} bytes
 * @returns {Item} */
export function decodeCBOR(bytes) {
  let at = 0;
  // HandshakeCore's CBORError sentences, word for word: both readers of a card refuse it in one voice.
  const fail = (/** @type {string} */ why, where = at) => new Error(`${why} (at byte ${where})`);
  const unsupported = (/** @type {string} */ what, /** @type {number} */ where) => fail(`it uses ${what}, which Handshake never writes`, where);
  const byte = () => {
    if (at >= bytes.length) throw fail('the data ends too early');
    return bytes[at++];
  };
  /** @param {number} depth @returns {Item} */
  const item = (depth) => {
    if (depth > 8) throw new Error('it is nested more than 8 levels deep');
    const head = at, initial = byte(), major = initial >> 5, extra = initial & 31;
    if (major === 7) {
      if (extra >= 20 && extra <= 22) return { kind: 'simple', value: extra === 22 ? null : extra === 21 };
      if (extra >= 25 && extra <= 27) throw unsupported('a floating-point number', head);
      throw unsupported(extra === 31 ? 'an indefinite-length break' : 'a simple value other than true, false and null', head);
    }
    if (extra === 31) throw unsupported('an indefinite length', head);
    if (extra > 27) throw unsupported('a reserved header value', head);
    let n = B(extra);
    if (extra > 23) {
      const size = 1 << (extra - 24);
      if (extra > 24 && bytes.length - at < size) throw fail('the data ends too early');
      n = B(0);
      for (let i = 0; i < size; i++) n = (n << B(8)) | B(byte());
      if (n < [24, 256, 65536, 2 ** 32][extra - 24]) throw fail('it is not in canonical form: a number is written in more bytes than it needs', head);
    }
    const count = (/** @type {number} */ per) => {
      if (n * B(per) > B(bytes.length - at)) throw fail('the data ends too early', head);
      return Number(n);
    };
    if (major < 2) return { kind: major ? 'nint' : 'uint', value: n };
    if (major === 6) return { kind: 'tag', tag: n, value: item(depth + 1) };
    if (major < 4) {
      const value = bytes.slice(at, (at += count(1)));
      if (major === 2) return { kind: 'bytes', value };
      try {
        return { kind: 'text', value: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(value) };
      } catch (_) {
        throw fail('a text string is not valid UTF-8', head);
      }
    }
    if (n > 64) throw fail(`a list claims ${n} entries; the limit is 64`, head);
    /** @type {Item[]} */ const items = [];
    /** @type {Array<[Item, Item]>} */ const pairs = [];
    let previous = new Uint8Array(0);
    for (let i = count(major - 3); i > 0; i--) {
      if (major === 4) {
        items.push(item(depth + 1));
        continue;
      }
      const start = at, key = item(depth + 1), keyBytes = bytes.subarray(start, at), order = compareBytes(previous, keyBytes);
      if (i < n && order === 0) throw fail('it is not in canonical form: a map repeats a key', start);
      if (i < n && order > 0) throw fail('it is not in canonical form: map keys are not in sorted order', start);
      previous = keyBytes;
      pairs.push([key, item(depth + 1)]);
    }
    return major === 4 ? { kind: 'array', value: items } : { kind: 'map', value: pairs };
  };
  if (bytes.length > 98304) throw new Error(`it is ${bytes.length} bytes; the limit is 98304`);
  const result = item(0);
  if (at !== bytes.length) throw new Error(`there are extra bytes after the end of the data (from byte ${at})`);
  return result;
}

/** Bytewise order, negative when `a` sorts first.
 * @param {Uint8Array} a
 * @param {Uint8Array} b */
export function compareBytes(a, b) {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** The deterministic encoding of `value` (map keys sorted by their encoded bytes).
 * @param {Value} value
 * @returns {Uint8Array} */
export function encodeCBOR(value) {
  /** @type {number[]} */ const out = [];
  const head = (/** @type {number} */ major, /** @type {bigint} */ n) => {
    if (n < 24) return out.push((major << 5) | Number(n));
    const size = n < 256 ? 1 : n < 65536 ? 2 : n < 2 ** 32 ? 4 : 8;
    out.push((major << 5) | (24 + Math.log2(size)));
    for (let i = size - 1; i >= 0; i--) out.push(Number((n >> B(8 * i)) & B(255)));
    return 0;
  };
  /** @param {Value} v */
  const write = (v) => {
    if (typeof v === 'number' || typeof v === 'bigint') {
      head(v < 0 ? 1 : 0, v < 0 ? -B(1) - B(v) : B(v));
    } else if (typeof v === 'string' || v instanceof Uint8Array) {
      const bytes = typeof v === 'string' ? new TextEncoder().encode(v) : v;
      head(typeof v === 'string' ? 3 : 2, B(bytes.length));
      out.push(...bytes);
    } else if (Array.isArray(v)) {
      head(4, B(v.length));
      v.forEach(write);
    } else if (v instanceof Map) {
      head(5, B(v.size));
      [...v].map(([k, entry]) => /** @type {[Uint8Array, Value]} */ ([encodeCBOR(k), entry]))
        .sort((a, b) => compareBytes(a[0], b[0]))
        .forEach(([k, entry]) => out.push(...k) && write(entry));
    } else {
      head(6, B(v.tag));
      write(v.value);
    }
  };
  write(value);
  return Uint8Array.from(out);
}
