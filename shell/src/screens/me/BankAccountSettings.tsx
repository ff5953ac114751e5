// The "Буцаан олголт хүлээн авах данс" part of /me/settings: the bank, the account number and its
// holder's name, which the centre pays the learner's refunds into. The rules are the server's
// (packages/contracts/src/refunds.ts), checked here first so a mistake is said beside its field.
import { isAccountNumber, mongolianBanks, normalisedAccountNumber, type refunds } from '@learning/contracts';
import { Alert, Button, Card, Loader, LoadError, TextField, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';
import { type Errors, withoutEmpty } from '../../forms/rules';
import { useForm } from '../../forms/useForm';
import { useBankAccount, useSaveBankAccount } from '../../refunds/refund-claims';
import '../strings';

type AccountField = 'bankName' | 'accountNumber' | 'accountHolder';

/** Each field's problem as an i18n key of the 'shell' namespace. */
export function bankAccountErrors({ bankName, accountNumber, accountHolder }: Record<AccountField, string>): Errors<AccountField> {
  const number = normalisedAccountNumber(accountNumber);
  const holder = accountHolder.trim();
  return withoutEmpty({
    bankName: (mongolianBanks as readonly string[]).includes(bankName) ? undefined : 'bankAccount.bankRequired',
    accountNumber: !number ? 'bankAccount.numberRequired' : isAccountNumber(number) ? undefined : 'bankAccount.numberInvalid',
    accountHolder: !holder ? 'bankAccount.holderRequired' : holder.length > 100 ? 'bankAccount.holderTooLong' : undefined,
  });
}

export function BankAccountSettings() {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const account = useBankAccount();
  return (
    <Card className="settings">
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="settings__title">
          {t('bankAccount.title')}
        </h2>
        <p className="settings__lead">{t('bankAccount.lead')}</p>
        {account.isPending ? (
          <Loader label={t('bankAccount.loading')} />
        ) : account.isError ? (
          <LoadError title={t('bankAccount.loadError')} onRetry={() => void account.refetch()} />
        ) : (
          <BankAccountForm saved={account.data} />
        )}
      </section>
    </Card>
  );
}

function BankAccountForm({ saved }: { saved: refunds.BankAccount | null }) {
  const { t } = useTranslation('shell');
  const save = useSaveBankAccount();
  const [isJustSaved, setJustSaved] = useState(false);
  const form = useForm<AccountField>(saved ?? { bankName: '', accountNumber: '', accountHolder: '' }, bankAccountErrors);
  const bankId = useId();
  const errorOf = (field: AccountField) => form.errors[field] && t(form.errors[field]);
  const onSave = (values: Record<AccountField, string>) => {
    setJustSaved(false);
    save.mutate(
      { bankName: values.bankName as refunds.MongolianBank, accountNumber: values.accountNumber, accountHolder: values.accountHolder.trim() },
      {
        onSuccess: (kept) => {
          form.setValues(kept);
          setJustSaved(true);
        },
      },
    );
  };
  return (
    <form className="bank-account" onSubmit={form.handleSubmit(onSave)} noValidate>
      {!saved && !isJustSaved && <Alert tone="info">{t('bankAccount.none')}</Alert>}
      {save.error && <Alert>{save.error.message}</Alert>}
      {isJustSaved && <Alert tone="success">{t('bankAccount.saved')}</Alert>}
      <div className="lp-field">
        <label className="lp-field__label" htmlFor={bankId}>
          {t('bankAccount.bank')}
        </label>
        <select
          id={bankId}
          name="bankName"
          className="lp-field__input"
          value={form.values.bankName}
          aria-invalid={form.errors.bankName ? true : undefined}
          aria-describedby={form.errors.bankName ? `${bankId}-error` : undefined}
          onChange={(event) => form.setValues((values) => ({ ...values, bankName: event.target.value }))}
        >
          <option value="">{t('bankAccount.chooseBank')}</option>
          {mongolianBanks.map((bank) => (
            <option key={bank} value={bank}>
              {bank}
            </option>
          ))}
        </select>
        {form.errors.bankName && (
          <p id={`${bankId}-error`} className="lp-field__error">
            {errorOf('bankName')}
          </p>
        )}
      </div>
      <TextField label={t('bankAccount.number')} hint={t('bankAccount.numberHint')} error={errorOf('accountNumber')} autoComplete="off" {...form.field('accountNumber')} />
      <TextField label={t('bankAccount.holder')} error={errorOf('accountHolder')} autoComplete="name" maxLength={100} {...form.field('accountHolder')} />
      <div className="settings__actions">
        <Button type="submit" isLoading={save.isPending}>
          {t('bankAccount.save')}
        </Button>
      </div>
    </form>
  );
}
