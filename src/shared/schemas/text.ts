/**
 * Text fields people type: bounded lengths and no control characters, NUL or broken characters
 * (lone UTF-16 surrogates, which no database can store). Every schema of free text in
 * src/shared/schemas builds on these, so the forms and the server give the same message.
 */
import { z } from 'zod';

/** Maximum lengths, in characters, of what people type (sized for Nigerian names and addresses). */
export const TEXT_MAX = {
  /** A first or last name (Oluwaseyifunmi, Chukwuemekachukwu… with room to spare). */
  name: 60,
  displayName: 60,
  /** A full name on an address: several given names and a surname. */
  fullName: 120,
  /** RFC 5321's limit for an address. */
  email: 254,
  /** +234 803 123 4567 with spaces, brackets or dashes. */
  phone: 20,
  /** One line: house number, street, estate, landmark. */
  address: 200,
  city: 60,
  notes: 1000,
  /** Emailed tokens, payment references and other values people paste. */
  token: 512,
} as const;

/** Saved addresses one account may keep. */
export const SAVED_ADDRESSES_MAX = 10;

export const TEXT_MESSAGES = {
  unusualCharacters: 'Please remove unusual characters from this field.',
  tooLong: (what: string, max: number) => `${what} must be at most ${max} characters.`,
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_MULTI_LINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** A lone surrogate: with the `u` flag a well-formed pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Cs}/u;

/** NUL or a lone surrogate: never storable, refused everywhere (tokens, ids, references…). */
export const isUnstorable = (value: string): boolean =>
  value.includes('\u0000') || LONE_SURROGATE.test(value);

/** Control characters (line breaks allowed when multiline) or anything unstorable. */
export const hasUnusualCharacters = (value: string, multiline = false): boolean =>
  isUnstorable(value) || (multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value);

/**
 * One line of text, trimmed: at most `max` characters, no control characters; `missing` is the
 * message when the value is absent or not text.
 */
export function singleLine(max: number, tooLong: string, missing?: string) {
  return z
    .string(missing ? { error: missing } : undefined)
    .refine((value) => !hasUnusualCharacters(value), TEXT_MESSAGES.unusualCharacters)
    .trim()
    .max(max, tooLong);
}

/** Several lines of text (notes): line breaks and tabs allowed, other control characters not. */
export function multiLine(max: number, tooLong: string, missing?: string) {
  return z
    .string(missing ? { error: missing } : undefined)
    .refine((value) => !hasUnusualCharacters(value, true), TEXT_MESSAGES.unusualCharacters)
    .trim()
    .max(max, tooLong);
}

/**
 * The first string anywhere in `value` (keys included) that no database can store, or undefined.
 * The server checks every body, query and path before its schema, so a NUL or a lone surrogate
 * in any field is a 400, never a 500 from the database.
 */
export function findUnstorable(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return isUnstorable(value) ? value : undefined;
  if (depth > 64 || value === null || typeof value !== 'object') return undefined;
  const entries = Array.isArray(value) ? value.map((item) => ['', item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    if (isUnstorable(key)) return key;
    const found = findUnstorable(item, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The product's voice for every check a schema does not word itself (a number where text was
 * expected, a value out of range, an unknown option…): no library wording such as 'Invalid input:
 * expected number, received NaN' ever reaches a person. Installed once for zod, on the server and
 * in the browser, by importing any schema module (each imports this one).
 */
export function productVoice(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') {
        return 'Please fill in this field.';
      }
      return issue.expected === 'number' || issue.expected === 'int'
        ? 'Please enter a number.'
        : 'Please check this field.';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? 'Please fill in this field.'
          : `Please enter at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Please choose at least ${issue.minimum}.`;
      return `Please enter ${issue.minimum} or more.`;
    case 'too_big':
      if (issue.origin === 'string') return `Please use at most ${issue.maximum} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `Please choose at most ${issue.maximum}.`;
      return `Please enter ${issue.maximum} or less.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Please enter a valid email address';
      if (issue.format === 'uuid' || issue.format === 'guid') return 'Not found';
      return 'Please check the format of this field.';
    case 'not_multiple_of':
      return 'Please enter a whole number.';
    case 'invalid_value':
    case 'invalid_union':
      return 'Please choose one of the options.';
    case 'unrecognized_keys':
      return 'This request has fields the shop does not know.';
    default:
      return 'Please check this field.';
  }
}

z.config({ customError: productVoice });
