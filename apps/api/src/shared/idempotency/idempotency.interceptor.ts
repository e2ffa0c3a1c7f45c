import {
  CallHandler,
  ConflictException,
  ExecutionContext,
  HttpStatus,
  Inject,
  Injectable,
  Logger,
  NestInterceptor,
  SetMetadata,
  UnprocessableEntityException,
} from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { idempotencyPrincipalOf } from '../../sessions/identity.types';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { Request, Response } from 'express';
import { from, lastValueFrom, of, type Observable } from 'rxjs';
import { idempotencyKeyOf, scopedCommandId } from './idempotency-key';
import type { IdempotencyStore } from './idempotency.store';
import { requestFingerprint } from './request-fingerprint';

export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SECRET_ANSWER = 'tocsin:idempotency-secret-answer';

/**
 * On a route whose answer shows a secret once (an ingest token, a signing secret): the answer is never kept
 * for a replay, as the idempotency store would hold the secret in plain text for 24 hours. The key still
 * guards the change (its command id); a repeat is answered 409 saying the change was made and how to get a
 * new secret. Only the fact that the request succeeded is kept.
 */
export const AnswerShowsSecret = () => SetMetadata(SECRET_ANSWER, true);

export const SECRET_NOT_KEPT = {
  error: 'idempotency_answer_not_kept',
  message:
    'A request with this Idempotency-Key already succeeded. Its answer showed a secret once and is not kept: ' +
    'read the resource again, and rotate the token or make a new signing secret if the first answer was lost.',
};

/** Routes that write the response themselves (cookies, redirects) cannot be replayed from a stored body. */
function writesOwnResponse(context: ExecutionContext): boolean {
  const params = (Reflect.getMetadata(ROUTE_ARGS_METADATA, context.getClass(), context.getHandler().name) ??
    {}) as Record<string, unknown>;
  return Object.keys(params).some((key) =>
    [RouteParamtypes.RESPONSE, RouteParamtypes.NEXT].includes(Number(key.split(':')[0])),
  );
}

/** A body the JSON parser left alone (a multipart upload): the fingerprint could not tell two of them apart. */
function carriesUnparsedBody(request: Request): boolean {
  const hasBody =
    request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  return hasBody && !request.is('application/json');
}

/**
 * Stripe's idempotency contract for a signed-in caller's changes (POST, PUT, PATCH, DELETE with an
 * `Idempotency-Key`): the first successful answer is kept 24 hours per organization, user and key and
 * replayed to a repeat of the same request; the same key on a different request answers 422; a repeat
 * while the first still runs answers 409. Only 2xx answers are kept: a refused request wrote nothing,
 * so the caller may correct it and retry under the same key. Runs after the guards, so a request that
 * may not run never takes a key. The command id derives from the same scope (contextOf), so even a lost
 * answer never applies a command twice.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('idempotency');

  constructor(@Inject(IDEMPOTENCY_STORE) private readonly store: IdempotencyStore) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    const identity = request.identity;
    if (!MUTATING.has(request.method) || !identity || writesOwnResponse(context) || carriesUnparsedBody(request))
      return next.handle();
    const key = idempotencyKeyOf(request);
    if (key === undefined) return next.handle();

    const scope = scopedCommandId(identity.orgId, idempotencyPrincipalOf(identity), key);
    const fingerprint = requestFingerprint(request);
    const claim = await this.store.claim(scope, fingerprint);
    if (claim.kind === 'reused') {
      throw new UnprocessableEntityException({
        error: 'idempotency_key_reused',
        message: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
      });
    }
    if (claim.kind === 'in_flight') {
      throw new ConflictException({
        error: 'idempotency_key_in_use',
        message: 'A request with this Idempotency-Key is still being processed. Retry in a few seconds.',
      });
    }
    if (claim.kind === 'replay') {
      response.status(claim.answer.status).setHeader(REPLAYED_HEADER, 'true');
      return of(claim.answer.body);
    }
    const secret = Reflect.getMetadata(SECRET_ANSWER, context.getHandler()) === true;
    return from(this.run(next, scope, fingerprint, claim.token, response, secret));
  }

  private async run(
    next: CallHandler,
    scope: string,
    fingerprint: string,
    token: string,
    response: Response,
    secret: boolean,
  ): Promise<unknown> {
    let body: unknown;
    try {
      body = await lastValueFrom(next.handle(), { defaultValue: undefined });
    } catch (error) {
      await this.store
        .release(scope, token)
        .catch((cause: unknown) => this.logger.warn(`could not release an idempotency key: ${String(cause)}`));
      throw error;
    }
    // the change is made: a store that fails now costs the replay, not the answer (the command id still dedups)
    await this.store
      .complete(
        scope,
        fingerprint,
        token,
        secret ? { status: HttpStatus.CONFLICT, body: SECRET_NOT_KEPT } : { status: response.statusCode, body },
      )
      .catch((cause: unknown) => this.logger.warn(`could not keep an idempotent answer: ${String(cause)}`));
    return body;
  }
}
