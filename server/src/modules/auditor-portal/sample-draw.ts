import { createHmac, randomBytes } from 'node:crypto';

/** The name of the algorithm below, stored with each sample (docs/audit-sampling.md). */
export const SAMPLE_METHOD = 'sha256-fisher-yates-v1';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** A fresh seed: 16 characters of RFC 4648 base32 (80 random bits). */
export function newSeed(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  return out;
}

const RANGE = 2 ** 32;

/**
 * A stream of uniform integers from a seed: the n-th 32-bit word is the first 4 bytes (big-endian)
 * of HMAC-SHA256(key = the seed's UTF-8 bytes, message = n in decimal ASCII), n = 0, 1, 2, …
 * `below(m)` rejects words ≥ ⌊2³²/m⌋·m (so no value is favoured) and answers word mod m.
 */
function generator(seed: string) {
  let counter = 0;
  const word = (): number => createHmac('sha256', Buffer.from(seed, 'utf8')).update(String(counter++), 'ascii').digest().readUInt32BE(0);
  return {
    below(m: number): number {
      const limit = Math.floor(RANGE / m) * m;
      for (;;) {
        const w = word();
        if (w < limit) return w % m;
      }
    },
  };
}

/**
 * Draws `size` of `population` with `seed`, reproducibly (method `sha256-fisher-yates-v1`):
 * 1. the population's ids are sorted by plain code-unit order (`a < b`) — record ids are lower-case
 *    UUIDs, so this is their lexicographic order;
 * 2. a partial Fisher–Yates shuffle: for i = 0 … size−1, j = i + below(N − i) and items i and j swap;
 * 3. the sample is items 0 … size−1 in that order.
 * The same seed and population always give the same sample; `size` must be 1 … N.
 */
export function drawSample(population: readonly string[], size: number, seed: string): string[] {
  const items = [...population].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (!Number.isInteger(size) || size < 1 || size > items.length) {
    throw new RangeError(`A sample of ${size} cannot be drawn from ${items.length} records`);
  }
  const random = generator(seed);
  for (let i = 0; i < size; i++) {
    const j = i + random.below(items.length - i);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items.slice(0, size);
}
