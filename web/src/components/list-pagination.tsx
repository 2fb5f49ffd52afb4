/** Previous/next for a page of 20, with "21–40 of 57" in the viewer's number format. */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/i18n';

export function ListPagination({
  offset,
  limit,
  count,
  onOffsetChange,
}: {
  offset: number;
  limit: number;
  count: number;
  onOffsetChange: (offset: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  if (count <= limit && offset === 0) return null;
  const from = count === 0 ? 0 : offset + 1;
  const to = Math.min(count, offset + limit);
  return (
    <nav
      aria-label={t('blueprints.pagination.label')}
      className="flex items-center justify-between gap-4"
    >
      <p className="text-sm text-muted-foreground">
        {t('blueprints.pagination.status', {
          from: format.number(from),
          to: format.number(to),
          total: format.number(count),
        })}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={offset === 0}
          onClick={() => {
            onOffsetChange(Math.max(0, offset - limit));
          }}
        >
          <ChevronLeft aria-hidden />
          {t('blueprints.pagination.previous')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={offset + limit >= count}
          onClick={() => {
            onOffsetChange(offset + limit);
          }}
        >
          {t('blueprints.pagination.next')}
          <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
