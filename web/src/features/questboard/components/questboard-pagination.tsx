/** Previous/next through the Questboard's pages of 20, with "21–40 of 57" in the viewer's number format. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { buttonVariants } from '@/components/ui/button-variants';
import { useFormat } from '@/lib/i18n';
import { cn } from '@/lib/utils';

import { pageSize, questboardHref, type QuestboardFilters } from '../lib/filters';

export function QuestboardPagination({
  filters,
  count,
}: {
  filters: QuestboardFilters;
  count: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const pages = Math.max(1, Math.ceil(count / pageSize));
  if (pages <= 1 && filters.page === 1) return null;
  const from = count === 0 ? 0 : (filters.page - 1) * pageSize + 1;
  const to = Math.min(count, filters.page * pageSize);
  const link = (page: number, label: string, enabled: boolean) => {
    const className = cn(buttonVariants({ variant: 'outline', size: 'sm' }));
    const content = label;
    return enabled ? (
      <Link to={questboardHref({ ...filters, page })} className={className}>
        {content}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(className, 'pointer-events-none opacity-50')}>
        {content}
      </span>
    );
  };
  return (
    <nav
      aria-label={t('questboard.pagination.label')}
      className="flex flex-wrap items-center justify-between gap-4"
    >
      <p className="text-sm text-muted-foreground">
        {t('questboard.pagination.status', {
          from: format.number(from),
          to: format.number(to),
          total: format.number(count),
        })}
      </p>
      <div className="flex gap-2">
        {link(filters.page - 1, t('questboard.pagination.previous'), filters.page > 1)}
        {link(filters.page + 1, t('questboard.pagination.next'), filters.page < pages)}
      </div>
    </nav>
  );
}
