/**
 * A chat message is plain text (issue 17): the only thing made of it besides text is a link, for `http:` and
 * `https:` addresses written out in full. The parts are rendered as React text and `<a>` elements, never as
 * markup, so nothing a user writes can run script or add elements; `javascript:` or `data:` addresses stay text
 * because only the two schemes start a link.
 */
export type MessagePart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// A link starts at http:// or https:// and runs to the next whitespace or angle bracket.
const linkStart = /https?:\/\/[^\s<>"]+/giu;

// Punctuation that usually closes the sentence around a link rather than belonging to it.
const trailingPunctuation = /[.,;:!?'"]+$/u;

/** Drops a closing bracket the link did not open, so "(see https://a.example/x)" keeps its bracket outside. */
function trimUnbalanced(candidate: string): string {
  let link = candidate;
  for (;;) {
    const trimmed = link.replace(trailingPunctuation, '');
    const last = trimmed.at(-1);
    const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
    const opener = last === undefined ? undefined : pairs[last];
    if (last !== undefined && opener !== undefined) {
      const opened = trimmed.split(opener).length - 1;
      const closed = trimmed.split(last).length - 1;
      if (closed > opened) {
        link = trimmed.slice(0, -1);
        continue;
      }
    }
    return trimmed;
  }
}

/** The address a link part points to, or undefined when it does not parse as an http(s) URL with a host. */
function safeHref(text: string): string | undefined {
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '')
      return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

/** Splits a message into text and link parts; joined back, the parts' texts are the message itself. */
export function tokenizeMessage(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let text = '';
  let position = 0;
  for (const match of message.matchAll(linkStart)) {
    const start = match.index;
    // A scheme glued to a preceding word ("xhttps://…") is not a link's beginning.
    if (start > 0 && /[\p{L}\p{N}]/u.test(message.charAt(start - 1))) continue;
    const candidate = trimUnbalanced(match[0]);
    const href = safeHref(candidate);
    if (href === undefined || candidate.length <= match[0].indexOf('//') + 2) continue;
    text += message.slice(position, start);
    if (text !== '') parts.push({ kind: 'text', text });
    text = '';
    parts.push({ kind: 'link', text: candidate, href });
    position = start + candidate.length;
  }
  text += message.slice(position);
  if (text !== '') parts.push({ kind: 'text', text });
  return parts;
}
