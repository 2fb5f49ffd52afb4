import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { jsonResponse, renderWithProviders } from '@/test/render';

import { currentUserQueryKey } from '@/lib/auth/current-user';
import { SignInForm } from './sign-in-form';

// The app's client calls its own origin; under jsdom it needs an absolute one.
vi.mock('@/lib/api/client', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/client')>();
  return { ...original, api: original.createApiClient({ baseUrl: 'http://localhost' }) };
});

const signedIn = {
  authenticated: true,
  user: { id: '0195f0c4-0000-7000-8000-000000000001', name: 'Ada', roles: ['player'] },
  account: null,
};

describe('SignInForm', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(async () => {
    await changeLocale('en-GB');
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function fillAndSubmit(email: string, password: string) {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('checks required fields before calling the server', async () => {
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's field errors on the fields, translated", async () => {
    await changeLocale('pl-PL');
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        error: {
          type: 'invalid_data',
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          fields: { email: [{ code: 'email_invalid', message: 'E-mail is not valid' }] },
        },
      }),
    );
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Adres e-mail'), 'ada@example');
    await user.type(screen.getByLabelText('Hasło'), 'whatever-it-is');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));

    const email = screen.getByLabelText('Adres e-mail');
    await waitFor(() => {
      expect(email).toHaveAttribute('aria-invalid', 'true');
    });
    expect(email).toHaveAccessibleDescription('Adres e-mail jest nieprawidłowy');
    expect(screen.getByLabelText('Hasło')).toHaveAttribute('aria-invalid', 'false');

    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/auth/sign-in');
    expect(request.headers.get('X-Questline-Csrf')).toBe('1');
    expect(await request.json()).toEqual({ email: 'ada@example', password: 'whatever-it-is' });
  });

  it('shows wrong credentials on the form, translated, not as a toast', async () => {
    await changeLocale('pl-PL');
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        error: {
          type: 'unauthorized',
          code: 'invalid_credentials',
          message: 'The e-mail or password is incorrect.',
          fields: {},
        },
      }),
    );
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Adres e-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Hasło'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/nieprawidłow/i);
    expect(alert.closest('form')).not.toBeNull();
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('tells how long to wait after too many attempts', async () => {
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
    renderWithProviders(<SignInForm onSignedIn={vi.fn()} />);
    await fillAndSubmit('ada@example.com', 'wrong password');
    expect(
      await screen.findByText('Too many attempts. Try again in 42 seconds.'),
    ).toBeInTheDocument();
  });

  it('stores who signed in, reports it, and clears stale error toasts', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, signedIn));
    const onSignedIn = vi.fn();
    const { queryClient } = renderWithProviders(<SignInForm onSignedIn={onSignedIn} />);
    act(() => {
      toast.error('Your session has expired');
    });
    expect(await screen.findByText('Your session has expired')).toBeInTheDocument();
    await fillAndSubmit('ada@example.com', 'correct horse battery');
    await waitFor(() => {
      expect(onSignedIn).toHaveBeenCalled();
    });
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(signedIn);
    await waitFor(() => {
      expect(screen.queryByText('Your session has expired')).not.toBeInTheDocument();
    });
  });
});
