import { drawSample, newSeed, SAMPLE_METHOD } from './sample-draw.js';

const ids = Array.from({ length: 20 }, (_, n) => `r${String(n).padStart(2, '0')}`);

describe('drawSample (sha256-fisher-yates-v1)', () => {
  it('names its method', () => {
    expect(SAMPLE_METHOD).toBe('sha256-fisher-yates-v1');
  });

  it('draws the same sample from the same seed, whatever order the population comes in', () => {
    const first = drawSample(ids, 5, 'HARBOR2026');
    expect(drawSample([...ids].reverse(), 5, 'HARBOR2026')).toEqual(first);
    expect(new Set(first).size).toBe(5);
    for (const id of first) expect(ids).toContain(id);
  });

  it('matches the Python reproduction in docs/audit-sampling.md', () => {
    // Computed with the Python snippet of the docs, an implementation independent of this one.
    expect(drawSample(ids, 5, 'HARBOR2026')).toEqual(['r17', 'r04', 'r05', 'r01', 'r03']);
    expect(drawSample(ids, 20, 'x').slice(0, 3)).toEqual(['r09', 'r18', 'r03']);
  });

  it('draws another sample from another seed', () => {
    expect(drawSample(ids, 5, 'HARBOR2027')).not.toEqual(drawSample(ids, 5, 'HARBOR2026'));
  });

  it('takes a sample of one and of the whole population, and refuses sizes outside 1 … N', () => {
    expect(drawSample(ids, 1, 's')).toHaveLength(1);
    const all = drawSample(ids, ids.length, 's');
    expect([...all].sort()).toEqual(ids);
    expect(() => drawSample(ids, 0, 's')).toThrow(RangeError);
    expect(() => drawSample(ids, 21, 's')).toThrow(RangeError);
    expect(() => drawSample([], 1, 's')).toThrow(RangeError);
  });

  it('makes 16-character base32 seeds', () => {
    const seed = newSeed();
    expect(seed).toMatch(/^[A-Z2-7]{16}$/);
    expect(newSeed()).not.toBe(seed);
  });
});
