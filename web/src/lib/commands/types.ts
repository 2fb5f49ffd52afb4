/**
 * The command registry's vocabulary. Every feature describes its palette commands with these types in its own
 * `commands.ts`; `src/app/commands/registry.ts` lists them all, and the palette offers the ones whose
 * requirements hold (see `filter.ts`).
 */
import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';

import type { components } from '@/lib/api/schema';
import type { TranslationKey } from '@/lib/i18n';

export type Role = components['schemas']['Role'];

/**
 * Where the palette puts a command. The contextual group (what the current page is about) comes first, then
 * General, then the others in the spec's order (`sectionOrder`).
 */
export type CommandSection =
  | 'general'
  | 'localization'
  | 'region'
  | 'profile'
  | 'listingsManagement'
  | 'sessionManagement'
  | 'myGames'
  | 'myAccount';

/** Data a page puts in the context: commands that act on an item need it there (spec §3, "data scopes"). */
export type CommandData = {
  profile?: components['schemas']['MyProfile'];
  /** The GM's blueprint the current page shows. */
  gm_activity_blueprint?: components['schemas']['ActivityBlueprint'];
  /** The GM's series the current page shows. */
  gm_series?: components['schemas']['Series'];
  /** The published series a Questboard page shows (a player applies to it). */
  series?: components['schemas']['Series'];
  /** The player's own application in view: to the series of the page, or the one selected in their list. */
  series_application?: components['schemas']['SeriesApplication'];
  /** An application to the GM's series, selected on the Series Applications page. */
  gm_series_application?: components['schemas']['SeriesApplication'];
  /** The GM's session the current page shows. */
  gm_session?: components['schemas']['GmSession'];
  /** The player's session the current page shows. */
  player_session?: components['schemas']['PlayerSession'];
};
export type DataScope = keyof CommandData;

/** What a command can know about where and who the user is. */
export type CommandContext = {
  authenticated: boolean;
  user: { id: string; name: string; roles: readonly Role[] } | null;
  /** The current location's path, e.g. `/profile/0193…`. */
  pathname: string;
  data: CommandData;
};

/** `exact`: that page only; `children`: that page and every page below it. A trailing slash is ignored. */
export type RouteMatch = 'exact' | 'children';
export type AllowedRoute = { path: string; match: RouteMatch };

/** Every requirement that is present must hold for the command to be offered (and run). */
export type CommandRequirements = {
  /** The user needs at least one of them. */
  roles?: readonly Role[];
  /** `true`: signed in only; `false`: signed out only; absent: either. */
  authenticated?: boolean;
  /** The current page must match one of them. */
  routes?: readonly AllowedRoute[];
  /** Each scope must be present in the context. */
  data?: readonly DataScope[];
  /** A last check on the context (e.g. "not a game master yet"). */
  enabled?: (context: CommandContext) => boolean;
};

/** A command's dialog: the same component the pages open, given the context the command ran in. */
export type CommandDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  context: CommandContext;
};

export type CommandHelpers = {
  navigate: (to: string) => void;
};

export type Command = {
  id: string;
  labelKey: TranslationKey;
  icon: LucideIcon;
  /** Extra words the search finds it by (in English; the translated label and section are searched too). */
  keywords?: readonly string[];
  section: CommandSection;
  requirements?: CommandRequirements;
} & (
  | { perform: (context: CommandContext, helpers: CommandHelpers) => void; dialog?: never }
  | { dialog: ComponentType<CommandDialogProps>; perform?: never }
);
