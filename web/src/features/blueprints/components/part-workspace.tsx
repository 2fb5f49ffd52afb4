/**
 * A part's page once loaded: its title (rename, delete), the Tiptap editor (its toolbar and link dialog in
 * part-editor-*.tsx) with a character limit, a live count, the last-saved time in the viewer's locale and
 * autosave, and the blueprints that use it. Loaded lazily, so no other page pays for the editor.
 *
 * Nothing typed is lost: each change goes to a local draft at once and to the server about a second after
 * typing stops (`lib/autosave.ts`). A failed save says 'Could not save changes' and keeps retrying; a reload
 * brings the draft back.
 */
import { useQueryClient } from '@tanstack/react-query';
import { CharacterCount } from '@tiptap/extensions';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { Translate } from '@/lib/api/errors';
import { translateValidationMessage } from '@/lib/forms';
import { useFormat } from '@/lib/i18n';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';
import { blueprintPaths } from '@/lib/paths';
import { cn } from '@/lib/utils';

import {
  partQueryKey,
  partQueryOptions,
  updatePart,
  useDeletePart,
  useUpdatePart,
  type BlueprintPart,
} from '../api/parts';
import { Autosaver, type AutosaveState } from '../lib/autosave';
import { clearDraft, readDraft, writeDraft } from '../lib/draft';
import {
  asDocument,
  CONTENT_MAX_CHARACTERS,
  countCharacters,
  richTextExtensions,
} from '../lib/rich-text';
import { titleSchema } from '../lib/schemas';
import { Toolbar } from './part-editor-toolbar';

export default function PartWorkspace({ part }: { part: BlueprintPart }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [draft] = useState(() => readDraft(part.id));
  const [state, setState] = useState<AutosaveState>({
    status: 'saved',
    lastSavedAt: part.version > 1 ? part.updated_at : null,
  });
  const [saver] = useState(
    () =>
      new Autosaver({
        // A draft typed on an older version is saved against that version: if someone saved meanwhile, the
        // server says so and the user chooses, instead of one text silently replacing the other.
        version: draft?.baseVersion ?? part.version,
        lastSavedAt: part.version > 1 ? part.updated_at : null,
        onState: setState,
        save: async (content, version) => {
          const saved = await updatePart(part.id, { content, version });
          queryClient.setQueryData(partQueryKey(saved.handle), saved);
          return { version: saved.version, savedAt: saved.updated_at };
        },
        storeDraft: (content, baseVersion) => {
          writeDraft(part.id, { content, baseVersion, updatedAt: new Date().toISOString() });
        },
        clearDraft: () => {
          clearDraft(part.id);
        },
      }),
  );
  const editor = useEditor({
    extensions: [
      ...richTextExtensions(),
      CharacterCount.configure({ limit: CONTENT_MAX_CHARACTERS, textCounter: countCharacters }),
    ],
    content: draft?.content ?? asDocument(part.content) ?? '',
    editorProps: {
      attributes: {
        'aria-label': t('blueprints.editor.label'),
        'aria-describedby': 'part-editor-count part-editor-status',
        class:
          'rich-text min-h-64 rounded-b-xl px-4 py-3 outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
        'data-testid': 'part-editor',
      },
    },
    onUpdate: ({ editor: changed }) => {
      saver.edit(changed.getJSON());
    },
  });

  useEffect(() => {
    // What the last visit left unsaved goes to the server now.
    if (draft) saver.edit(editor.getJSON());
  }, [draft, editor, saver]);
  useEffect(
    () => () => {
      saver.dispose();
    },
    [saver],
  );

  return (
    <div className="flex flex-col gap-6">
      <PartHeader
        part={part}
        onRenamed={(version) => {
          saver.adopt(version);
        }}
      />
      {draft && (
        <p className="text-sm text-muted-foreground">{t('blueprints.editor.restoredDraft')}</p>
      )}
      <section
        className="flex flex-col rounded-xl border border-border"
        aria-label={t('blueprints.editor.label')}
      >
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-4 py-2 text-sm">
          <SaveStatus
            state={state}
            onKeepMine={() => {
              void queryClient
                .query({ ...partQueryOptions(part.handle), staleTime: 0 })
                .then((fresh) => {
                  saver.overwrite(fresh.version);
                });
            }}
            onLoadTheirs={() => {
              void queryClient
                .query({ ...partQueryOptions(part.handle), staleTime: 0 })
                .then((theirs) => {
                  saver.discard(theirs.version, theirs.updated_at);
                  editor.commands.setContent(asDocument(theirs.content) ?? '', {
                    emitUpdate: false,
                  });
                });
            }}
          />
          <CharacterCounter editor={editor} />
        </div>
      </section>
      <UsedIn part={part} />
    </div>
  );
}

