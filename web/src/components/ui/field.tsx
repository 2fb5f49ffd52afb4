import { useId, type ReactNode } from 'react';

import { cn } from '@/lib/utils';

import { Label } from './label';

/** What a field gives its control so the label, hint and errors are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

export type FieldProps = {
  label: ReactNode;
  /** Every message is listed under the field (already translated). */
  errors?: readonly string[];
  description?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled form control with its hint and its error messages. */
export function Field({ label, errors = [], description, className, children }: FieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;
  const invalid = errors.length > 0;
  const describedBy =
    [description ? descriptionId : undefined, invalid ? errorId : undefined]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)} data-invalid={invalid || undefined}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': invalid, 'aria-describedby': describedBy })}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {invalid && (
        <ul id={errorId} className="flex flex-col gap-1 text-sm text-destructive">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
