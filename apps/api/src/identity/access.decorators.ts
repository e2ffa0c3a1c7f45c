import { SetMetadata } from '@nestjs/common';
import type { Permission } from '@tocsin/domain';

export const PUBLIC_ROUTE = 'tocsin:public';
export const REQUIRED_PERMISSION = 'tocsin:permission';

/** Open without a session (sign-in, sign-up, health, public status). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** Every endpoint declares what it needs: the permission is checked against the caller's role server-side. */
export const RequirePermission = (permission: Permission) => SetMetadata(REQUIRED_PERMISSION, permission);

/** Signed in, any role: data every member of the organization may read. */
export const SignedIn = () => SetMetadata(REQUIRED_PERMISSION, null);
