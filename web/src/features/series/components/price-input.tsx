/** The price field (spec §5): digits with one comma or dot; on blur the value is tidied (see `lib/price`). */
import type { ComponentProps } from 'react';

import { Input } from '@/components/ui/input';

import { acceptsPriceInput, normalizePrice } from '../lib/price';

export function PriceInput({
  value,
  onChange,
  onBlur,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'onBlur'> & {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  return (
    <Input
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => {
        // A keystroke that would not make a price is not taken.
        if (acceptsPriceInput(event.target.value)) onChange(event.target.value);
      }}
      onBlur={() => {
        const normalized = normalizePrice(value);
        if (normalized !== value) onChange(normalized);
        onBlur?.();
      }}
    />
  );
}
