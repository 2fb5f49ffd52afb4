import { describe, expect, it } from 'vitest';

import { oidcStartHref } from './oidc';

describe('oidcStartHref', () => {
  it('passes a same-origin return_to on, and nothing for home', () => {
    expect(oidcStartHref('/account?tab=1')).toBe(
      '/api/auth/oidc/start?return_to=%2Faccount%3Ftab%3D1',
    );
    expect(oidcStartHref(null)).toBe('/api/auth/oidc/start');
    expect(oidcStartHref('/')).toBe('/api/auth/oidc/start');
  });

  it('drops a return_to to another site or back to the callback', () => {
    expect(oidcStartHref('https://evil.example/')).toBe('/api/auth/oidc/start');
    expect(oidcStartHref('//evil.example/')).toBe('/api/auth/oidc/start');
    expect(oidcStartHref('/callback?code=x')).toBe('/api/auth/oidc/start');
  });
});
