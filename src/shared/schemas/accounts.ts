/**
 * Request and response shapes of /api/auth/* and /api/account/*. The server validates with these,
 * the forms reuse them; messages are the product's texts.
 */
import { z } from 'zod';
import { LIMITS, ROLES } from '../constants';
import { addressSchema } from './checkout';
import { hasUnusualCharacters, SAVED_ADDRESSES_MAX, singleLine, TEXT_MAX, TEXT_MESSAGES } from './text';

export const MESSAGES = {
  names: 'Please enter your first and last name.',
  email: 'Please enter a valid email address',
  passwordRequired: 'Please enter your password.',
  registerMismatch: "Passwords don't match. Please make sure your passwords match.",
  registerMin: `Password must be at least ${LIMITS.registerPasswordMin} characters long.`,
  passwordMax: 'Password must be at most 128 characters long.',
  resetMin: `Password must be at least ${LIMITS.resetPasswordMin} characters`,
  resetUpper: 'Password must contain at least one uppercase letter',
  resetLower: 'Password must contain at least one lowercase letter',
  resetNumber: 'Password must contain at least one number',
  resetMismatch: "Passwords don't match",
  changeMismatch: "New passwords don't match",
  currentPasswordRequired: 'Please enter your current password.',
  invalidConfirmLink: 'Invalid confirmation link. Please try again.',
  invalidResetLink: 'Invalid or expired reset link. Please request a new password reset link.',
  registered: 'Registration successful! Please check your email for verification.',
  resetSent: 'Password reset email sent. Please check your inbox.',
  resent: 'If this account still needs confirming, a new confirmation email is on its way.',
  emailConfirmed: 'Email confirmed successfully!',
  signedIn: 'Login successful!',
  invalidCredentials: 'Invalid email or password.',
  emailNotConfirmed:
    'Please confirm your email address before signing in. Check your inbox for the confirmation link, or send a new one.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  tryAgain: 'Something went wrong. Please try again.',
  signedOut: 'Logged out successfully',
  passwordUpdated: 'Password updated successfully',
  profileUpdated: 'Your details have been saved.',
  nameTooLong: `Names must be at most ${TEXT_MAX.name} characters.`,
  unusualCharacters: TEXT_MESSAGES.unusualCharacters,
  tooManyAddresses: `You can save up to ${SAVED_ADDRESSES_MAX} addresses. Please delete one before adding another.`,
} as const;

export type MessageKey = keyof typeof MESSAGES;

/**
 * The key of one of the texts above, for a form posted before its page's script ran: the server
 * sends the shopper back to the page with `?problem=<key>` and the page shows that text (never a
 * text taken from the address itself). Any other message is told as `tryAgain`.
 */
export function messageKeyOf(message: string): MessageKey {
  return (Object.keys(MESSAGES) as MessageKey[]).find((key) => MESSAGES[key] === message) ?? 'tryAgain';
}

/** The text a `?problem=` key names, or null for anything else. */
export function messageOfKey(key: string | null): string | null {
  return key !== null && Object.hasOwn(MESSAGES, key) ? MESSAGES[key as MessageKey] : null;
}

/** The first problem with a first or last name (already trimmed), or null. */
function nameProblem(name: string): string | null {
  if (!name) return MESSAGES.names;
  if (hasUnusualCharacters(name)) return MESSAGES.unusualCharacters;
  if (name.length > TEXT_MAX.name) return MESSAGES.nameTooLong;
  return null;
}

/** Adds the first problem of the two names to the form, on the field it concerns. */
function checkNames(firstName: string, lastName: string, ctx: z.RefinementCtx): void {
  // Either name missing: the spec's one message, on the first empty field.
  if (!firstName || !lastName) {
    ctx.addIssue({ code: 'custom', message: MESSAGES.names, path: [firstName ? 'lastName' : 'firstName'] });
    return;
  }
  for (const [field, value] of [
    ['firstName', firstName],
    ['lastName', lastName],
  ] as const) {
    const problem = nameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [field] });
  }
}

const MAX_PASSWORD = 128;
const emailField = z
  .string({ error: MESSAGES.email })
  .trim()
  .max(TEXT_MAX.email, MESSAGES.email)
  .toLowerCase()
  .pipe(z.email({ error: MESSAGES.email }));

// Checks run in the order the spec's forms show them, so the first message is the one a person
// would see first; each message is also reported on its field.
export const registerRequest = z
  .object({
    firstName: z.string().default(''),
    lastName: z.string().default(''),
    email: z.string().default(''),
    password: z.string().default(''),
    confirmPassword: z.string().default(''),
  })
  .transform((value, ctx) => {
    const firstName = value.firstName.trim();
    const lastName = value.lastName.trim();
    checkNames(firstName, lastName, ctx);
    const email = emailField.safeParse(value.email);
    if (!email.success) ctx.addIssue({ code: 'custom', message: MESSAGES.email, path: ['email'] });
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.registerMismatch, path: ['confirmPassword'] });
    } else if (value.password.length < LIMITS.registerPasswordMin) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.registerMin, path: ['password'] });
    } else if (value.password.length > MAX_PASSWORD) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordMax, path: ['password'] });
    }
    return { firstName, lastName, email: email.data ?? '', password: value.password };
  });
