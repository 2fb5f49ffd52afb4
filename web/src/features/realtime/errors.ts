/**
 * The websocket manager's errors, with the spec's codes. Using the manager before it is initialised, or outside
 * its provider, is a `config_error`.
 */
export type RealtimeErrorCode = 'not_in_beacon_provider' | 'no_beacon_config' | 'unknown_error';

export class RealtimeError extends Error {
  override readonly name = 'RealtimeError';
  readonly type: 'config_error' | 'unknown_error';
  readonly code: RealtimeErrorCode;

  constructor(code: RealtimeErrorCode, message: string) {
    super(message);
    this.code = code;
    this.type = code === 'unknown_error' ? 'unknown_error' : 'config_error';
  }
}
