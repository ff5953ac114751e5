// Form state with validation: errors appear after the first submit and then follow each change;
// an invalid submit is blocked and moves focus to the first invalid field.
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { Errors } from './rules';

export function useForm<Field extends string>(initial: Record<Field, string>, validate: (values: Record<Field, string>) => Errors<Field>) {
  const [values, setValues] = useState(initial);
  const [isSubmitted, setSubmitted] = useState(false);
  const errors: Errors<Field> = isSubmitted ? validate(values) : {};

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  const handleSubmit = (onValid: (values: Record<Field, string>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validate(values);
    const firstInvalid = (Object.keys(initial) as Field[]).find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    onValid(values);
  };

  return { values, errors, field, handleSubmit, setValues };
}
