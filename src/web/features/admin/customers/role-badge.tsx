import type { Role } from '#shared/constants';

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
    <span
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-bold ring-1 ring-inset ${ROLE_TONE[role]}`}
    >
      <span className="sr-only">Role: </span>
      {ROLE_LABEL[role]}
    </span>
  );
}
