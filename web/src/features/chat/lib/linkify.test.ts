import { describe, expect, it } from 'vitest';

import { tokenizeMessage } from './linkify';

function joined(message: string): string {
  return tokenizeMessage(message)
    .map((part) => part.text)
    .join('');
}

describe('tokenizeMessage', () => {
  it('keeps plain text as one text part', () => {
    expect(tokenizeMessage('Hello, is there room at the table?')).toEqual([
      { kind: 'text', text: 'Hello, is there room at the table?' },
    ]);
  });

  it('gives no parts for an empty message', () => {
    expect(tokenizeMessage('')).toEqual([]);
  });

  it('makes http and https addresses links between text', () => {
    expect(
      tokenizeMessage('Rules: https://example.com/rules?x=1#top and http://a.example too'),
    ).toEqual([
      { kind: 'text', text: 'Rules: ' },
      {
        kind: 'link',
        text: 'https://example.com/rules?x=1#top',
        href: 'https://example.com/rules?x=1#top',
      },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://a.example', href: 'http://a.example/' },
      { kind: 'text', text: ' too' },
    ]);
  });

  it('leaves sentence punctuation and an unopened bracket outside the link', () => {
    expect(tokenizeMessage('See (https://example.com/a_(b)), then https://example.com/c.')).toEqual(
      [
        { kind: 'text', text: 'See (' },
        { kind: 'link', text: 'https://example.com/a_(b)', href: 'https://example.com/a_(b)' },
        { kind: 'text', text: '), then ' },
        { kind: 'link', text: 'https://example.com/c', href: 'https://example.com/c' },
        { kind: 'text', text: '.' },
      ],
    );
  });

  it('never makes a link of another scheme', () => {
    for (const message of [
      'javascript:alert(1)',
      'click javascript://example.com/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.com/file',
      'vbscript:msgbox(1)',
    ]) {
      expect(tokenizeMessage(message).every((part) => part.kind === 'text')).toBe(true);
      expect(joined(message)).toBe(message);
    }
  });

  it('keeps markup as text and stops a link at an angle bracket', () => {
    const hostile = '<img src=x onerror=alert(1)> <a href="https://evil.example">x</a>';
    const parts = tokenizeMessage(hostile);
    expect(joined(hostile)).toBe(hostile);
    expect(parts.filter((part) => part.kind === 'link')).toEqual([
      { kind: 'link', text: 'https://evil.example', href: 'https://evil.example/' },
    ]);
  });

  it('needs a host and a word boundary before the scheme', () => {
    expect(
      tokenizeMessage('https:// and xhttps://example.com').every((p) => p.kind === 'text'),
    ).toBe(true);
  });

  it('keeps new lines in the text', () => {
    expect(tokenizeMessage('one\nhttps://example.com\ntwo')).toEqual([
      { kind: 'text', text: 'one\n' },
      { kind: 'link', text: 'https://example.com', href: 'https://example.com/' },
      { kind: 'text', text: '\ntwo' },
    ]);
  });
});
