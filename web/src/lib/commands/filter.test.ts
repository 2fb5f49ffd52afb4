import { Circle } from 'lucide-react';
import { describe, expect, it } from 'vitest';

import {
  availableCommands,
  groupCommands,
  matchesQuery,
  matchesRoute,
  meetsRequirements,
  normalizePath,
  rankCommand,
  sectionOrder,
} from './filter';
import type { Command, CommandContext, CommandRequirements, CommandSection } from './types';

const visitor: CommandContext = { authenticated: false, user: null, pathname: '/', data: {} };
const player: CommandContext = {
  authenticated: true,
  user: { id: 'u1', name: 'Ada', roles: ['player'] },
  pathname: '/',
  data: {},
};
const gm: CommandContext = {
  ...player,
  user: { id: 'u2', name: 'Grace', roles: ['player', 'gm'] },
};

function command(
  id: string,
  requirements?: CommandRequirements,
  section: CommandSection = 'general',
): Command {
  return {
    id,
    labelKey: 'common.close',
    icon: Circle,
    section,
    requirements,
    perform: () => undefined,
  };
}

describe('route matching', () => {
  it('matches exactly, ignoring a trailing slash on either side', () => {
    const route = { path: '/questboard', match: 'exact' } as const;
    expect(matchesRoute(route, '/questboard')).toBe(true);
    expect(matchesRoute(route, '/questboard/')).toBe(true);
    expect(matchesRoute({ path: '/questboard/', match: 'exact' }, '/questboard')).toBe(true);
    expect(matchesRoute(route, '/questboard/dragon-heist')).toBe(false);
    expect(matchesRoute(route, '/questboards')).toBe(false);
    expect(matchesRoute(route, '/')).toBe(false);
  });

  it('matches the page and the pages below it for children', () => {
    const route = { path: '/questboard/', match: 'children' } as const;
    expect(matchesRoute(route, '/questboard')).toBe(true);
    expect(matchesRoute(route, '/questboard/dragon-heist')).toBe(true);
    expect(matchesRoute(route, '/questboard/dragon-heist/')).toBe(true);
    expect(matchesRoute(route, '/questboardx')).toBe(false);
    expect(matchesRoute(route, '/dashboard/questboard')).toBe(false);
  });

  it('treats :params as one segment and the root as itself', () => {
    expect(matchesRoute({ path: '/profile/:accountId', match: 'exact' }, '/profile/abc')).toBe(
      true,
    );
    expect(matchesRoute({ path: '/profile/:accountId', match: 'exact' }, '/profile')).toBe(false);
    expect(matchesRoute({ path: '/', match: 'exact' }, '/')).toBe(true);
    expect(matchesRoute({ path: '/', match: 'exact' }, '/profile')).toBe(false);
    expect(matchesRoute({ path: '/', match: 'children' }, '/profile')).toBe(true);
    expect(normalizePath('/a/b//?x=1')).toBe('/a/b');
    expect(normalizePath('')).toBe('/');
  });
});

