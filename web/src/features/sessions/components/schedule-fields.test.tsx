import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';

import { TimeField } from './schedule-fields';

function Harness({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('18:00');
  return (
    <TimeField
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('the time field', () => {
  beforeEach(async () => {
    await changeLocale('en-GB');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shapes typed digits and passes on a whole time', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = await screen.findByRole('textbox', { name: 'Time' });
    fireEvent.change(input, { target: { value: '193' } });
    expect(input).toHaveValue('19:3');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '19:30' } });
    expect(input).toHaveValue('19:30');
    expect(onChange).toHaveBeenCalledWith('19:30');
  });

  it('resets a half-typed entry after 2 seconds without typing', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = await screen.findByRole('textbox', { name: 'Time' });
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: '2' } });
    expect(input).toHaveValue('2');
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    // Typing again starts the 2 seconds over.
    fireEvent.change(input, { target: { value: '21' } });
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(input).toHaveValue('21');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(input).toHaveValue('18:00');
    expect(onChange).not.toHaveBeenCalled();
  });
});
