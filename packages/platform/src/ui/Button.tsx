import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'subtle' | 'danger';
  /** Shows a spinner and blocks a second submit while a call runs. */
  isLoading?: boolean;
}

export function Button({ variant = 'primary', isLoading = false, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['lp-button', `lp-button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
    >
      {isLoading && <span className="lp-spinner lp-spinner--small" aria-hidden="true" />}
      {children}
    </button>
  );
}
