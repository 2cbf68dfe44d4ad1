import * as React from 'react';
import { cn } from '@/lib/utils';
import { Label } from './label';

type HintTone = 'muted' | 'ok' | 'bad';
type ErrorSize = 'xs' | 'sm';

type ControlProps = {
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

export type FormFieldProps = {
  /** The control's id: the label points at it, and the hint and error ids default to `${id}-hint` and `${id}-error`. */
  id: string;
  label: React.ReactNode;
  /** The one control (Input, Textarea, Select). It receives the id, aria-invalid and aria-describedby. */
  children: React.ReactElement<ControlProps>;
  /** Written to aria-invalid as given: `false` writes "false", `undefined` leaves the attribute off. */
  invalid?: boolean;
  /** A hint under the control, announced politely while the user types; `false` or `null` shows none. */
  hint?: React.ReactNode;
  hintTone?: HintTone;
  hintId?: string;
  /** The error message under the hint; nothing is rendered without one. */
  error?: string;
  errorSize?: ErrorSize;
  /**
   * aria-describedby. By default the hint and the error while each is shown; pass the ids instead to point at them
   * whether or not they are shown.
   */
  describedBy?: string;
  className?: string;
};

/** Label, control, hint and error for one form field, with the control's accessibility wiring in one place. */
export function FormField({
  id,
  label,
  children,
  invalid,
  hint,
  hintTone,
  hintId = `${id}-hint`,
  error,
  errorSize,
  describedBy,
  className,
}: FormFieldProps) {
  const showHint = hint !== undefined && hint !== null && hint !== false;
  const described =
    describedBy ?? ([showHint && hintId, error && `${id}-error`].filter(Boolean).join(' ') || undefined);
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {React.cloneElement(children, { id, 'aria-invalid': invalid, 'aria-describedby': described })}
      {showHint && (
        <FormHint id={hintId} tone={hintTone}>
          {hint}
        </FormHint>
      )}
      <FormError id={`${id}-error`} message={error} size={errorSize} />
    </div>
  );
}

/** A live hint under a field (announced politely while the user types). */
function FormHint({
  id,
  tone = 'muted',
  children,
}: {
  id: string;
  tone?: HintTone;
  children: React.ReactNode;
}) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn(
        'text-xs',
        tone === 'muted' && 'text-muted-foreground',
        tone === 'ok' && 'text-green-700',
        tone === 'bad' && 'text-destructive',
      )}
    >
      {children}
    </p>
  );
}

const errorClasses: Record<ErrorSize, string> = {
  xs: 'text-xs font-medium text-destructive',
  sm: 'text-sm font-medium text-destructive',
};

/** A field's error message; renders nothing without one. */
export function FormError({ id, message, size = 'xs' }: { id: string; message?: string; size?: ErrorSize }) {
  if (!message) return null;
  return (
    <p id={id} className={errorClasses[size]}>
      {message}
    </p>
  );
}
