import { type ComponentProps, type ReactNode, useId } from 'react';
import { type FieldChrome, FormField, fieldMessages, inputClass } from './form-field';

/**
 * The kit's form fields: each one a labelled control with its hint and error tied to it
 * (aria-describedby, aria-invalid). Every other prop goes to the control, so react-hook-form's
 * `register` spreads straight in: `<TextField label="Email" {...register('email')} />`.
 */

type ControlProps<Element extends 'input' | 'select' | 'textarea'> = Omit<
  ComponentProps<Element>,
  'id' | 'className' | 'children'
>;

export type TextFieldProps = FieldChrome &
  Omit<ControlProps<'input'>, 'type'> & {
    type?: 'text' | 'email' | 'password' | 'tel' | 'url' | 'search';
  };

const KEYBOARD = { email: 'email', tel: 'tel', url: 'url', search: 'search' } as const;

export function TextField({
  label,
  hiddenLabel,
  hint,
  error,
  className,
  type = 'text',
  ...input
}: TextFieldProps) {
  return (
    <FormField label={label} hiddenLabel={hiddenLabel} hint={hint} error={error} className={className}>
      {(control) => (
        <input
          type={type}
          inputMode={type in KEYBOARD ? KEYBOARD[type as keyof typeof KEYBOARD] : undefined}
          {...control}
          {...input}
          className={inputClass}
        />
      )}
    </FormField>
  );
}

export type NumberFieldProps = FieldChrome &
  Omit<ControlProps<'input'>, 'type' | 'inputMode' | 'prefix'> & {
    /** Whole numbers only (stock, quantities): the phone shows digits without a decimal point. */
    integer?: boolean;
    /** Written before the value, e.g. '₦'. */
    prefix?: string;
    /** Written after the value, e.g. 'units'. */
    suffix?: string;
  };

/**
 * A number typed as text with the phone's number keyboard. Not `type="number"`: that one changes
 * its value under the mouse wheel, accepts 'e', and hides what was typed when it cannot parse it;
 * the form's schema parses and checks the text instead.
 */
export function NumberField({
  label,
  hiddenLabel,
  hint,
  error,
  className,
  integer = false,
  prefix,
  suffix,
  ...input
}: NumberFieldProps) {
  return (
    <FormField label={label} hiddenLabel={hiddenLabel} hint={hint} error={error} className={className}>
      {(control) => (
        <div className="relative mt-1 flex items-center">
          {prefix ? (
            <span aria-hidden="true" className="pointer-events-none absolute left-3 text-neutral-500">
              {prefix}
            </span>
          ) : null}
          <input
            type="text"
            inputMode={integer ? 'numeric' : 'decimal'}
            autoComplete="off"
            {...control}
            {...input}
            className={`${inputClass} mt-0 tabular-nums ${prefix ? 'pl-8' : ''} ${suffix ? 'pr-16' : ''}`}
          />
          {suffix ? (
            <span
              aria-hidden="true"
              className="pointer-events-none absolute right-3 text-sm text-neutral-500"
            >
              {suffix}
            </span>
          ) : null}
        </div>
      )}
    </FormField>
  );
}

export type SelectFieldProps = FieldChrome &
  ControlProps<'select'> & {
    /** The choices: plain values, or a value with its label. */
    options: readonly (string | { value: string; label: string })[];
    /** A first, empty choice ('Select a state'); a required field refuses it. */
    placeholder?: string;
  };

export function SelectField({
  label,
  hiddenLabel,
  hint,
  error,
  className,
  options,
  placeholder,
  ...select
}: SelectFieldProps) {
  return (
    <FormField label={label} hiddenLabel={hiddenLabel} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} {...select} className={inputClass}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const { value, label: text } =
              typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </FormField>
  );
}

export type TextareaFieldProps = FieldChrome & ControlProps<'textarea'>;

export function TextareaField({
  label,
  hiddenLabel,
  hint,
  error,
  className,
  rows = 3,
  ...textarea
}: TextareaFieldProps) {
  return (
    <FormField label={label} hiddenLabel={hiddenLabel} hint={hint} error={error} className={className}>
      {(control) => <textarea rows={rows} {...control} {...textarea} className={inputClass} />}
    </FormField>
  );
}

export type CheckboxFieldProps = Omit<FieldChrome, 'label'> &
  Omit<ControlProps<'input'>, 'type'> & {
    /** The words beside the box; they are its label. */
    label: ReactNode;
  };

/** A checkbox with its words beside it; the whole line toggles it. */
export function CheckboxField({ label, hint, error, className = '', ...input }: CheckboxFieldProps) {
  const id = useId();
  const { describedBy, messages } = fieldMessages(id, hint, error);
  return (
    <div className={className}>
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold">
        <input
          id={id}
          type="checkbox"
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          {...input}
          className="h-5 w-5 shrink-0 accent-neutral-900"
        />
        <span>{label}</span>
      </label>
      {messages}
    </div>
  );
}
