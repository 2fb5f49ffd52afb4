/** The blueprint feature's palette commands (spec §2, §6): role gm, section Listings Management. */
import { FilePlus2, FileText, PencilRuler } from 'lucide-react';

import type { ComponentType } from 'react';

import type { Command, CommandDialogProps } from '@/lib/commands/types';

import { lazyDialog } from '@/lib/lazy-dialog';
import { blueprintPaths } from '@/lib/paths';

const CreateBlueprintDialog = lazyDialog<CommandDialogProps>(() =>
  import('./components/blueprint-dialogs').then(
    (module): { default: ComponentType<CommandDialogProps> } => ({
      default: module.CreateBlueprintDialog,
    }),
  ),
);
const EditBlueprintDialog = lazyDialog<CommandDialogProps>(() =>
  import('./components/blueprint-dialogs').then(
    (module): { default: ComponentType<CommandDialogProps> } => ({
      default: module.EditBlueprintCommandDialog,
    }),
  ),
);
const CreatePartDialog = lazyDialog<CommandDialogProps>(() =>
  import('./components/blueprint-dialogs').then(
    (module): { default: ComponentType<CommandDialogProps> } => ({
      default: module.CreatePartDialog,
    }),
  ),
);

export const blueprintCommands: readonly Command[] = [
  {
    id: 'blueprints.create-blueprint',
    labelKey: 'palette.blueprints.createBlueprint',
    icon: PencilRuler,
    keywords: ['blueprint', 'adventure', 'new', 'create', 'gm'],
    section: 'listingsManagement',
    requirements: { authenticated: true, roles: ['gm'] },
    dialog: CreateBlueprintDialog,
  },
  {
    id: 'blueprints.edit-blueprint',
    labelKey: 'palette.blueprints.editBlueprint',
    icon: FileText,
    keywords: ['blueprint', 'adventure', 'edit', 'rename', 'game system'],
    section: 'listingsManagement',
    // Only with a blueprint in the context: the page of one (spec §3 data scope gm_activity_blueprint).
    requirements: {
      authenticated: true,
      roles: ['gm'],
      routes: [{ path: blueprintPaths.blueprint.path, match: 'exact' }],
      data: ['gm_activity_blueprint'],
    },
    dialog: EditBlueprintDialog,
  },
  {
    id: 'blueprints.create-part',
    labelKey: 'palette.blueprints.createPart',
    icon: FilePlus2,
    keywords: ['part', 'section', 'text', 'new', 'create', 'gm'],
    section: 'listingsManagement',
    requirements: { authenticated: true, roles: ['gm'] },
    dialog: CreatePartDialog,
  },
];
