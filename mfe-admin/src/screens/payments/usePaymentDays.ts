// The days of the payments page, kept in the address (?from=2026-11-01&to=2026-11-30) so that Back
// returns to the days seen before. A value that is not a day reads as an open end.
import { useSearchParams } from '@learning/platform';
import type { PaymentDays } from '../../payments';

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: string | null) => (value && dayPattern.test(value) ? value : '');

export function usePaymentDays(): [PaymentDays, (days: PaymentDays) => void] {
  const [params, setParams] = useSearchParams();
  const days = { from: dayOf(params.get('from')), to: dayOf(params.get('to')) };
  // Other days are another list: it starts at its first page.
  const setDays = (next: PaymentDays) =>
    setParams((current) => {
      const changed = new URLSearchParams(current);
      for (const end of ['from', 'to'] as const) {
        if (next[end]) changed.set(end, next[end]);
        else changed.delete(end);
      }
      changed.delete('page');
      return changed;
    });
  return [days, setDays];
}
