/**
 * The palette's rules as pure functions (spec §2 "Command palette", §6): which commands are offered, how they
 * rank, and how they are grouped and found.
 */
import type {
  AllowedRoute,
  Command,
  CommandContext,
  CommandRequirements,
  CommandSection,
} from './types';

/** General first, then the others in the order the spec lists them. */
export const sectionOrder: readonly CommandSection[] = [
  'general',
  'localization',
  'region',
  'profile',
  'listingsManagement',
  'sessionManagement',
  'myGames',
  'myAccount',
];

/** How many commands the palette suggests while the search box is empty. */
export const QUICK_SUGGESTIONS = 3;

/** `/profile/` and `/profile` are the same page; `/` stays `/`. */
export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function segments(path: string): string[] {
  return normalizePath(path).split('/').filter(Boolean);
}

/** One segment of a route pattern: `:name` stands for any one non-empty segment. */
function segmentMatches(pattern: string, actual: string): boolean {
  return pattern.startsWith(':') ? actual.length > 0 : pattern === actual;
}

/**
 * Whether `pathname` is the route (`exact`) or the route or a page below it (`children`). Patterns may hold
 * `:params`; a trailing slash on either side is ignored.
 */
export function matchesRoute(route: AllowedRoute, pathname: string): boolean {
  const pattern = segments(route.path);
  const actual = segments(pathname);
  if (actual.length < pattern.length) return false;
  if (route.match === 'exact' && actual.length !== pattern.length) return false;
  return pattern.every((part, index) => segmentMatches(part, actual[index] ?? ''));
}

export function matchesAnyRoute(
  routes: readonly AllowedRoute[] | undefined,
  pathname: string,
): boolean {
  if (routes === undefined || routes.length === 0) return true;
  return routes.some((route) => matchesRoute(route, pathname));
}

/** Every requirement present holds: roles, authentication, routes, data in context, the enabled check. */
export function meetsRequirements(
  requirements: CommandRequirements | undefined,
  context: CommandContext,
): boolean {
  if (requirements === undefined) return true;
  const { roles, authenticated, routes, data, enabled } = requirements;
  if (authenticated !== undefined && authenticated !== context.authenticated) return false;
  if (roles !== undefined && roles.length > 0) {
    const userRoles = context.user?.roles ?? [];
    if (!context.authenticated || !roles.some((role) => userRoles.includes(role))) return false;
  }
  if (!matchesAnyRoute(routes, context.pathname)) return false;
  if (data?.some((scope) => context.data[scope] === undefined)) {
    return false;
  }
  if (enabled !== undefined && !enabled(context)) return false;
  return true;
}

/** The commands offered in `context`, in registry order. */
export function availableCommands<C extends Command>(
  commands: readonly C[],
  context: CommandContext,
): C[] {
  return commands.filter((command) => meetsRequirements(command.requirements, context));
}

/**
 * The spec's ranking: 100 for an enabled command, plus 100 minus the number of allowed routes for a command
 * bound to routes (the fewer pages it is for, the more it is about this one). Unbound commands add nothing.
 */
export function rankCommand(command: Command, context: CommandContext): number {
  const enabled = command.requirements?.enabled?.(context) ?? true;
  const routes = command.requirements?.routes?.length ?? 0;
  return (enabled ? 100 : 0) + (routes > 0 ? Math.max(0, 100 - routes) : 0);
}

/** Highest rank first; equal ranks keep section order, then registry order. */
export function sortByRank<C extends Command>(
  commands: readonly C[],
  context: CommandContext,
): C[] {
  return commands
    .map((command, index) => ({ command, index, rank: rankCommand(command, context) }))
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        sectionOrder.indexOf(a.command.section) - sectionOrder.indexOf(b.command.section) ||
        a.index - b.index,
    )
    .map(({ command }) => command);
}

/** A command bound to routes, and the current page is one of them: it is about what is on screen. */
export function isContextual(command: Command, context: CommandContext): boolean {
  const routes = command.requirements?.routes;
  return routes !== undefined && routes.length > 0 && matchesAnyRoute(routes, context.pathname);
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase();
}

/**
 * Whether every word of `query` occurs in the command's searchable text (its translated label and section,
 * and its keywords), ignoring case and accents ("jezyk" finds "Język").
 */
export function matchesQuery(searchable: readonly string[], query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = searchable.map(fold).join(' ');
  return words.every((word) => haystack.includes(word));
}

export type CommandGroup<C extends Command> = {
  /** `contextual` for the first group, otherwise the section. */
  id: 'contextual' | CommandSection;
  commands: C[];
};

/**
 * The palette's groups. First the contextual group: commands bound to the current page, and, while the search
 * box is empty, topped up to the quick-suggestion count with the best-ranked others. Then General, then the
 * other sections in `sectionOrder`. A command appears once; empty groups are dropped.
 */
export function groupCommands<C extends Command>(
  commands: readonly C[],
  context: CommandContext,
  { query = '', suggestions = QUICK_SUGGESTIONS }: { query?: string; suggestions?: number } = {},
): CommandGroup<C>[] {
  const ranked = sortByRank(commands, context);
  const contextual = ranked.filter((command) => isContextual(command, context));
  if (query.trim() === '') {
    for (const command of ranked) {
      if (contextual.length >= suggestions) break;
      if (!contextual.includes(command)) contextual.push(command);
    }
  }
  const rest = ranked.filter((command) => !contextual.includes(command));
  const groups: CommandGroup<C>[] = [{ id: 'contextual', commands: contextual }];
  for (const section of sectionOrder) {
    groups.push({ id: section, commands: rest.filter((command) => command.section === section) });
  }
  return groups.filter((group) => group.commands.length > 0);
}
