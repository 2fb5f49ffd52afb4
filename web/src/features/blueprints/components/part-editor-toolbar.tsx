/**
 * The part editor's toolbar: the marks and blocks the rich text allows (rich-text.ts), each pressed while the
 * selection has it, and the link, which opens its own dialog.
 */
import { useEditorState, type Editor } from '@tiptap/react';
import {
  Bold,
  Heading2,
  Heading3,
  Italic,
  Link2,
  List,
  ListOrdered,
  Quote,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';

import { LinkDialog } from './part-editor-link-dialog';

type ToolbarAction = {
  id: string;
  icon: LucideIcon;
  label: string;
  active: boolean;
  run: () => void;
};

export function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const [linkOpen, setLinkOpen] = useState(false);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bullet: current.isActive('bulletList'),
      ordered: current.isActive('orderedList'),
      quote: current.isActive('blockquote'),
      link: current.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const actions: ToolbarAction[] = [
    {
      id: 'bold',
      icon: Bold,
      label: t('blueprints.editor.bold'),
      active: active.bold,
      run: () => chain().toggleBold().run(),
    },
    {
      id: 'italic',
      icon: Italic,
      label: t('blueprints.editor.italic'),
      active: active.italic,
      run: () => chain().toggleItalic().run(),
    },
    {
      id: 'h2',
      icon: Heading2,
      label: t('blueprints.editor.heading2'),
      active: active.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      id: 'h3',
      icon: Heading3,
      label: t('blueprints.editor.heading3'),
      active: active.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      id: 'bullet',
      icon: List,
      label: t('blueprints.editor.bulletList'),
      active: active.bullet,
      run: () => chain().toggleBulletList().run(),
    },
    {
      id: 'ordered',
      icon: ListOrdered,
      label: t('blueprints.editor.orderedList'),
      active: active.ordered,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      id: 'quote',
      icon: Quote,
      label: t('blueprints.editor.blockquote'),
      active: active.quote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      id: 'link',
      icon: Link2,
      label: t('blueprints.editor.link'),
      active: active.link,
      run: () => {
        setLinkOpen(true);
      },
    },
  ];
  return (
    <div
      role="toolbar"
      aria-label={t('blueprints.editor.toolbar')}
      className="flex flex-wrap gap-1 border-b border-border p-1.5"
    >
      {actions.map((action) => (
        <Button
          key={action.id}
          type="button"
          variant={action.active ? 'outline' : 'ghost'}
          size="sm"
          aria-label={action.label}
          aria-pressed={action.active}
          title={action.label}
          onClick={action.run}
        >
          <action.icon aria-hidden />
        </Button>
      ))}
      <LinkDialog editor={editor} open={linkOpen} onOpenChange={setLinkOpen} />
    </div>
  );
}
