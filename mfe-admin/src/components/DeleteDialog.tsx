// The videos' delete confirmation (spec section 2): 'Та устгахдаа итгэлтэй байна уу?' with
// 'Устгах' and 'Болих', as a dialog that keeps the focus and closes on Escape. Another destructive
// action (revoking access) names its own question and button.
import { Button, Modal, useTranslation } from '@learning/platform';
import type { ReactNode } from 'react';

export interface DeleteDialogProps {
  onConfirm: () => void;
  onClose: () => void;
  isLoading: boolean;
  children?: ReactNode;
  /** The question, 'Та устгахдаа итгэлтэй байна уу?' unless given. */
  title?: string;
  /** The button that does it, 'Устгах' unless given. */
  confirmLabel?: string;
}

export function DeleteDialog({ onConfirm, onClose, isLoading, children, title, confirmLabel }: DeleteDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal title={title ?? t('confirmDelete.title')} onClose={onClose}>
      {children}
      <div className="admin-dialog__actions">
        <Button variant="danger" isLoading={isLoading} onClick={onConfirm}>
          {confirmLabel ?? t('confirmDelete.confirm')}
        </Button>
        <Button variant="secondary" disabled={isLoading} onClick={onClose}>
          {t('confirmDelete.cancel')}
        </Button>
      </div>
    </Modal>
  );
}
