// The email of an account, with the keyboard and autofill a phone offers for an address.
import { TextField, type TextFieldProps } from '@learning/platform';

export function EmailField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'inputMode'>) {
  return <TextField type="email" autoComplete="email" inputMode="email" {...props} />;
}
