// An action asked once more in place (spec section 2: delete, and cancelling a request, with an
// inline Yes/No; approving a request too): the action's button turns into the question with 'Тийм'
// and 'Үгүй', the focus on 'Тийм'; 'Үгүй', or Escape, puts the button back with the focus on it.
import { Button, useTranslation } from '@learning/platform';
import { useEffect, useRef, useState } from 'react';

export interface ConfirmInlineProps {
  /** The button that starts it ('Устгах'). */
  label: string;
  /** The button's accessible name when the row needs saying ('Устгах: Англи хэл 1'); it starts with `label`. */
  name?: string;
  question: string;
  onConfirm: () => void;
  isLoading?: boolean;
  /** 'danger' destroys, 'primary' is the row's main action (approve), 'secondary' the others. */
  variant?: 'danger' | 'primary' | 'secondary';
}

export function ConfirmInline({ label, name, question, onConfirm, isLoading = false, variant = 'danger' }: ConfirmInlineProps) {
  const { t } = useTranslation('admin');
  const [isAsking, setAsking] = useState(false);
  const [wasAsked, setWasAsked] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (isAsking) yes.current?.focus();
    else if (wasAsked) start.current?.focus();
  }, [isAsking, wasAsked]);
  const putBack = () => {
    setWasAsked(true);
    setAsking(false);
  };

  if (!isAsking && !isLoading) {
    return (
      <button
        ref={start}
        type="button"
        className={`lp-button lp-button--${variant === 'primary' ? 'primary' : 'subtle'} admin-action${variant === 'danger' ? ' admin-action--danger' : ''}`}
        aria-label={name}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <span
      className="admin-confirm"
      role="group"
      aria-label={question}
      onKeyDown={(event) => {
        if (event.key === 'Escape') putBack();
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
          setWasAsked(false);
          setAsking(false);
        }}
      >
        {t('table.yes')}
      </button>
      <Button variant="subtle" className="admin-action" disabled={isLoading} onClick={putBack}>
        {t('table.no')}
      </Button>
    </span>
  );
}
