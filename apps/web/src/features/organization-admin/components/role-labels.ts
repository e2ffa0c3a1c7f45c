import { ROLES, type Role } from '@tocsin/domain';

export const roleLabel = (role: Role) => `${role[0].toUpperCase()}${role.slice(1)}`;

/** Least to most privileged, as the role table lists them. */
export const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
