import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  /** Shown under the field and announced; marks the field invalid. */
  error?: string | undefined;
  hint?: string;
}

export interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {}

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  return <Field label={label} error={error} hint={hint} className={className}>{(control) => <input {...input} {...control} />}</Field>;
}

export interface TextAreaFieldProps extends FieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {}

export function TextAreaField({ label, error, hint, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} error={error} hint={hint} className={className}>
      {(control) => <textarea {...textarea} {...control} className={`${control.className} lp-field__input--multiline`} />}
    </Field>
  );
}

interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** The label, the control, its hint and its error, tied together for assistive technology. */
function Field({ label, error, hint, className, children }: FieldProps & { className?: string | undefined; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['lp-field', className].filter(Boolean).join(' ')}>
      <label className="lp-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, className: 'lp-field__input', 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
