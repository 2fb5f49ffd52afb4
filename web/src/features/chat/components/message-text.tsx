/**
 * A message's text as React text nodes and links: nothing a user writes becomes markup. Links open in a new tab
 * without giving the page a handle on ours (`noopener noreferrer`) and without lending it our standing
 * (`nofollow`).
 */
import { useMemo } from 'react';

import { tokenizeMessage } from '../lib/linkify';

export function MessageText({ text }: { text: string }) {
  const parts = useMemo(() => tokenizeMessage(text), [text]);
  return (
    <span className="break-words whitespace-pre-wrap">
      {parts.map((part, index) =>
        part.kind === 'text' ? (
          // The parts of one message never move, so their position is a stable key.
          <span key={index}>{part.text}</span>
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline underline-offset-2 hover:no-underline"
          >
            {part.text}
          </a>
        ),
      )}
    </span>
  );
}