function CharacterCounter({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const format = useFormat();
  // Counted from the document itself, the way CharacterCount and the server count (text, one per hard break),
  // so the first render after a reload shows the stored text's count too.
  const characters = useEditorState({
    editor,
    selector: ({ editor: current }) => {
      const { doc } = current.state;
      return countCharacters(doc.textBetween(0, doc.content.size, undefined, ' '));
    },
  });
  const full = characters >= CONTENT_MAX_CHARACTERS;
  return (
    <p
      id="part-editor-count"
      className={cn(
        'tabular-nums',
        full ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
    >
      <span className="sr-only">{t('blueprints.editor.charactersLabel')}: </span>
      <span data-testid="character-count">
        {t('blueprints.editor.characters', {
          used: format.number(characters),
          max: format.number(CONTENT_MAX_CHARACTERS),
        })}
      </span>
      {full && (
        <span className="sr-only">
          {' '}
          {t('blueprints.editor.limitReached', { max: format.number(CONTENT_MAX_CHARACTERS) })}
        </span>
      )}
    </p>
  );
}

function SaveStatus({
  state,
  onKeepMine,
  onLoadTheirs,
}: {
  state: AutosaveState;
  onKeepMine: () => void;
  onLoadTheirs: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const saved = state.lastSavedAt
    ? t('blueprints.editor.saved', { time: format.dateTime(state.lastSavedAt) })
    : t('blueprints.editor.neverSaved');
  return (
    <div id="part-editor-status" className="flex min-w-0 flex-col gap-1" data-testid="save-status">
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col">
          <span className="font-medium text-destructive">{t('blueprints.editor.saveFailed')}</span>
          <span className="text-muted-foreground">{t('blueprints.editor.retrying')}</span>
        </div>
      )}
      {state.status === 'conflict' && (
        <div role="alert" className="flex flex-col gap-2">
          <span className="font-medium text-destructive">{t('blueprints.editor.saveFailed')}</span>
          <span className="text-muted-foreground">{t('blueprints.editor.conflict')}</span>
          <span className="flex flex-wrap gap-2">
            <Button size="sm" onClick={onKeepMine}>
              {t('blueprints.editor.keepMine')}
            </Button>
            <Button size="sm" variant="outline" onClick={onLoadTheirs}>
              {t('blueprints.editor.loadTheirs')}
            </Button>
          </span>
        </div>
      )}
      <span className="text-muted-foreground" aria-live="polite">
        {state.status === 'saving'
          ? t('blueprints.editor.saving')
          : state.status === 'pending'
            ? t('blueprints.editor.pending')
            : saved}
      </span>
    </div>
  );
}

function PartHeader({
  part,
  onRenamed,
}: {
  part: BlueprintPart;
  onRenamed: (version: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const remove = useDeletePart({
    onSuccess: () => {
      toastSuccess('blueprints.toasts.partDeleted');
      void navigate(blueprintPaths.parts.getHref());
    },
    onError: (error) => {
      toastFailure('blueprints.toasts.partDeleteFailed', error);
    },
  });
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <header className="flex flex-wrap items-start gap-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={blueprintPaths.parts.getHref()}
          className="text-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          {t('blueprints.part.backToList')}
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight break-words">{part.title}</h1>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() => {
            setDialog('rename');
          }}
        >
          <Pencil aria-hidden />
          {t('blueprints.part.rename')}
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            setDialog('delete');
          }}
        >
          <Trash2 aria-hidden />
          {t('blueprints.detail.delete')}
        </Button>
      </div>
      {dialog === 'rename' && (
        <RenameDialog part={part} onOpenChange={close} onRenamed={onRenamed} />
      )}
      <Dialog open={dialog === 'delete'} onOpenChange={close}>
        <DialogContent closeLabel={t('common.close')} className="max-w-md">
          <DialogHeader>
            <DialogTitle>{t('blueprints.dialogs.deletePart.title')}</DialogTitle>
            <DialogDescription>
              {t('blueprints.dialogs.deletePart.description', { title: part.title })}{' '}
              {part.used_in.length > 0 &&
                t('blueprints.dialogs.deletePart.usedIn', { count: part.used_in.length })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => {
                remove.mutate(part);
              }}
            >
              {t('blueprints.dialogs.deletePart.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </header>
  );
}

function RenameDialog({
  part,
  onOpenChange,
  onRenamed,
}: {
  part: BlueprintPart;
  onOpenChange: (open: boolean) => void;
  onRenamed: (version: number) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(part.title);
  const [errors, setErrors] = useState<string[]>([]);
  const update = useUpdatePart({
    onSuccess: (saved) => {
      onRenamed(saved.version);
      onOpenChange(false);
      toastSuccess('blueprints.toasts.partUpdated');
    },
    onError: (error) => {
      toastFailure('blueprints.toasts.partUpdateFailed', error);
    },
  });
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('common.close')} className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t('blueprints.part.renameTitle')}</DialogTitle>
          <DialogDescription>{part.title}</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = titleSchema.safeParse(title);
            if (!parsed.success) {
              const translate: Translate = (key, options) => t(key, options ?? {});
              setErrors(
                parsed.error.issues
                  .slice(0, 1)
                  .map((issue) => translateValidationMessage(issue.message, translate)),
              );
              return;
            }
            const current = queryClient.getQueryData<BlueprintPart>(partQueryKey(part.handle));
            update.mutate({
              id: part.id,
              body: { title: parsed.data, version: current?.version ?? part.version },
            });
          }}
        >
          <Field label={t('blueprints.fields.title')} errors={errors}>
            {(control) => (
              <Input
                {...control}
                value={title}
                onChange={(event) => {
                  setTitle(event.target.value);
                  setErrors([]);
                }}
              />
            )}
          </Field>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? t('common.saving') : t('blueprints.dialogs.edit.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function UsedIn({ part }: { part: BlueprintPart }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="part-used-in" className="flex flex-col gap-2">
      <h2 id="part-used-in" className="text-lg font-semibold">
        {t('blueprints.part.usedIn')}
      </h2>
      {part.used_in.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('blueprints.part.notUsed')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {part.used_in.map((blueprint) => (
            <li key={blueprint.id}>
              <Link
                to={blueprintPaths.blueprint.getHref(blueprint.handle)}
                className="underline underline-offset-4"
              >
                {blueprint.title}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
