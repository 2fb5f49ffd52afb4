import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api/errors';
import { changeLocale } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { renderWithProviders } from '@/test/render';

import { decideRefund, requestRefund } from '../api/store';
import type { Refund } from '../api/store-types';
import { DecideRefundDialog, RequestRefundDialog } from './refund-dialogs';

vi.mock('@/lib/toast', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/toast')>()),
  toast: { success: vi.fn(), error: vi.fn(), message: vi.fn() },
}));

vi.mock('../api/store', () => ({ requestRefund: vi.fn(), decideRefund: vi.fn() }));

const refund: Refund = {
  id: 'refund-1',
  payment_id: 'payment-1',
  session_id: 'session-1',
  reason: 'request_approved',
  status: 'requested',
  amount: '25.00',
  currency_code: 'pln',
  created_at: '2030-01-01T00:00:00Z',
  updated_at: '2030-01-01T00:00:00Z',
};

afterEach(async () => {
  vi.clearAllMocks();
  await changeLocale('en-GB');
});

describe('RequestRefundDialog', () => {
  it('sends the message with the payment, says so and closes', async () => {
    vi.mocked(requestRefund).mockResolvedValue(refund);
    const onOpenChange = vi.fn();
    renderWithProviders(
      <RequestRefundDialog open onOpenChange={onOpenChange} paymentId="payment-1" />,
    );

    expect(screen.getByRole('dialog', { name: 'Request a refund' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message (optional)'), 'I am ill, sorry.');
    await userEvent.click(screen.getByRole('button', { name: 'Request a refund' }));

    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(requestRefund).toHaveBeenCalledWith('payment-1', 'I am ill, sorry.');
    expect(toast.success).toHaveBeenCalledWith('Refund requested');
  });

  it('keeps the dialog open and tells why when the server refuses', async () => {
    vi.mocked(requestRefund).mockRejectedValue(
      new ApiError(409, {
        type: 'conflict',
        code: 'refund_already_requested',
        message: 'A refund has already been requested',
        fields: {},
      }),
    );
    const onOpenChange = vi.fn();
    renderWithProviders(
      <RequestRefundDialog open onOpenChange={onOpenChange} paymentId="payment-1" />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Request a refund' }));

    await waitFor(() => {
      expect(toast.error).toHaveBeenCalledWith('Failed to request a refund', {
        description: 'A refund has already been requested for this payment.',
      });
    });
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe('DecideRefundDialog', () => {
  it('names the player and sends the decision with the message', async () => {
    vi.mocked(decideRefund).mockResolvedValue({ ...refund, status: 'declined' });
    const onOpenChange = vi.fn();
    renderWithProviders(
      <DecideRefundDialog
        open
        onOpenChange={onOpenChange}
        paymentId="payment-2"
        playerName="Pia"
        decision="decline"
      />,
    );

    expect(screen.getByRole('dialog', { name: 'Decline the refund for Pia' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message (optional)'), 'The table is set.');
    await userEvent.click(screen.getByRole('button', { name: 'Decline refund' }));

    await waitFor(() => {
      expect(onOpenChange).toHaveBeenCalledWith(false);
    });
    expect(decideRefund).toHaveBeenCalledWith('payment-2', 'decline', 'The table is set.');
    expect(toast.success).toHaveBeenCalledWith('Refund declined');
  });

  it('speaks Polish', async () => {
    await changeLocale('pl-PL');
    renderWithProviders(
      <DecideRefundDialog
        open
        onOpenChange={vi.fn()}
        paymentId="payment-2"
        playerName="Pia"
        decision="approve"
      />,
    );

    expect(screen.getByRole('dialog', { name: 'Zatwierdź zwrot: Pia' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zatwierdź zwrot' })).toBeInTheDocument();
  });
});
