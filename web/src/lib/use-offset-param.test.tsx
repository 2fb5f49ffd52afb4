import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { useOffsetParam } from './gm-loader';

function Pager() {
  const [offset, setOffset] = useOffsetParam(20);
  return (
    <>
      <output>{offset}</output>
      <button
        type="button"
        onClick={() => {
          setOffset(offset + 20);
        }}
      >
        next
      </button>
      <button
        type="button"
        onClick={() => {
          setOffset(0);
        }}
      >
        first
      </button>
    </>
  );
}

describe('useOffsetParam', () => {
  it('reads the page from the address and writes the next one there, the first as a bare address', () => {
    const { router } = renderWithProviders(<Pager />, {
      path: '/dashboard/gm/my-series?offset=45',
    });
    expect(screen.getByRole('status')).toHaveTextContent('40');
    act(() => {
      screen.getByRole('button', { name: 'next' }).click();
    });
    expect(router.state.location.search).toBe('?offset=60');
    expect(screen.getByRole('status')).toHaveTextContent('60');
    act(() => {
      screen.getByRole('button', { name: 'first' }).click();
    });
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('status')).toHaveTextContent('0');
  });
});
