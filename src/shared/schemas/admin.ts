import { z } from 'zod';
// The product's wording for every check (and NUL/length rules).
import './text';
import { ROLES } from '../constants';

/** GET /api/admin/me: the signed-in admin as the admin API sees them. */
export const adminProfileResponse = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    displayName: z.string().nullable(),
  }),
  isAdmin: z.literal(true),
});
export type AdminProfile = z.infer<typeof adminProfileResponse>;
