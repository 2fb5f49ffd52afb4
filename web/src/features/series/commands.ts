/**
 * The series feature's palette commands (spec §2, §6): role gm, section Listings Management. Creating goes to
 * the wizard; the edit commands need a series in the context (data scope `gm_series`, the page of one series).
 */
import { CalendarClock, CircleDollarSign, Flag, Pencil, ScrollText, Users } from 'lucide-react';
import type { ComponentType } from 'react';

import type { Command, CommandDialogProps } from '@/lib/commands/types';
import { lazyDialog } from '@/lib/lazy-dialog';

import { seriesPaths } from '@/lib/paths';

type DialogName =
  | 'BasicInfoCommandDialog'
  | 'StatusCommandDialog'
  | 'PricingCommandDialog'
  | 'RequirementsCommandDialog'
  | 'ScheduleCommandDialog';

function seriesDialog(name: DialogName) {
  return lazyDialog<CommandDialogProps>(() =>
    import('./components/series-dialogs').then(
      (module): { default: ComponentType<CommandDialogProps> } => ({ default: module[name] }),
    ),
  );
}

const withSeries = {
  authenticated: true,
  roles: ['gm'],
  routes: [{ path: seriesPaths.series.path, match: 'exact' }],
  data: ['gm_series'],
} as const;

export const seriesCommands: readonly Command[] = [
  {
    id: 'series.create',
    labelKey: 'palette.series.create',
    icon: ScrollText,
    keywords: ['series', 'campaign', 'one-shot', 'game', 'new', 'create', 'publish', 'gm'],
    section: 'listingsManagement',
    requirements: { authenticated: true, roles: ['gm'] },
    perform: (_context, { navigate }) => {
      navigate(seriesPaths.create.getHref());
    },
  },
  {
    id: 'series.edit-basic-info',
    labelKey: 'palette.series.editBasicInfo',
    icon: Pencil,
    keywords: ['series', 'title', 'description', 'rename', 'location', 'language'],
    section: 'listingsManagement',
    requirements: withSeries,
    dialog: seriesDialog('BasicInfoCommandDialog'),
  },
  {
    id: 'series.edit-status',
    labelKey: 'palette.series.editStatus',
    icon: Flag,
    keywords: ['series', 'status', 'publish', 'recruitment', 'open', 'close', 'cancel', 'complete'],
    section: 'listingsManagement',
    requirements: withSeries,
    dialog: seriesDialog('StatusCommandDialog'),
  },
  {
    id: 'series.edit-pricing',
    labelKey: 'palette.series.editPricing',
    icon: CircleDollarSign,
    keywords: ['series', 'price', 'pricing', 'free', 'paid', 'currency'],
    section: 'listingsManagement',
    requirements: withSeries,
    dialog: seriesDialog('PricingCommandDialog'),
  },
  {
    id: 'series.edit-requirements',
    labelKey: 'palette.series.editRequirements',
    icon: Users,
    keywords: ['series', 'players', 'requirements', 'age', 'minimum', 'maximum'],
    section: 'listingsManagement',
    requirements: withSeries,
    dialog: seriesDialog('RequirementsCommandDialog'),
  },
  {
    id: 'series.edit-schedule',
    labelKey: 'palette.series.editSchedule',
    icon: CalendarClock,
    keywords: ['series', 'schedule', 'time', 'weekly', 'recurring', 'date', 'time zone'],
    section: 'listingsManagement',
    requirements: withSeries,
    dialog: seriesDialog('ScheduleCommandDialog'),
  },
];
