// "Олгосон": the administrator says how the claim was paid (a transfer to the learner's account, the
// default, or a refund of their QPay payment made by hand) and confirms.
import type { refunds } from '@learning/contracts';
import { Button, formatPrice, Modal, useTranslation } from '@learning/platform';
import { useId, useState } from 'react';
import { ErrorNotice } from '../../components/ErrorNotice';

export interface MarkPaidDialogProps {
  claim: refunds.PayableRefund;
  isSaving: boolean;
  /** Why the last "Олгосон" was refused, said in the dialog where it was pressed. */
  error: unknown;
  onClose: () => void;
  onPaid: (method: refunds.PaymentMethod) => void;
}

export function MarkPaidDialog({ claim, isSaving, error, onClose, onPaid }: MarkPaidDialogProps) {
  const { t } = useTranslation('admin');
  const [method, setMethod] = useState<refunds.PaymentMethod>('bank_transfer');
  const legendId = useId();
  return (
    <Modal title={t('payable.dialogTitle')} onClose={onClose}>
      <form
        className="admin-mark-paid"
        onSubmit={(event) => {
          event.preventDefault();
          onPaid(method);
        }}
      >
        <ErrorNotice title={t('refunds.markFailed')} error={error} />
        <p>
          {claim.user.email}: {claim.monsterplan.name}, {t(`refunds.kind.${claim.kind}`)}, {formatPrice(String(claim.amount))}
        </p>
        <fieldset className="admin-mark-paid__methods" aria-labelledby={legendId}>
          <legend id={legendId}>{t('payable.method')}</legend>
          {(['bank_transfer', 'qpay_refund'] as const).map((each) => (
            <label key={each} className="admin-mark-paid__method">
              <input type="radio" name="method" value={each} checked={method === each} onChange={() => setMethod(each)} />
              <span>{t(`payable.methods.${each}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="admin-mark-paid__actions">
          <Button type="submit" isLoading={isSaving}>
            {t('payable.confirm')}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('payable.cancel')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
