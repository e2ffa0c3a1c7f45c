import { createParamDecorator, ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { AccountRole, AlertChannel, Permission } from '@tocsin/domain';
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { idempotencyPrincipalOf } from '../sessions/identity.types';
import { idempotencyKeyOf, scopedCommandId } from './idempotency/idempotency-key';

/** What a command or query runs as. The organization always comes from the session, never from the client. */
export interface RequestContext {
  orgId: string;
  actorId: string | null;
  role: AccountRole | null;
  /** From the `Idempotency-Key` header (scoped by organization and user) when given, so a retried request is not applied twice. */
  commandId: string;
  /**
   * Set where the command id is made at random for this command alone (ingest: from the payload's own random
   * id), never on a context whose id is copied or derived: no stream can hold it yet, so the command path need
   * not read a stream whole to look for it (see `handleCommand`).
   */
  fresh?: boolean;
  correlationId: string;
  /**
   * What the request came from, as an alert's actions record it (`AlertActor.via`): 'web' when the caller is
   * a browser session (the session cookie the sign-in set, every mutation echoing its CSRF cookie), 'api' for
   * anything else (API keys, when they come, and contexts made without a request), 'link' and 'sms_reply' for a
   * person acting through a signed link or an SMS reply. Absent means 'api'. Events keep it in their metadata.
   */
  via?: RequestVia;
  /** The API key the request came with: its events name it (`metadata.via` 'key', `metadata.apiKeyId`). */
  apiKeyId?: string;
  /** An API key's scopes: what it may do beside its owner's `role` (see `heldPermissions`). */
  scopes?: readonly Permission[];
}

export type RequestVia = AlertChannel;

/** The one rule for where a request came from: see `RequestContext.via`. */
export const viaOf = (context: Pick<RequestContext, 'via'>): RequestVia => context.via ?? 'api';

function header(request: Request, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

export function contextOf(request: Request): RequestContext {
  const identity = request.identity;
  if (!identity)
    throw new UnauthorizedException({ error: 'unauthorized', message: 'You are signed out. Sign in to continue.' });
  const key = idempotencyKeyOf(request);
  const commandId =
    key === undefined ? randomUUID() : scopedCommandId(identity.orgId, idempotencyPrincipalOf(identity), key);
  return {
    orgId: identity.orgId,
    actorId: identity.userId,
    role: identity.role,
    commandId,
    correlationId: header(request, 'x-correlation-id') ?? commandId,
    // a session is a browser's sign-in; an API key is a machine's
    via: identity.sessionKey ? 'web' : 'api',
    ...(identity.apiKey ? { apiKeyId: identity.apiKey.id, scopes: identity.apiKey.scopes } : {}),
  };
}

/** A context for the system itself (seeding, jobs): no session, an explicit organization. */
export function systemContext(orgId: string, actorId: string | null = null): RequestContext {
  const commandId = randomUUID();
  return { orgId, actorId, role: null, commandId, correlationId: commandId };
}

export const Ctx = createParamDecorator((_: unknown, execution: ExecutionContext) =>
  contextOf(execution.switchToHttp().getRequest<Request>()),
);
