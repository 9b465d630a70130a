import { describe, expect, it } from '@jest/globals';
import { cannedQuery, insertCanned, matchCanned } from './canned';
import { attachmentProblem, mergeMessages, unreadCount, unsent, type OutgoingMessage } from './messages';
import { chatMessage, chatSummary } from './test-support';

const canned = (shortcut: string, body: string) => ({
  id: `c-${shortcut}`,
  shortcut,
  title: shortcut,
  body,
  shared: false,
  owner: null,
  updatedAt: '2026-11-23T10:00:00.000Z',
});

describe('mergeMessages', () => {
  it('keeps one copy per id (the newest) in seq order', () => {
    const first = [chatMessage(3, 'three'), chatMessage(1, 'one')];
    const merged = mergeMessages(first, [chatMessage(2, 'two'), chatMessage(3, 'three again')]);
    expect(merged.map((m) => [m.seq, m.body])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three again'],
    ]);
  });
});

describe('unsent', () => {
  it('drops outgoing messages whose stored copy (same clientId) has arrived', () => {
    const outgoing = (clientId: string): OutgoingMessage => ({
      clientId,
      body: clientId,
      attachment: null,
      state: 'sending',
      error: null,
      createdAt: '',
    });
    const stored = [chatMessage(1, 'a', { clientId: 'client-aaaa' })];
    expect(unsent([outgoing('client-aaaa'), outgoing('client-bbbb')], stored).map((m) => m.clientId)).toEqual(['client-bbbb']);
  });
});

describe('unreadCount', () => {
  it('counts what came after the operator read mark', () => {
    expect(unreadCount(chatSummary({ lastSeq: 7, operatorReadSeq: 4 }))).toBe(3);
    expect(unreadCount(chatSummary({ lastSeq: 4, operatorReadSeq: 4 }))).toBe(0);
  });
});

describe('attachmentProblem', () => {
  it('accepts images and PDFs up to 10 MB', () => {
    expect(attachmentProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(attachmentProblem({ type: 'application/pdf', size: 10 * 1024 * 1024 })).toBeNull();
    expect(attachmentProblem({ type: 'application/zip', size: 10 })).toBe('type');
    expect(attachmentProblem({ type: 'image/jpeg', size: 10 * 1024 * 1024 + 1 })).toBe('size');
  });
});

describe('canned responses', () => {
  const items = [canned('greeting', 'Hello! How can I help?'), canned('greet', 'Hi!'), canned('bye', 'Goodbye.')];

  it('reads the /shortcut typed at the end of the text', () => {
    expect(cannedQuery('/gr')).toBe('gr');
    expect(cannedQuery('Thanks /')).toBe('');
    expect(cannedQuery('a/b')).toBeNull();
    expect(cannedQuery('/greet now')).toBeNull();
  });

  it('offers the shortcuts that start with the query, shortest first', () => {
    expect(matchCanned(items, 'gr').map((c) => c.shortcut)).toEqual(['greet', 'greeting']);
    expect(matchCanned(items, '').map((c) => c.shortcut)).toEqual(['bye', 'greet', 'greeting']);
  });

  it('replaces the typed shortcut with the body', () => {
    expect(insertCanned('Thanks for waiting. /gree', items[0]!)).toBe('Thanks for waiting. Hello! How can I help?');
  });
});
