import { readFileSync } from 'node:fs';
import { LANGUAGE_CODES, MAP_SYMBOL_TYPES } from '@muster/contracts';
import { POSTER_TEXT } from './poster-text.js';

const webTexts = (lng: string) =>
  JSON.parse(readFileSync(new URL(`../../../../web/public/locales/${lng}/maps.json`, import.meta.url), 'utf8')) as {
    symbols: Record<string, string>;
    poster: Record<string, string>;
  };

describe('emergency map poster texts', () => {
  it.each(LANGUAGE_CODES)('name every symbol as the web does (%s), and say "you are here" and "legend" alike', (lng) => {
    const web = webTexts(lng);
    for (const type of MAP_SYMBOL_TYPES) expect(POSTER_TEXT[lng].symbols[type]).toBe(web.symbols[type]);
    expect(POSTER_TEXT[lng].youAreHere).toBe(web.poster.youAreHere);
    expect(POSTER_TEXT[lng].legend).toBe(web.poster.legend);
  });
});
