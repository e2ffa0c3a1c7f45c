import { DomainError } from '../../shared/event';
import { FIELD_MESSAGES, WEBHOOK_URL_MAX_LENGTH } from '../../shared/field-rules';
import type { WebhookDeliveryCommand, WebhookTargetCommand } from './commands';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookDeliveryEvent,
  type WebhookEventType,
  type WebhookTargetEvent,
  type WebhookTargetSettings,
} from './events';
import type { WebhookDeliveryState, WebhookTargetState } from './state';

export const WEBHOOK_TARGET_NAME_MAX_LENGTH = 100;
/** A target is limited to this many teams (each is looked up on every event). */
export const WEBHOOK_TEAMS_MAX = 50;
/**
 * The pause rule (README "Webhook targets"): this many failed tries in a row (retries included), the first of
 * them at least WEBHOOK_PAUSE_AFTER_MS before the last, pause the target. One bad minute pauses nothing; a
 * receiver that is down for an hour and still failing is paused and its owners are told.
 */
export const WEBHOOK_PAUSE_AFTER_FAILURES = 10;
export const WEBHOOK_PAUSE_AFTER_MS = 60 * 60 * 1000;

export const WEBHOOK_URL_MESSAGE = 'url must be a valid URL';
export const WEBHOOK_HTTPS_MESSAGE = 'url must start with https://';
export const WEBHOOK_EVENT_TYPES_MESSAGE = `event_types must hold at least one of ${WEBHOOK_EVENT_TYPES.join(', ')}`;
export const WEBHOOK_TEAM_NOT_FOUND_MESSAGE = 'team_ids must be teams of the organization';
export const WEBHOOK_TARGET_NOT_FOUND = 'Webhook target not found';

function invalid(fields: Record<string, string[]>): never {
  throw new DomainError(Object.values(fields)[0][0], 'invalid', fields);
}

const isEventType = (value: unknown): value is WebhookEventType =>
  typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/** Every field's message at once, named as the request names it. */
