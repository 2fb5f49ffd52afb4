const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a session at all: a malformed one is "Session not found" without asking the server. */
export function isSessionId(id: string): boolean {
  return uuid.test(id);
}
