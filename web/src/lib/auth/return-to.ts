/**
 * Where to go after signing in. `return_to` comes from the address bar, so anyone can craft it: only a
 * path on this site is followed, never another origin (an open redirect would make phishing easy).
 */
export const returnToParam = 'return_to';

/** Pages that make no sense to return to right after signing in or up (the callback would loop). */
const authPaths = new Set(['/sign-in', '/sign-up', '/callback']);

const probeOrigin = 'https://questline.invalid';

/** `value` when it is a same-origin relative path, otherwise `fallback`. */
export function sanitizeReturnTo(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/')) return fallback;
  // "//evil.example" and "/\evil.example" are protocol-relative in browsers; control characters could
  // hide the same trick from the check below.
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex -- looking for exactly those characters
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, probeOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== probeOrigin) return fallback;
  if (authPaths.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The same target carried on to another auth page (sign-in ↔ sign-up). */
export function withReturnTo(path: string, returnTo: string | null): string {
  const target = sanitizeReturnTo(returnTo, '');
  return target === '' || target === '/'
    ? path
    : `${path}?${new URLSearchParams({ [returnToParam]: target }).toString()}`;
}