export type RegisterRequest = z.input<typeof registerRequest>;

export const signInRequest = z.object({
  email: emailField,
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(MAX_PASSWORD),
});
export type SignInRequest = z.input<typeof signInRequest>;

export const confirmEmailRequest = z.object({
  token_hash: singleLine(TEXT_MAX.token, MESSAGES.invalidConfirmLink, MESSAGES.invalidConfirmLink).min(
    1,
    MESSAGES.invalidConfirmLink,
  ),
  type: singleLine(40, MESSAGES.invalidConfirmLink, MESSAGES.invalidConfirmLink).min(
    1,
    MESSAGES.invalidConfirmLink,
  ),
});
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequest>;

export const emailOnlyRequest = z.object({ email: emailField });
export type EmailOnlyRequest = z.input<typeof emailOnlyRequest>;

/** The reset page's rules (8+, upper, lower, number), also checked on the server. */
export const strongPassword = z
  .string()
  .min(LIMITS.resetPasswordMin, MESSAGES.resetMin)
  .max(MAX_PASSWORD, MESSAGES.passwordMax)
  .regex(/[A-Z]/, MESSAGES.resetUpper)
  .regex(/[a-z]/, MESSAGES.resetLower)
  .regex(/[0-9]/, MESSAGES.resetNumber);

export const resetPasswordRequest = z
  .object({
    token: singleLine(TEXT_MAX.token, MESSAGES.invalidResetLink, MESSAGES.invalidResetLink).min(
      1,
      MESSAGES.invalidResetLink,
    ),
    password: strongPassword,
    confirmPassword: z.string().default(''),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: MESSAGES.resetMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** The reset page asks whether its link still works before showing the form; the token is not used up. */
export const resetLinkCheckRequest = z.object({
  token: z.string({ error: MESSAGES.invalidResetLink }).min(1, MESSAGES.invalidResetLink).max(200),
});

export const changePasswordRequest = z
  .object({
    currentPassword: z
      .string({ error: MESSAGES.currentPasswordRequired })
      .min(1, MESSAGES.currentPasswordRequired)
      .max(MAX_PASSWORD),
    newPassword: z.string().default(''),
    confirmPassword: z.string().default(''),
  })
  .transform((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.changeMismatch, path: ['confirmPassword'] });
    } else if (value.newPassword.length < LIMITS.registerPasswordMin) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.registerMin, path: ['newPassword'] });
    } else if (value.newPassword.length > MAX_PASSWORD) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordMax, path: ['newPassword'] });
    }
    return { currentPassword: value.currentPassword, newPassword: value.newPassword };
  });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

const optionalText = (max: number, tooLong: string) =>
  singleLine(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

export const updateProfileRequest = z
  .object({
    firstName: z.string().default(''),
    lastName: z.string().default(''),
    displayName: optionalText(
      TEXT_MAX.displayName,
      TEXT_MESSAGES.tooLong('Display name', TEXT_MAX.displayName),
    ),
    phone: optionalText(TEXT_MAX.phone, 'Please enter a valid phone number').refine(
      (value) => value === null || /^\+?[0-9 ()-]{10,20}$/.test(value),
      {
        message: 'Please enter a valid phone number',
      },
    ),
  })
  .transform((value, ctx) => {
    const firstName = value.firstName.trim();
    const lastName = value.lastName.trim();
    checkNames(firstName, lastName, ctx);
    return { ...value, firstName, lastName };
  });
export type UpdateProfileRequest = z.input<typeof updateProfileRequest>;

/** The signed-in person as pages see them (GET /api/auth/session and other account answers). */
export const sessionUser = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  /** Idle sign-out after this many minutes without activity (30 shoppers, 15 admins). */
  idleTimeoutMinutes: z.number().int(),
});
export type SessionUserDto = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: sessionUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Saved addresses follow the checkout form's rules (one contract, in checkout.ts). */
export const addressInput = addressSchema;
export const createAddressRequest = addressInput.extend({ isDefault: z.boolean().default(false) });
export type CreateAddressRequest = z.input<typeof createAddressRequest>;
export const updateAddressRequest = addressInput.partial().extend({ isDefault: z.boolean().optional() });
export type UpdateAddressRequest = z.input<typeof updateAddressRequest>;

export const savedAddress = addressInput.extend({
  id: z.uuid(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
