// The new password typed twice, with the rule it must keep shown under it before anything is sent
// (registration, the reset link's page and the change-password page).
import { TextField, useTranslation } from '@learning/platform';
import type { ChangeEvent } from 'react';
import type { NewPasswordFields as Field } from './password-rules';
import type { Errors } from './rules';
import './password-rules';
import '../screens/strings';

interface FieldBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

interface NewPasswordFieldsProps {
  field: (name: Field) => FieldBinding;
  errors: Errors<Field>;
  /** 'Шинэ нууц үг' and its repetition unless given (registration says 'Нууц үг'). */
  labels?: Record<Field, string>;
}

export function NewPasswordFields({ field, errors, labels }: NewPasswordFieldsProps) {
  const { t } = useTranslation('shell');
  const error = (name: Field) => {
    const key = errors[name];
    return key && t(key);
  };
  return (
    <>
      <TextField
        label={labels?.password ?? t('newPassword.password')}
        type="password"
        autoComplete="new-password"
        hint={t('newPassword.rule')}
        error={error('password')}
        {...field('password')}
      />
      <TextField
        label={labels?.repeatPassword ?? t('newPassword.repeatPassword')}
        type="password"
        autoComplete="new-password"
        error={error('repeatPassword')}
        {...field('repeatPassword')}
      />
    </>
  );
}
