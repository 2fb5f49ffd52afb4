import type { components } from '@/lib/api/schema';

/** Frames of the websocket protocol, generated from the server's OpenAPI schemas. */
export type EventFrame = components['schemas']['EventFrame'];
export type ServerFrame = components['schemas']['ServerFrame'];
export type ClientFrame = components['schemas']['ClientFrame'];
export type CloseReason = components['schemas']['CloseReason'];

export const PROTOCOL_VERSION = '1';
export const CHANNEL = 'qls.events';

/** Close codes the server uses (see `CloseReason`). */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_TOO_SLOW = 4008;

export function isEventFrame(frame: unknown): frame is EventFrame {
  if (typeof frame !== 'object' || frame === null) return false;
  const candidate = frame as Record<string, unknown>;
  return (
    candidate.v === PROTOCOL_VERSION &&
    candidate.channel === CHANNEL &&
    typeof candidate.entity === 'string' &&
    typeof candidate.id === 'string' &&
    (candidate.type === 'created' || candidate.type === 'updated' || candidate.type === 'deleted')
  );
}
