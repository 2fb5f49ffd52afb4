import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import { SignUpForm } from './sign-up-form';

// The app's client calls its own origin; under jsdom it needs an absolute one.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

describe('SignUpForm', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    await changeLocale('en-GB');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells on the form how long to wait after too many sign-ups from this address', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        429,
        {
          error: {
            type: 'not_allowed',
            code: 'rate_limited',
            message: 'Too many attempts. Try again later.',
            fields: {},
          },
        },
        { 'Retry-After': '42' },
      ),
    );
    renderWithProviders(<SignUpForm onSignedUp={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Display name'), 'Ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery staple');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Try again in 42 seconds.');
    expect(alert.closest('form')).not.toBeNull();
  });
});
