import { useId, type InputHTMLAttributes } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | undefined;
  hint?: string;
}

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['lp-field', className].filter(Boolean).join(' ')}>
      <label className="lp-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="lp-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p id={`${id}-hint`} className="lp-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="lp-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
