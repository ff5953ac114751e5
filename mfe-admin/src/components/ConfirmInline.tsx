// A destructive action asked once more in place (spec section 2: delete with an inline Yes/No): the
// action's button turns into the question with Yes and No; No, or Escape, puts it back.
import { Button, useTranslation } from '@learning/platform';
import { useEffect, useRef, useState } from 'react';

export interface ConfirmInlineProps {
  /** The button that starts it ('Устгах'). */
  label: string;
  question: string;
  onConfirm: () => void;
  isLoading?: boolean;
  variant?: 'danger' | 'secondary';
}

export function ConfirmInline({ label, question, onConfirm, isLoading = false, variant = 'danger' }: ConfirmInlineProps) {
  const { t } = useTranslation('admin');
  const [isAsking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (isAsking) yes.current?.focus();
  }, [isAsking]);
  if (!isAsking && !isLoading) {
    return (
      <Button variant="subtle" className={`admin-action${variant === 'danger' ? ' admin-action--danger' : ''}`} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <span
      className="admin-confirm"
      role="group"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false);
      }}
    >
      <span className="admin-confirm__question">{question}</span>
      <button
        ref={yes}
        type="button"
        className={`lp-button lp-button--${variant === 'danger' ? 'danger' : 'primary'} admin-action`}
        disabled={isLoading}
        aria-busy={isLoading || undefined}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
      >
        {t('table.yes')}
      </button>
      <Button variant="subtle" className="admin-action" disabled={isLoading} onClick={() => setAsking(false)}>
        {t('table.no')}
      </Button>
    </span>
  );
}
