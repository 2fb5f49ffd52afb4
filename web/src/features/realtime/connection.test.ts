import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { RealtimeConnection, type SocketLike } from './connection';
import { RealtimeError } from './errors';
import { alsoInvalidate, queryKeysFor } from './invalidation';
import { getRealtime, initRealtime, resetRealtimeForTests } from './manager';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  readonly url: string;

  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(data);
  }

  close(code?: number) {
    this.closedWith = code;
  }

  serverOpens() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }

  serverSends(frame: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

const event = {
  v: '1',
  channel: 'qls.events',
  type: 'updated',
  entity: 'series',
  id: 's-1',
} as const;

function connection(overrides: Partial<ConstructorParameters<typeof RealtimeConnection>[0]> = {}) {
  const onEvent = vi.fn();
  const onResync = vi.fn();
  const onSessionEnded = vi.fn();
  const conn = new RealtimeConnection({
    url: 'ws://localhost/api/ws',
    createSocket: (url) => new FakeSocket(url),
    onEvent,
    onResync,
    onSessionEnded,
    random: () => 0.5,
    ...overrides,
  });
  return { conn, onEvent, onResync, onSessionEnded };
}

function latest(): FakeSocket {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});

afterEach(() => {
  vi.useRealTimers();
  resetRealtimeForTests();
});

describe('RealtimeConnection', () => {
  it('goes from disconnected to connecting to connected and hands events over', () => {
    const { conn, onEvent } = connection();
    const states: string[] = [];
    conn.subscribe(() => states.push(conn.state));
    expect(conn.state).toBe('disconnected');
    conn.start();
    conn.start();
    expect(FakeSocket.all).toHaveLength(1);
    latest().serverOpens();
    latest().serverSends(event);
    latest().serverSends({ v: '1', type: 'pong' });
    latest().serverSends({ v: '2', channel: 'qls.events', type: 'updated', entity: 'x', id: '1' });
    expect(states).toEqual(['connecting', 'connected']);
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledWith(event);
  });

  it('pings while connected', () => {
    const { conn } = connection({ pingIntervalMs: 1000 });
    conn.start();
    latest().serverOpens();
    vi.advanceTimersByTime(2500);
    expect(latest().sent).toEqual(['{"v":"1","type":"ping"}', '{"v":"1","type":"ping"}']);
  });

  it('reconnects with growing delays after failures and resyncs once back', () => {
    const { conn, onResync } = connection({ backoff: { baseMs: 1000, maxMs: 10_000 } });
    conn.start();
    latest().serverOpens();
    latest().serverCloses(1006);
    expect(conn.state).toBe('error');
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    expect(conn.state).toBe('connecting');
    latest().serverCloses(1006);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    latest().serverOpens();
    expect(conn.state).toBe('connected');
    expect(onResync).toHaveBeenCalledTimes(1);
  });

  it('refetches after being cut off as too slow', () => {
    const { conn, onResync } = connection();
    conn.start();
    latest().serverOpens();
    latest().serverCloses(4008);
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(conn.state).toBe('error');
  });

  it('stays disconnected when the session ended', () => {
    const { conn, onSessionEnded } = connection();
    conn.start();
    latest().serverOpens();
    latest().serverCloses(4001);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(conn.state).toBe('disconnected');
    expect(onSessionEnded).toHaveBeenCalled();
  });

  it('closes on sign-out and does not come back', () => {
    const { conn } = connection();
    conn.start();
    latest().serverOpens();
    conn.stop();
    expect(latest().closedWith).toBe(1000);
    expect(conn.state).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('the tab manager', () => {
  it('is a config_error before it is initialised', () => {
    expect(() => getRealtime()).toThrow(RealtimeError);
    try {
      getRealtime();
    } catch (error) {
      expect(error).toMatchObject({ type: 'config_error', code: 'no_beacon_config' });
    }
  });

  it('keeps one connection per tab and invalidates the queries an event affects', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const first = initRealtime(queryClient, { createSocket: (url) => new FakeSocket(url) });
    expect(initRealtime(queryClient)).toBe(first);
    expect(getRealtime()).toBe(first);
    first.start();
    latest().serverOpens();
    latest().serverSends({ ...event, entity: 'account', id: 'a-1' });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['accounts'] });
  });

  it('connects again when its session was replaced but the browser is still signed in', async () => {
    const queryClient = new QueryClient();
    // Becoming a game master rotates the session: the old socket closes with 4001, the user stays signed in.
    queryClient.setQueryData(['accounts', 'me'], { authenticated: true });
    vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const conn = initRealtime(queryClient, { createSocket: (url) => new FakeSocket(url) });
    conn.start();
    latest().serverOpens();
    const before = FakeSocket.all.length;
    latest().serverCloses(4001);
    await vi.waitFor(() => {
      expect(FakeSocket.all.length).toBe(before + 1);
    });

    // Signed out elsewhere: it stays closed.
    queryClient.setQueryData(['accounts', 'me'], { authenticated: false });
    latest().serverOpens();
    latest().serverCloses(4001);
    await Promise.resolve();
    await Promise.resolve();
    expect(FakeSocket.all.length).toBe(before + 1);
    expect(conn.getState()).toBe('disconnected');
  });

  it('maps unregistered entities to their own query prefix', () => {
    expect(queryKeysFor(event)).toEqual([['series']]);
  });

  it('adds the keys of a view gathering several entities without replacing their own', () => {
    alsoInvalidate(['order'], ['gathered']);
    const message = { ...event, entity: 'order' };
    expect(queryKeysFor(message)).toEqual([['order'], ['gathered']]);
    expect(queryKeysFor(event)).toEqual([['series']]);
  });
});
