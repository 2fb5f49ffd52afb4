/**
 * A text area with its live counter "n / max" (spec §5's pattern for the bio), counted as the server counts
 * (lib/text.ts). Going over the limit is allowed while typing, so pasted text can be trimmed in place; the
 * counter and the field then say it is too long and the dialog refuses to send it.
 */
import { useTranslation } from 'react-i18next';

import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/lib/i18n';

import { characterCount } from '../lib/text';

export function CountedText({
  label,
  value,
  onChange,
  max,
  description,
  rows = 5,
  required,
  errors = [],
  disabled,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  description?: string;
  rows?: number;
  required?: boolean;
  errors?: readonly string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const used = characterCount(value);
  const over = used > max;
  const counter = t('reviews.counter', { used: format.number(used), max: format.number(max) });
  return (
    <Field
      label={label}
      description={description}
      errors={over ? [t('reviews.tooLong', { max: format.number(max) }), ...errors] : errors}
    >
      {(control) => (
        <div className="flex flex-col gap-1">
          <Textarea
            {...control}
            value={value}
            rows={rows}
            required={required}
            disabled={disabled}
            onChange={(event) => {
              onChange(event.target.value);
            }}
          />
          <p
            className={`self-end text-xs tabular-nums ${over ? 'text-destructive' : 'text-muted-foreground'}`}
          >
            {counter}
          </p>
        </div>
      )}
    </Field>
  );
}
