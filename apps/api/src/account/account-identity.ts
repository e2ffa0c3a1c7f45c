import { ForbiddenException, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import type { Identity } from '../sessions/identity.types';

/**
 * The caller's own identity for the account area. A staff session acts in someone else's
 * organization, so it has no account area (SPEC.md section 2: account/* is not for staff sessions).
 */
export function personalIdentity(request: Request): Identity {
  const identity = request.identity;
  if (!identity)
    throw new UnauthorizedException({ error: 'unauthorized', message: 'You are signed out. Sign in to continue.' });
  if (identity.staff)
    throw new ForbiddenException({
      error: 'forbidden',
      message: 'The account area is not available in a staff session.',
    });
  return identity;
}
