// A dialog over the page: focus moves in and is kept in (Tab wraps), Escape, the close button and a
// click on the backdrop call onClose, the page behind is inert and does not scroll, and the focus
// returns where it was. Browser Back closes it when the dialog is a route of its own (its address
// names it, the page behind stays rendered, and onClose goes back): see mfe-lessons' lesson detail.
// A dialog opened from another (QPay's from the bundle's) is the only one Escape closes.
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../i18n/useTranslation';

const focusable = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), iframe, object, audio[controls], video[controls], [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  /** The dialog's heading and accessible name. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Set on the heading, e.g. the whole of a truncated name. */
  titleAttribute?: string;
}

export function Modal({ title, onClose, children, titleAttribute }: ModalProps) {
  const { t } = useTranslation('common');
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();

    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      // A dialog opened over this one made it inert: Escape is that one's.
      if (event.key !== 'Escape' || overlay.current?.hasAttribute('inert')) return;
      event.preventDefault();
      latestOnClose.current();
    };
    document.addEventListener('keydown', closeOnEscape);

    // The page behind: out of reach of the keyboard, the pointer and screen readers, and still.
    const behind = Array.from(document.body.children).filter((element) => element !== overlay.current && !element.hasAttribute('inert'));
    for (const element of behind) element.setAttribute('inert', '');
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      for (const element of behind) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, []);

  const keepFocusInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const stops = Array.from(dialog.current.querySelectorAll<HTMLElement>(focusable));
    const first = stops[0];
    const last = stops[stops.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      ref={overlay}
      className="lp-modal"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={dialog} className="lp-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={keepFocusInside}>
        <header className="lp-modal__header">
          <h2 id={titleId} className="lp-modal__title" title={titleAttribute}>
            {title}
          </h2>
          <button type="button" className="lp-modal__close" onClick={onClose} aria-label={t('close')}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="lp-modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
