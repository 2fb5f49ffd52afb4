/** Minimal cookie reading and writing for UI preferences (never for anything secret: those are HttpOnly). */

export function readCookie(
  name: string,
  cookieString: string = document.cookie,
): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

export type CookieOptions = {
  maxAgeSeconds: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict';
};

/** The `Set-Cookie`-style string for `document.cookie`. */
export function serializeCookie(
  name: string,
  value: string,
  { maxAgeSeconds, path = '/', sameSite = 'Lax' }: CookieOptions,
): string {
  return `${name}=${encodeURIComponent(value)}; path=${path}; max-age=${maxAgeSeconds}; SameSite=${sameSite}`;
}

export function writeCookie(name: string, value: string, options: CookieOptions): void {
  document.cookie = serializeCookie(name, value, options);
}
