/**
 * Shows a stored part to a reader: rendered from its Tiptap JSON by Tiptap's own static renderer into React
 * elements, never through HTML. The schema is the editor's allowlist, so an unknown node, mark or attribute,
 * or content the schema's rules forbid, makes the document unreadable (shown as such) instead of reaching the
 * page.
 */
import { getSchema } from '@tiptap/core';
import { renderToReactElement } from '@tiptap/static-renderer/pm/react';
import { Component, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cn } from '@/lib/utils';

import { asDocument, richTextExtensions } from '../lib/rich-text';

const extensions = richTextExtensions();
const schema = getSchema(extensions);

function Unreadable() {
  const { t } = useTranslation();
  return <p className="text-sm text-muted-foreground italic">{t('common.unreadableText')}</p>;
}

/** A document that the renderer refuses while rendering (rather than while converting) is unreadable too. */
class RenderBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <Unreadable /> : this.props.children;
  }
}

export function RichTextView({
  content,
  empty,
  className,
}: {
  content: unknown;
  /** Shown for an empty document. */
  empty?: ReactNode;
  className?: string;
}) {
  const rendered = useMemo(() => {
    const document = asDocument(content);
    if (document === undefined) return null;
    try {
      // `check` refuses what the schema's content rules forbid (text loose in the document, a mark twice).
      const node = schema.nodeFromJSON(document);
      node.check();
      return renderToReactElement({ content: node, extensions });
    } catch {
      return 'unreadable' as const;
    }
  }, [content]);
  if (rendered === null) return <>{empty}</>;
  if (rendered === 'unreadable') return <Unreadable />;
  return (
    <div className={cn('rich-text', className)} data-testid="rich-text">
      <RenderBoundary>{rendered}</RenderBoundary>
    </div>
  );
}
