/**
 * Reconnect delays: exponential backoff with full jitter (a random delay between 0 and the capped exponential),
 * so tabs that lost the server at the same moment do not all come back at the same moment.
 */
export type BackoffOptions = {
  /** Delay cap of the first retry, in ms. */
  baseMs: number;
  /** Largest delay, in ms. */
  maxMs: number;
};

export const defaultBackoff: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/** The delay before reconnect attempt `attempt` (0 for the first), given a random number in [0, 1). */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = defaultBackoff,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.floor(random() * ceiling);
}
