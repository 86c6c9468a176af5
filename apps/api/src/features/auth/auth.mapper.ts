import type { User } from '@pathways/shared/auth/auth.schemas';

import type { UserRow } from './auth.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toUserDto(row: UserRow, organizationId: number | null = null): User {
  return {
    id: row.id,
    email: row.email,
    unconfirmedEmail: row.unconfirmedEmail,
    confirmationSentAt: iso(row.confirmationSentAt),
    confirmedAt: iso(row.confirmedAt),
    termsAcceptedAt: iso(row.termsAcceptedAt),
    isSuspended: row.isSuspended,
    avatar: row.avatar,
    primary: row.role === 'client' && row.primary,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    organizationId,
    timeZone: row.timeZone,
  };
}
