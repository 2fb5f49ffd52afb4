import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Globe } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/test/render';

import { ChoiceDialog, type ChoiceOption } from './choice-dialog';

const options: ChoiceOption[] = [
  { value: 'pl', label: 'Poland (PLN)' },
  { value: 'be', label: 'Belgium (EUR)' },
];

function renderDialog(current: string | undefined, choices: readonly ChoiceOption[] = options) {
  const onChoose = vi.fn();
  const onOpenChange = vi.fn();
  renderWithProviders(
    <ChoiceDialog
      open
      onOpenChange={onOpenChange}
      icon={Globe}
      title="Change region"
      description="Prices and checkout follow it."
      label="Region"
      options={choices}
      current={current}
      onChoose={onChoose}
    />,
  );
  return { onChoose, onOpenChange };
}

describe('ChoiceDialog', () => {
  it('applies the value in force until another is picked, and closes', async () => {
    const user = userEvent.setup();
    const { onChoose, onOpenChange } = renderDialog('pl');
    expect(screen.getByRole('dialog', { name: 'Change region' })).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('Poland (PLN)');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChoose).toHaveBeenCalledWith('pl');
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('applies the option picked', async () => {
    const user = userEvent.setup();
    const { onChoose } = renderDialog('pl');
    screen.getByRole('combobox', { name: 'Region' }).focus();
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Belgium (EUR)' }));
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('Belgium (EUR)');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChoose).toHaveBeenCalledWith('be');
  });

  it('cannot be applied while the value in force is still loading', () => {
    const { onChoose } = renderDialog(undefined, []);
    expect(screen.getByRole('combobox', { name: 'Region' })).toHaveTextContent('Loading');
    expect(screen.getByRole('button', { name: 'Apply' })).toBeDisabled();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('closes without choosing when cancelled', async () => {
    const user = userEvent.setup();
    const { onChoose, onOpenChange } = renderDialog('pl');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