function validSettings(
  settings: WebhookTargetSettings,
  checks: { unknownTeamIds: string[]; urlProblem: string | null; httpAllowed: boolean },
): WebhookTargetSettings {
  const errors: Record<string, string[]> = {};
  const name = typeof settings.name === 'string' ? settings.name.trim() : '';
  if (!name) errors.name = [FIELD_MESSAGES.required('name')];
  else if (name.length > WEBHOOK_TARGET_NAME_MAX_LENGTH)
    errors.name = [FIELD_MESSAGES.maxLength('name', WEBHOOK_TARGET_NAME_MAX_LENGTH)];
  const url = typeof settings.url === 'string' ? settings.url.trim() : '';
  let parsed: URL | null = null;
  try {
    parsed = url ? new URL(url) : null;
  } catch {
    parsed = null;
  }
  if (!url) errors.url = [FIELD_MESSAGES.required('url')];
  else if (url.length > WEBHOOK_URL_MAX_LENGTH) errors.url = [FIELD_MESSAGES.maxLength('url', WEBHOOK_URL_MAX_LENGTH)];
  else if (
    !parsed ||
    (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') ||
    parsed.username ||
    parsed.password
  )
    errors.url = [WEBHOOK_URL_MESSAGE];
  else if (parsed.protocol === 'http:' && !checks.httpAllowed) errors.url = [WEBHOOK_HTTPS_MESSAGE];
  else if (checks.urlProblem) errors.url = [`url cannot be called: ${checks.urlProblem}`];
  const eventTypes = Array.isArray(settings.eventTypes) ? settings.eventTypes : [];
  if (eventTypes.length === 0 || !eventTypes.every(isEventType)) errors.event_types = [WEBHOOK_EVENT_TYPES_MESSAGE];
  const teamIds = Array.isArray(settings.teamIds) ? settings.teamIds : [];
  if (teamIds.length > WEBHOOK_TEAMS_MAX) errors.team_ids = [`team_ids must hold at most ${WEBHOOK_TEAMS_MAX} teams`];
  else if (checks.unknownTeamIds.length > 0) errors.team_ids = [WEBHOOK_TEAM_NOT_FOUND_MESSAGE];
  if (Object.keys(errors).length > 0) invalid(errors);
  return {
    name,
    url,
    eventTypes: WEBHOOK_EVENT_TYPES.filter((type) => eventTypes.includes(type)),
    teamIds: [...new Set(teamIds)],
  };
}

const sameSettings = (a: WebhookTargetSettings, b: WebhookTargetSettings) =>
  a.name === b.name &&
  a.url === b.url &&
  a.eventTypes.join() === b.eventTypes.join() &&
  a.teamIds.join() === b.teamIds.join();

/** Webhook targets: made, changed, their secret rotated, paused after failures, resumed, deleted. */
export function decideWebhookTarget(command: WebhookTargetCommand, state: WebhookTargetState): WebhookTargetEvent[] {
  const { targetId } = command;
  if (command.type === 'CreateWebhookTarget') {
    if (state.status !== 'absent') throw new DomainError('The webhook target already exists', 'conflict');
    const settings = validSettings(
      {
        name: command.name ?? '',
        url: command.url ?? '',
        eventTypes: command.eventTypes ?? [],
        teamIds: command.teamIds ?? [],
      },
      command,
    );
    const { orgId, secret, secretHint } = command;
    return [{ type: 'WebhookTargetCreated', data: { targetId, orgId, secret, secretHint, ...settings } }];
  }
  // another organization's target, like a deleted one, does not exist for this caller
  if (state.status === 'absent' || state.status === 'deleted' || state.orgId !== command.orgId || !state.settings) {
    throw new DomainError(WEBHOOK_TARGET_NOT_FOUND, 'not_found');
  }
  switch (command.type) {
    case 'ChangeWebhookTarget': {
      const current = state.settings;
      const next = validSettings(
        {
          name: command.name ?? current.name,
          url: command.url ?? current.url,
          eventTypes: command.eventTypes ?? current.eventTypes,
          teamIds: command.teamIds ?? current.teamIds,
        },
        command,
      );
      return sameSettings(next, current) ? [] : [{ type: 'WebhookTargetChanged', data: { targetId, ...next } }];
    }
    case 'RotateWebhookTargetSecret':
      if (state.rotating) {
        throw new DomainError(
          'A rotation is under way: finish it (the receiver uses the new secret) before starting another',
          'conflict',
        );
      }
      return [
        {
          type: 'WebhookTargetSecretRotated',
          data: {
            targetId,
            secret: command.secret,
            secretHint: command.secretHint,
            previousSecret: command.previousSecret,
          },
        },
      ];
    case 'FinishWebhookTargetRotation':
      return state.rotating ? [{ type: 'WebhookTargetRotationFinished', data: { targetId } }] : [];
    case 'RecordWebhookTargetOutcome':
      return outcome(command, state);
    case 'ResumeWebhookTarget':
      return state.status === 'paused' || state.failures > 0
        ? [{ type: 'WebhookTargetResumed', data: { targetId, at: command.at } }]
        : [];
    case 'DeleteWebhookTarget':
      return [{ type: 'WebhookTargetDeleted', data: { targetId } }];
  }
}

function outcome(
  command: Extract<WebhookTargetCommand, { type: 'RecordWebhookTargetOutcome' }>,
  state: WebhookTargetState,
): WebhookTargetEvent[] {
  const { targetId, at } = command;
  if (command.ok) return state.failures > 0 ? [{ type: 'WebhookTargetRecovered', data: { targetId, at } }] : [];
  const failures = state.failures + 1;
  const since = state.failingSince ?? at;
  const failed: WebhookTargetEvent = { type: 'WebhookTargetFailed', data: { targetId, failures, since, at } };
  const due =
    state.status === 'active' &&
    failures >= WEBHOOK_PAUSE_AFTER_FAILURES &&
    Date.parse(at) - Date.parse(since) >= WEBHOOK_PAUSE_AFTER_MS;
  if (!due) return [failed];
  return [failed, { type: 'WebhookTargetPaused', data: { targetId, orgId: command.orgId, failures, since, at } }];
}

/** One event's delivery to one target: each try recorded, a redelivery starting a new round. */
export function decideWebhookDelivery(
  command: WebhookDeliveryCommand,
  state: WebhookDeliveryState,
): WebhookDeliveryEvent[] {
  const { targetId, orgId, eventId } = command;
  const unknown = command.type === 'RequestWebhookRedelivery' && state.orgId === null;
  if (unknown || (state.orgId !== null && (state.orgId !== orgId || state.targetId !== targetId))) {
    throw new DomainError('Delivery not found', 'not_found');
  }
  switch (command.type) {
    case 'RecordWebhookAttempt': {
      // a try of a round a redelivery has replaced, or of one that went through already, is not recorded again
      if (command.round !== state.round || (state.delivered && state.attempts > 0)) return [];
      const { eventType, round, at, durationMs, statusCode, ok, error } = command;
      return [
        {
          type: 'WebhookDeliveryAttempted',
          data: {
            targetId,
            orgId,
            eventId,
            eventType,
            round,
            attempt: state.attempts + 1,
            at,
            durationMs,
            statusCode,
            ok,
            error,
          },
        },
      ];
    }
    case 'RequestWebhookRedelivery':
      return [
        {
          type: 'WebhookRedeliveryRequested',
          data: { targetId, orgId, eventId, round: state.round + 1, at: command.at },
        },
      ];
  }
}
