// The videos' delete confirmation (spec section 2): 'Та устгахдаа итгэлтэй байна уу?' with
// 'Устгах' and 'Болих', as a dialog that keeps the focus and closes on Escape.
import { Button, Modal, useTranslation } from '@learning/platform';
import type { ReactNode } from 'react';

export function DeleteDialog({ onConfirm, onClose, isLoading, children }: { onConfirm: () => void; onClose: () => void; isLoading: boolean; children?: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <Modal title={t('confirmDelete.title')} onClose={onClose}>
      {children}
      <div className="admin-dialog__actions">
        <Button variant="danger" isLoading={isLoading} onClick={onConfirm}>
          {t('confirmDelete.confirm')}
        </Button>
        <Button variant="secondary" disabled={isLoading} onClick={onClose}>
          {t('confirmDelete.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
