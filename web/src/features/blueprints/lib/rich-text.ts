/**
 * The rich-text schema shared by the part editor and the read-only renderer: exactly the server's allowlist
 * (paragraphs, headings, bold, italic, lists, blockquote, hard break, links with http, https or mailto), so what
 * the editor can write is what the server stores and the renderer shows.
 */
import type { Extensions, JSONContent } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';

/** The server's limit (`crates/domain/src/rich_text.rs`); the editor stops accepting text at it. */
export const CONTENT_MAX_CHARACTERS = 20_000;

const linkSchemes = ['http://', 'https://', 'mailto:'];

/** http, https or mailto, with nothing a browser would strip or reinterpret. */
export function isAllowedLink(href: string | null | undefined): boolean {
  if (typeof href !== 'string' || href.length > 2048) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused
  if (/[\s\u0000-\u001f\u007f]/.test(href)) return false;
  const lower = href.toLowerCase();
  return linkSchemes.some((scheme) => lower.startsWith(scheme) && lower.length > scheme.length);
}

/** Characters as the server counts them: Unicode code points, not UTF-16 units. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

export function richTextExtensions(): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      horizontalRule: false,
      strike: false,
      underline: false,
      heading: { levels: [2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        isAllowedUri: (url) => isAllowedLink(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      },
    }),
  ];
}

/** The stored `{}` of a new part is the empty document: no content for the editor or the renderer. */
export function asDocument(content: unknown): JSONContent | undefined {
  if (typeof content !== 'object' || content === null || Object.keys(content).length === 0) {
    return undefined;
  }
  return content;
}
