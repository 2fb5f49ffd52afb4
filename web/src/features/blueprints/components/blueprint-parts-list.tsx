/**
 * A blueprint's description: its parts in order. Reordered by dragging a part's handle, or by keyboard (focus
 * the handle, Space to pick up, ↑/↓ to move, Space to drop, Escape to cancel), both through dnd-kit, which also
 * tells screen readers what happens. Each change saves the whole order at once.
 */
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

import { useSetBlueprintParts, type ActivityBlueprint } from '../api/blueprints';
import { blueprintPaths } from '@/lib/paths';
import { toastFailure, toastSuccess } from '@/lib/outcome-toasts';
import { RichTextView } from './rich-text-view';

type Part = ActivityBlueprint['parts'][number];

export function BlueprintPartsList({ blueprint }: { blueprint: ActivityBlueprint }) {
  const { t } = useTranslation();
  // The order being saved, shown until the server answers (then the blueprint's own order again).
  const [pendingOrder, setPendingOrder] = useState<string[] | null>(null);
  const setParts = useSetBlueprintParts({
    onSettled: () => {
      setPendingOrder(null);
    },
  });
  const byId = new Map(blueprint.parts.map((part) => [part.id, part]));
  const parts: Part[] = pendingOrder
    ? pendingOrder.flatMap((id) => {
        const part = byId.get(id);
        return part ? [part] : [];
      })
    : blueprint.parts;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (id: UniqueIdentifier) => byId.get(String(id))?.title ?? '';
  const positionOf = (id: UniqueIdentifier | undefined) =>
    id === undefined ? 0 : parts.findIndex((part) => part.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('blueprints.dnd.pickedUp', {
        title: titleOf(active.id),
        position: positionOf(active.id),
        count: parts.length,
      }),
    onDragOver: ({ active, over }) =>
      t('blueprints.dnd.movedOver', {
        title: titleOf(active.id),
        position: positionOf(over?.id),
        count: parts.length,
      }),
    onDragEnd: ({ active, over }) =>
      t('blueprints.dnd.dropped', {
        title: titleOf(active.id),
        position: positionOf(over?.id),
        count: parts.length,
      }),
    onDragCancel: ({ active }) =>
      t('blueprints.dnd.cancelled', { title: titleOf(active.id), position: positionOf(active.id) }),
  };

  const save = (ids: string[], kind: 'reorder' | 'remove') => {
    setPendingOrder(ids);
    setParts.mutate(
      { id: blueprint.id, partIds: ids, version: blueprint.version },
      {
        onSuccess: () => {
          toastSuccess(
            kind === 'reorder'
              ? 'blueprints.toasts.sectionsReordered'
              : 'blueprints.toasts.sectionRemoved',
          );
        },
        onError: (error) => {
          toastFailure(
            kind === 'reorder'
              ? 'blueprints.toasts.sectionUpdateFailed'
              : 'blueprints.toasts.sectionDeleteFailed',
            error,
          );
        },
      },
    );
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = parts.map((part) => part.id);
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    save(arrayMove(ids, from, to), 'reorder');
  };

  return (
    <div className="flex flex-col gap-3">
      <p id="reorder-hint" className="text-sm text-muted-foreground">
        {t('blueprints.detail.reorderHint')}
      </p>
      <DndContext
        sensors={sensors}
        // Corners, not centres: parts differ a lot in height, and a long one's centre is far from its edges.
        collisionDetection={closestCorners}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('blueprints.detail.reorderHint') },
        }}
      >
        <SortableContext
          items={parts.map((part) => part.id)}
          strategy={verticalListSortingStrategy}
        >
          <ol className="flex flex-col gap-3" data-testid="blueprint-parts">
            {parts.map((part) => (
              <SortablePart
                key={part.id}
                part={part}
                disabled={setParts.isPending}
                onRemove={() => {
                  save(
                    parts.filter((other) => other.id !== part.id).map((other) => other.id),
                    'remove',
                  );
                }}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}

function SortablePart({
  part,
  disabled,
  onRemove,
}: {
  part: Part;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: part.id });
  const headingId = `part-${part.id}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border border-border bg-background p-4',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-ring/40',
      )}
      aria-labelledby={headingId}
      data-testid="blueprint-part"
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none active:cursor-grabbing"
          {...attributes}
          {...listeners}
          aria-label={t('blueprints.detail.moveHandle', { title: part.title })}
          aria-describedby="reorder-hint"
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <h3 id={headingId} className="min-w-0 flex-1 truncate font-semibold">
          <Link
            to={blueprintPaths.part.getHref(part.handle)}
            className="underline-offset-4 hover:underline"
          >
            {part.title}
          </Link>
        </h3>
        <Button
          variant="ghost"
          size="sm"
          disabled={disabled}
          onClick={onRemove}
          aria-label={t('blueprints.detail.remove', { title: part.title })}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      {/* A preview: long parts are cut (the whole text is one click away, in the editor). */}
      <RichTextView
        content={part.content}
        className="max-h-48 overflow-hidden pl-10 text-sm [mask-image:linear-gradient(to_bottom,black_70%,transparent)]"
        empty={
          <p className="pl-10 text-sm text-muted-foreground italic">
            {t('blueprints.detail.emptyPart')}
          </p>
        }
      />
    </li>
  );
}
