import type { AlertActor } from '@tocsin/domain';
import { viaOf, type RequestContext } from '../../shared/request-context';

/**
 * The person behind a request acting on an alert (acknowledge, resolve, escalate now, reassign), with what the
 * request came from by the one rule of `viaOf`: a browser session is 'web', anything else 'api'.
 */
export const requestActor = (context: RequestContext): AlertActor => ({
  kind: 'user',
  userId: context.actorId ?? '',
  via: viaOf(context),
});
