import type { ComponentProps, ReactNode } from 'react';

/**
 * - `primary`, `secondary`, `danger`, `ghost`: a button drawn as a box, by importance.
 * - `text`: a small action in words beside other content (Edit, Remove, Try again): underlined,
 *   in the colour of the text around it.
 * - `link`: looks like a link in running text, but acts on this page (opens a dialog, resets a form).
 * - `icon`: a round button holding an icon only, in the colour of the text around it, so it fits a
 *   light or a dark bar. It must have a name: `aria-label` (or `aria-labelledby`).
 * - `bare`: no look of its own, only the focus ring: its content (a picture, a card) is the button.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost' | 'text' | 'link' | 'icon' | 'bare';
/** Boxes: 48 or 40 px high. Icons: 44 or 40 px round. Words (`text`, `link`) and `bare` have no size. */
export type ButtonSize = 'md' | 'sm';

export type ButtonStyle = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container (forms and summaries on a phone). */
  block?: boolean;
};

const box = 'inline-flex items-center justify-center gap-2 rounded text-center font-bold';
const ring = 'focus-visible:outline-2 focus-visible:outline-offset-2';
const dark = `${ring} focus-visible:outline-neutral-900`;
// Icons sit on light and dark bars alike: their ring is the colour of their text.
const current = `${ring} focus-visible:outline-current`;

const VARIANTS: Record<ButtonVariant, string> = {
  primary: `${box} ${dark} bg-brand text-white hover:bg-neutral-800`,
  secondary: `${box} ${dark} border border-neutral-900 bg-white text-neutral-900 hover:bg-neutral-100`,
  danger: `${box} ${dark} bg-red-700 text-white hover:bg-red-800`,
  ghost: `${box} ${dark} text-neutral-800 underline-offset-4 hover:bg-neutral-100 hover:underline`,
  text: `inline-flex items-center gap-2 rounded px-3 py-2 text-sm font-bold underline underline-offset-2 hover:bg-neutral-100 ${dark}`,
  link: `font-semibold underline underline-offset-2 hover:text-accent ${dark}`,
  icon: `inline-flex shrink-0 items-center justify-center rounded-full hover:bg-current/10 ${current}`,
  // The ring takes the colour of the text unless the caller gives one (focus-visible:outline-white).
  bare: ring,
};

const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-12 px-5 py-3 text-sm tracking-widest',
  sm: 'min-h-10 px-3 py-2 text-sm',
};
const ICON_SIZES: Record<ButtonSize, string> = { md: 'h-11 w-11', sm: 'h-10 w-10' };

/** The classes of a button, for links that look like one (`<Link className={buttonClass()}>`). */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonStyle = {}): string {
  const sized =
    variant === 'icon'
      ? ICON_SIZES[size]
      : variant === 'text' || variant === 'link' || variant === 'bare'
        ? ''
        : SIZES[size];
  return `${VARIANTS[variant]} ${sized} disabled:cursor-not-allowed disabled:opacity-60${block ? ' w-full' : ''}`;
}

/** An inline text link in running text. */
export const textLinkClass = `text-neutral-900 ${VARIANTS.link}`;

/** An icon button is named for assistive technology: its icon says nothing. */
type Named = { 'aria-label': string } | { 'aria-labelledby': string };

type CommonProps = Omit<ComponentProps<'button'>, 'type'> & {
  size?: ButtonSize;
  block?: boolean;
  /** Defaults to 'button': a form is submitted only by a button that says so. */
  type?: 'button' | 'submit' | 'reset';
  /** Work is under way: the button is disabled and says so (`busyLabel`, e.g. 'Saving...'). */
  busy?: boolean;
  busyLabel?: ReactNode;
};

export type ButtonProps = CommonProps &
  ({ variant?: Exclude<ButtonVariant, 'icon'> } | ({ variant: 'icon' } & Named));

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
  if (import.meta.env.DEV && variant === 'icon' && !rest['aria-label'] && !rest['aria-labelledby']) {
    console.error('An icon Button needs a name: give it aria-label or aria-labelledby.');
  }
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
