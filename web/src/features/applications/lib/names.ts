/** A player's name as shown: their display name, or `fallback` ("Unnamed player") when they have none (""). */
export function playerName(displayName: string, fallback: string): string {
  return displayName.trim() === '' ? fallback : displayName;
}
