import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { changeLocale } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';

import { StarDisplay, StarRatingInput } from './stars';

afterEach(async () => {
  await changeLocale('en-GB');
});

function Controlled({ initial, onChange }: { initial?: number; onChange?: (v: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <StarRatingInput
      label="Your rating"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('StarRatingInput', () => {
  it('is a group of five radios named by their stars, none chosen at first', () => {
    renderWithProviders(<Controlled />);

    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1 star' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: '5 stars' })).not.toBeChecked();
    expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
  });

  it('chooses a rating with a click', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled onChange={onChange} />);

    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));

    expect(onChange).toHaveBeenCalledWith(4);
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
  });

  it('is reached with Tab and changed with the arrow keys', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Controlled initial={3} onChange={onChange} />);

    await userEvent.tab();
    expect(screen.getByRole('radio', { name: '3 stars' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(2);
  });

  it('names the stars with Polish plural forms', async () => {
    await changeLocale('pl-PL');
    renderWithProviders(<Controlled />);

    expect(screen.getByRole('radio', { name: '1 gwiazdka' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '3 gwiazdki' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 gwiazdek' })).toBeInTheDocument();
  });
});

describe('StarDisplay', () => {
  it('says the rating in words for those who do not see the stars', async () => {
    renderWithProviders(<StarDisplay rating={4.5} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();

    await changeLocale('pl-PL');
    expect(await screen.findByRole('img', { name: 'Ocena: 4,5 na 5' })).toBeInTheDocument();
  });
});
