import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { toast } from '@/lib/toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { selectRegion } from '@/features/commerce/api/use-region';
import { changeLocale } from '@/lib/i18n';

import { AppProviders } from './providers';

function renderProviders(children: React.ReactNode = null) {
  return render(<AppProviders queryClient={new QueryClient()}>{children}</AppProviders>);
}

function toaster() {
  return document.querySelector('[data-sonner-toaster]');
}

/** A phone-sized window for `useIsMobile`. */
function stubPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

describe('toasts', () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  afterEach(() => {
    act(() => {
      toast.dismiss();
    });
    vi.restoreAllMocks();
  });

  it('label their region and close buttons in the active language', async () => {
    await changeLocale('pl-PL');
    renderProviders();
    act(() => {
      toast.success('Zapisano');
    });
    const region = await screen.findByRole('region', { name: 'Powiadomienia (Alt+T)' });
    expect(
      await within(region).findByRole('button', { name: 'Zamknij powiadomienie' }),
    ).toBeVisible();
  });

  it('name the region chosen in the active language', async () => {
    await changeLocale('pl-PL');
    renderProviders();
    act(() => {
      selectRegion({ id: 'r1', name: 'Europe', currency_code: 'eur' });
    });
    expect(await screen.findByText('Zmieniono region na Europa (EUR)')).toBeInTheDocument();
  });

  it.each([
    ['a phone', true],
    ['a laptop', false],
  ])(
    "move to the top on %s while a dialog is open, clear of the dialog's actions",
    async (_, phone) => {
      if (phone) stubPhone();
      const { rerender } = renderProviders();
      act(() => {
        toast.success('Welcome');
      });
      await screen.findByText('Welcome');
      expect(toaster()).toHaveAttribute('data-y-position', 'bottom');
      expect(toaster()).toHaveAttribute('data-x-position', 'right');

      rerender(
        <AppProviders queryClient={new QueryClient()}>
          <Dialog open>
            <DialogContent closeLabel="Close" aria-describedby={undefined}>
              <DialogTitle>Wizard</DialogTitle>
            </DialogContent>
          </Dialog>
        </AppProviders>,
      );
      await screen.findByRole('dialog', { name: 'Wizard' });
      await vi.waitFor(() => {
        expect(toaster()).toHaveAttribute('data-y-position', 'top');
      });
      expect(toaster()).toHaveAttribute('data-x-position', 'center');
    },
  );
});