describe('requirements', () => {
  it('offers a command without requirements to everyone', () => {
    expect(meetsRequirements(undefined, visitor)).toBe(true);
    expect(meetsRequirements({}, gm)).toBe(true);
  });

  it('checks the allowed roles (any of them) and never grants a role to a visitor', () => {
    expect(meetsRequirements({ roles: ['gm'] }, gm)).toBe(true);
    expect(meetsRequirements({ roles: ['gm'] }, player)).toBe(false);
    expect(meetsRequirements({ roles: ['gm', 'player'] }, player)).toBe(true);
    expect(meetsRequirements({ roles: ['player'] }, visitor)).toBe(false);
    expect(meetsRequirements({ roles: [] }, visitor)).toBe(true);
  });

  it('checks authentication both ways', () => {
    expect(meetsRequirements({ authenticated: true }, visitor)).toBe(false);
    expect(meetsRequirements({ authenticated: true }, player)).toBe(true);
    expect(meetsRequirements({ authenticated: false }, visitor)).toBe(true);
    expect(meetsRequirements({ authenticated: false }, player)).toBe(false);
  });

  it('checks the current route against any of the allowed routes', () => {
    const requirements: CommandRequirements = {
      routes: [
        { path: '/questboard', match: 'children' },
        { path: '/dashboard', match: 'exact' },
      ],
    };
    expect(meetsRequirements(requirements, { ...player, pathname: '/questboard/x' })).toBe(true);
    expect(meetsRequirements(requirements, { ...player, pathname: '/dashboard/' })).toBe(true);
    expect(meetsRequirements(requirements, { ...player, pathname: '/dashboard/gm' })).toBe(false);
    expect(meetsRequirements(requirements, player)).toBe(false);
  });

  it('needs the data in context', () => {
    const requirements: CommandRequirements = { data: ['profile'] };
    expect(meetsRequirements(requirements, player)).toBe(false);
    const profile = { profile_id: 'p1' } as NonNullable<CommandContext['data']['profile']>;
    expect(meetsRequirements(requirements, { ...player, data: { profile } })).toBe(true);
  });

  it('runs the enabled check last, with the context', () => {
    const notGm: CommandRequirements = {
      roles: ['player'],
      enabled: (context) => !(context.user?.roles.includes('gm') ?? false),
    };
    expect(meetsRequirements(notGm, player)).toBe(true);
    expect(meetsRequirements(notGm, gm)).toBe(false);
    expect(meetsRequirements(notGm, visitor)).toBe(false);
  });

  it('needs all requirements at once', () => {
    const commands = [
      command('everyone'),
      command('signed-in', { authenticated: true }),
      command('gm-on-dashboard', {
        roles: ['gm'],
        routes: [{ path: '/dashboard', match: 'children' }],
      }),
    ];
    expect(availableCommands(commands, visitor).map((c) => c.id)).toEqual(['everyone']);
    expect(availableCommands(commands, gm).map((c) => c.id)).toEqual(['everyone', 'signed-in']);
    expect(
      availableCommands(commands, { ...gm, pathname: '/dashboard/gm' }).map((c) => c.id),
    ).toEqual(['everyone', 'signed-in', 'gm-on-dashboard']);
  });
});

describe('ranking', () => {
  it('adds 100 for an enabled command and 100 minus the number of allowed routes', () => {
    expect(rankCommand(command('plain'), player)).toBe(100);
    expect(rankCommand(command('off', { enabled: () => false }), player)).toBe(0);
    const one = command('one', { routes: [{ path: '/a', match: 'exact' }] });
    expect(rankCommand(one, player)).toBe(199);
    const three = command('three', {
      routes: [
        { path: '/a', match: 'exact' },
        { path: '/b', match: 'exact' },
        { path: '/c', match: 'exact' },
      ],
    });
    expect(rankCommand(three, player)).toBe(197);
  });
});

describe('grouping', () => {
  const here = { ...player, pathname: '/questboard/x' };
  const commands = [
    command('language', undefined, 'localization'),
    command('account', undefined, 'myAccount'),
    command('profile', undefined, 'profile'),
    command('region', undefined, 'region'),
    command('home', undefined, 'general'),
    command(
      'apply',
      {
        routes: [
          { path: '/questboard', match: 'children' },
          { path: '/dashboard', match: 'children' },
        ],
      },
      'myGames',
    ),
    command('apply-here', { routes: [{ path: '/questboard', match: 'children' }] }, 'myGames'),
  ];

  it('puts the contextual group first, then General, then the spec order', () => {
    const groups = groupCommands(availableCommands(commands, here), here, { query: 'x' });
    expect(groups.map((group) => group.id)).toEqual([
      'contextual',
      'general',
      'localization',
      'region',
      'profile',
      'myAccount',
    ]);
    // The more specific command ranks first.
    expect(groups[0]?.commands.map((c) => c.id)).toEqual(['apply-here', 'apply']);
    expect(sectionOrder.slice(0, 2)).toEqual(['general', 'localization']);
  });

  it('tops the contextual group up to three quick suggestions while the search is empty', () => {
    const groups = groupCommands(availableCommands(commands, player), player);
    expect(groups[0]).toEqual({
      id: 'contextual',
      commands: [commands[4], commands[0], commands[3]],
    });
    // Each command appears once.
    const ids = groups.flatMap((group) => group.commands.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(5);
  });

  it('drops empty groups', () => {
    const groups = groupCommands([command('language', undefined, 'localization')], visitor, {
      query: 'lang',
    });
    expect(groups.map((group) => group.id)).toEqual(['localization']);
  });
});

describe('search', () => {
  it('finds every word, ignoring case and accents', () => {
    const searchable = ['Zmień język', 'Lokalizacja', 'language', 'locale'];
    expect(matchesQuery(searchable, '')).toBe(true);
    expect(matchesQuery(searchable, 'jezyk')).toBe(true);
    expect(matchesQuery(searchable, 'ZMIEŃ lang')).toBe(true);
    expect(matchesQuery(searchable, 'region')).toBe(false);
  });
});
