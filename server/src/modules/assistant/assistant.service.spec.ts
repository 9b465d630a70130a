import { chineseTerms, markTerms, type RetrievedArticle } from '../knowledge/knowledge.service.js';
import { compose, systemPrompt } from './assistant.service.js';

const article: RetrievedArticle = {
  id: '5b0f3c1e-8f0a-4a53-9d52-2f5a8c1d9e10',
  title: 'Lifeboat roster',
  body: 'Intro.\n\nThe roster rotates every Monday.',
  language: 'en',
  passages: ['The roster rotates every Monday.'],
  snippet: [],
  coverage: 1,
};

describe('assistant texts', () => {
  it('composes the built-in answer from the passages, introduced in the asked language', () => {
    expect(compose('en', article)).toBe(
      'Here is what the help centre says in “Lifeboat roster”:\n\nThe roster rotates every Monday.\n\nOpen the article below for the whole of it.',
    );
    expect(compose('es', article)).toMatch(/^Solo lo encontré en un artículo en inglés, «Lifeboat roster»:/);
    expect(compose('es', { ...article, language: 'es' })).toMatch(/^Esto es lo que dice el centro de ayuda en «Lifeboat roster»:/);
  });

  it('gives the model the retrieved articles and the rules, nothing else', () => {
    const prompt = systemPrompt('Skipper', 'ar', [article]);
    expect(prompt).toContain('You are Skipper');
    expect(prompt).toContain('### Article 1: Lifeboat roster\n\nIntro.\n\nThe roster rotates every Monday.');
    expect(prompt).toContain('reply with exactly UNKNOWN');
    expect(prompt).toContain('Answer in Arabic');
    expect(prompt.match(/### Article/g)).toHaveLength(1);
  });
});

describe('Chinese matching', () => {
  it('splits Chinese into character pairs and keeps Latin words', () => {
    expect(chineseTerms('二维码验证 QR')).toEqual(['二维', '维码', '码验', '验证', 'qr']);
    expect(chineseTerms('码 ?')).toEqual([]);
  });

  it('marks the terms in a text', () => {
    expect(markTerms('扫描二维码即可', ['二维', '维码'])).toEqual([
      { text: '扫描', match: false },
      { text: '二维', match: true },
      { text: '码即可', match: false },
    ]);
    expect(markTerms('plain', [])).toEqual([{ text: 'plain', match: false }]);
  });
});
