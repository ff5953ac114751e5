// The days of the payments page: from and to, the centre's days, both included. They apply with
// 'Шүүх' (or Enter), so that picking a date does not list each day on the way; 'Бүх өдөр' clears
// both. The fields follow the address when Back changes it.
import { Button, TextField, useTranslation } from '@learning/platform';
import { useState } from 'react';
import type { PaymentDays } from '../../payments';

export function PaymentDaysFilter({ days, onChange }: { days: PaymentDays; onChange: (days: PaymentDays) => void }) {
  const { t } = useTranslation('admin');
  const [typed, setTyped] = useState(days);
  const [seen, setSeen] = useState(days);
  if (seen.from !== days.from || seen.to !== days.to) {
    setSeen(days);
    setTyped(days);
  }
  const isFiltered = days.from !== '' || days.to !== '';
  return (
    <form
      className="admin-days"
      aria-label={t('payments.days')}
      onSubmit={(event) => {
        event.preventDefault();
        onChange(typed);
      }}
    >
      <TextField
        label={t('payments.from')}
        type="date"
        name="from"
        value={typed.from}
        max={typed.to || undefined}
        onChange={(event) => setTyped({ ...typed, from: event.target.value })}
      />
      <TextField label={t('payments.to')} type="date" name="to" value={typed.to} min={typed.from || undefined} onChange={(event) => setTyped({ ...typed, to: event.target.value })} />
      <div className="admin-days__actions">
        <Button type="submit" variant="secondary">
          {t('payments.filter')}
        </Button>
        {isFiltered && (
          <Button variant="subtle" onClick={() => onChange({ from: '', to: '' })}>
            {t('payments.allDays')}
          </Button>
        )}
      </div>
    </form>
  );
}
