/**
 * The tab's websocket to `GET /api/ws`: one per tab, opened on sign-in and closed on sign-out. It keeps the
 * connection state (disconnected, connecting, connected, error), pings so the server knows it is alive,
 * reconnects with backoff and jitter, and hands each event to a listener (which invalidates queries).
 */
import { backoffDelay, defaultBackoff, type BackoffOptions } from './backoff';
import {
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_SLOW,
  isEventFrame,
  PROTOCOL_VERSION,
  type EventFrame,
} from './frames';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'error';

/** The part of the browser's WebSocket the manager uses (tests pass a fake). */
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type ConnectionOptions = {
  url: string;
  createSocket?: (url: string) => SocketLike;
  onEvent: (event: EventFrame) => void;
  /** Called after a reconnect or a `too_slow` close: events may have been missed, refetch what is shown. */
  onResync: () => void;
  /** The server ended the session (signed out elsewhere, password changed…). */
  onSessionEnded?: () => void;
  backoff?: BackoffOptions;
  random?: () => number;
  /** Well inside the server's idle timeout (60 s by default). */
  pingIntervalMs?: number;
};

export class RealtimeConnection {
  private socket: SocketLike | null = null;
  private stateValue: ConnectionState = 'disconnected';
  private readonly listeners = new Set<() => void>();
  private wanted = false;
  private attempt = 0;
  private everConnected = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;

  private readonly options: ConnectionOptions;

  constructor(options: ConnectionOptions) {
    this.options = options;
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** For `useSyncExternalStore`. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): ConnectionState => this.stateValue;

  /** Connects (on sign-in); harmless when already connecting or connected. */
  start(): void {
    if (this.wanted) return;
    this.wanted = true;
    this.attempt = 0;
    this.open();
  }

  /** Disconnects for good (on sign-out). */
  stop(): void {
    this.wanted = false;
    clearTimeout(this.retryTimer);
    this.stopPinging();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'signed_out');
    }
    this.setState('disconnected');
  }

  private open(): void {
    this.setState('connecting');
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    const socket = create(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      const reconnected = this.everConnected;
      this.attempt = 0;
      this.everConnected = true;
      this.setState('connected');
      this.startPinging();
      if (reconnected) this.options.onResync();
    };
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let frame: unknown;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      if (isEventFrame(frame)) this.options.onEvent(frame);
    };
    socket.onerror = () => {
      // A close event always follows; it decides what happens next.
    };
    socket.onclose = (event) => {
      this.socket = null;
      this.stopPinging();
      if (!this.wanted) return;
      if (event.code === CLOSE_SESSION_ENDED) {
        this.wanted = false;
        this.setState('disconnected');
        this.options.onSessionEnded?.();
        return;
      }
      if (event.code === CLOSE_TOO_SLOW) this.options.onResync();
      this.setState('error');
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    const delay = backoffDelay(
      this.attempt,
      this.options.backoff ?? defaultBackoff,
      this.options.random ?? Math.random,
    );
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      if (this.wanted) this.open();
    }, delay);
  }

  private startPinging(): void {
    this.stopPinging();
    this.pingTimer = setInterval(() => {
      this.socket?.send(JSON.stringify({ v: PROTOCOL_VERSION, type: 'ping' }));
    }, this.options.pingIntervalMs ?? 25_000);
  }

  private stopPinging(): void {
    clearInterval(this.pingTimer);
    this.pingTimer = undefined;
  }

  private setState(state: ConnectionState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    for (const listener of this.listeners) listener();
  }
}
