import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';

import { TimeZoneField } from './time-zone-field';

const control = { id: 'tz', 'aria-invalid': false, 'aria-describedby': undefined };

function renderField(value: string) {
  const onChange = vi.fn();
  renderWithProviders(
    <>
      <label htmlFor="tz">Time zone</label>
      <TimeZoneField control={control} value={value} onChange={onChange} />
    </>,
  );
  return { onChange };
}

// Rendering the whole list (about 400 rows) takes jsdom a few seconds.
describe('TimeZoneField', { timeout: 30_000 }, () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en-GB'));
  });

  it('shows the chosen zone as a city with its offset, and finds another by searching', async () => {
    const user = userEvent.setup();
    const { onChange } = renderField('Europe/Kiev');
    // An account saved with a renamed id shows under the current name.
    const trigger = screen.getByRole('button', { name: 'Time zone' });
    expect(trigger).toHaveTextContent(/^Kyiv \(UTC\+0[23]:00\)$/);
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Choose a time zone' });
    // Found by its placeholder: role queries over 400 rows are slow in jsdom.
    const search = within(dialog).getByPlaceholderText('Search by city, region or UTC offset');
    // One input event: typing letter by letter re-renders 400 rows per key, which jsdom takes seconds for.
    await user.click(search);
    await user.paste('kyiv');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((option) => option.dataset.zone)).toEqual(['Europe/Kyiv']);
    expect(screen.queryByText('Europe/Kiev')).not.toBeInTheDocument();
    expect(options[0]).toHaveTextContent(/Kyiv.*Europe\/Kyiv.*UTC\+0[23]:00/);
    expect(within(dialog).getByRole('group', { name: 'Europe' })).toBeVisible();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('Europe/Kyiv');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names cities and regions in Polish and says when nothing matches', async () => {
    await act(() => i18n.changeLanguage('pl-PL'));
    const user = userEvent.setup();
    renderField('Europe/Warsaw');
    const trigger = screen.getByRole('button', { name: 'Time zone' });
    expect(trigger).toHaveTextContent(/^Warszawa \(UTC\+0[12]:00\)$/);
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Wybierz strefę czasową' });
    const search = within(dialog).getByPlaceholderText(
      'Szukaj po mieście, regionie lub przesunięciu względem UTC',
    );
    await user.click(search);
    await user.paste('wiede');
    expect(within(dialog).getByRole('group', { name: 'Europa' })).toBeVisible();
    expect(within(dialog).getByRole('option')).toHaveTextContent('Wiedeń');
    // Replacing the query in one step (clearing it would first render the whole list again).
    await user.tripleClick(search);
    await user.paste('atlantyda');
    expect(within(dialog).queryByRole('option')).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Żadna strefa czasowa nie pasuje do „atlantyda”.');
  });
});
