import type { Role } from '#shared/constants';
import { Badge } from '../../../components/ui/badge';

const ROLE_LABEL: Record<Role, string> = { customer: 'Customer', admin: 'Admin', super_admin: 'Super admin' };
const ROLE_TONE: Record<Role, string> = {
  customer: 'bg-neutral-100 text-neutral-800 ring-neutral-300',
  admin: 'bg-blue-50 text-blue-900 ring-blue-300',
  super_admin: 'bg-purple-50 text-purple-900 ring-purple-300',
};

export const roleLabel = (role: Role) => ROLE_LABEL[role];

/** A person's role in words (the colour only repeats it). */
export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge label="Role: " className={`ring-1 ring-inset ${ROLE_TONE[role]}`}>
      {ROLE_LABEL[role]}
    </Badge>
  );
}
