import type { ComponentProps, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'md' | 'sm';

export type ButtonStyle = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container (forms and summaries on a phone). */
  block?: boolean;
};

const base =
  'inline-flex items-center justify-center gap-2 rounded text-center font-bold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-brand text-white hover:bg-neutral-800',
  secondary: 'border border-neutral-900 bg-white text-neutral-900 hover:bg-neutral-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  ghost: 'text-neutral-800 underline-offset-4 hover:bg-neutral-100 hover:underline',
};

const sizes: Record<ButtonSize, string> = {
  md: 'min-h-12 px-5 py-3 text-sm tracking-widest',
  sm: 'min-h-10 px-3 py-2 text-sm',
};

/** The classes of a button, for links that look like one (`<Link className={buttonClass()}>`). */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonStyle = {}): string {
  return `${base} ${variants[variant]} ${sizes[size]}${block ? ' w-full' : ''}`;
}

/** An inline text link in running text. */
export const textLinkClass =
  'font-semibold text-neutral-900 underline underline-offset-2 hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';

type ButtonProps = ButtonStyle &
  Omit<ComponentProps<'button'>, 'type'> & {
    /** Defaults to 'button': a form is submitted only by a button that says so. */
    type?: 'button' | 'submit' | 'reset';
    /** Work is under way: the button is disabled and says so (`busyLabel`, e.g. 'Saving...'). */
    busy?: boolean;
    busyLabel?: ReactNode;
  };

/**
 * The shop's button. While `busy` it is disabled, shows a spinner and `busyLabel`, and tells
 * assistive technology it is busy, so a double press never sends a request twice.
 */
export function Button({
  variant,
  size,
  block,
  type = 'button',
  busy = false,
  busyLabel,
  disabled,
  className = '',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClass({ variant, size, block })} ${busy ? 'cursor-wait' : ''} ${className}`}
      {...rest}
    >
      {busy ? (
        <span
          aria-hidden="true"
          className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
        />
      ) : null}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
