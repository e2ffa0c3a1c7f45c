import { DomainError } from '../../shared/event';
import { formatDuration } from '../../shared/duration';
import { FIELD_MESSAGES } from '../../shared/field-rules';
import type { EventSourceCommand } from './commands';
import {
  EVENT_SOURCE_FORMATS,
  type EventSourceEvent,
  type EventSourceFormat,
  type EventSourceSettings,
} from './events';
import { checkRoutedSettings, sameSettings, TEAM_NOT_FOUND_MESSAGE, wholeNumberIn } from './routed-settings';
import type { EventSourceState } from './state';

export const EVENT_SOURCE_NAME_MAX_LENGTH = 100;
export const RATE_LIMIT_MIN = 1;
export const RATE_LIMIT_MAX = 100_000;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
/** A week: a quiet period longer than that is an alert nobody is watching. */
export const AUTO_RESOLVE_MAX_MINUTES = 10_080;
/** The words the API answers with, so a form can say the same before the round trip. */
export const RATE_LIMIT_MESSAGE = `rate_limit_per_minute must be a whole number from ${RATE_LIMIT_MIN} to ${RATE_LIMIT_MAX}`;
export const AUTO_RESOLVE_MESSAGE = `auto_resolve_after must be empty or an ISO-8601 duration in whole minutes from PT1M to ${formatDuration(AUTO_RESOLVE_MAX_MINUTES * 60)}`;
export { TEAM_NOT_FOUND_MESSAGE };
export const POLICY_NOT_FOUND_MESSAGE = "escalation_policy_id must be an escalation policy of the source's team";

function invalid(fields: Record<string, string[]>): never {
  throw new DomainError(Object.values(fields)[0][0], 'invalid', fields);
}

/** Every field's message at once, named as the request names it. */
function validSettings(
  settings: EventSourceSettings,
  found: { teamFound: boolean; policyFound: boolean },
): EventSourceSettings {
  const errors: Record<string, string[]> = {};
  const name = checkRoutedSettings(
    settings,
    found,
    { nameMaxLength: EVENT_SOURCE_NAME_MAX_LENGTH, policyMessage: POLICY_NOT_FOUND_MESSAGE },
    errors,
  );
  if (!wholeNumberIn(settings.rateLimitPerMinute, RATE_LIMIT_MIN, RATE_LIMIT_MAX)) {
    errors.rate_limit_per_minute = [RATE_LIMIT_MESSAGE];
  }
  if (
    settings.autoResolveMinutes !== null &&
    !wholeNumberIn(settings.autoResolveMinutes, 1, AUTO_RESOLVE_MAX_MINUTES)
  ) {
    errors.auto_resolve_after = [AUTO_RESOLVE_MESSAGE];
  }
  if (Object.keys(errors).length > 0) invalid(errors);
  return { ...settings, name };
}

/** Event sources (issue 9, "Ingestion"): created, changed, their token rotated, their signing secret set or removed. */
export function decideEventSource(command: EventSourceCommand, state: EventSourceState): EventSourceEvent[] {
  const { sourceId } = command;
  if (command.type === 'CreateEventSource') {
    if (state.status !== 'absent') throw new DomainError('The event source already exists', 'conflict');
    if (!(EVENT_SOURCE_FORMATS as readonly string[]).includes(command.format)) {
      invalid({ format: [FIELD_MESSAGES.oneOf('format', EVENT_SOURCE_FORMATS)] });
    }
    const settings = validSettings(
      {
        name: command.name ?? '',
        teamId: command.teamId ?? '',
        escalationPolicyId: command.escalationPolicyId ?? null,
        rateLimitPerMinute: command.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE,
        autoResolveMinutes: command.autoResolveMinutes ?? null,
      },
      command,
    );
    const { orgId, tokenHash, tokenHint, signingSecret } = command;
    const format = command.format as EventSourceFormat;
    return [
      {
        type: 'EventSourceCreated',
        data: { sourceId, orgId, format, tokenHash, tokenHint, signingSecret, ...settings },
      },
    ];
  }
  // another organization's source, like a deleted one, does not exist for this caller
  if (state.status !== 'active' || state.orgId !== command.orgId || !state.settings) {
    throw new DomainError('Event source not found', 'not_found');
  }
  switch (command.type) {
    case 'ChangeEventSource': {
      const current = state.settings;
      const next = validSettings(
        {
          name: command.name ?? current.name,
          teamId: command.teamId ?? current.teamId,
          escalationPolicyId:
            command.escalationPolicyId === undefined ? current.escalationPolicyId : command.escalationPolicyId,
          rateLimitPerMinute: command.rateLimitPerMinute ?? current.rateLimitPerMinute,
          autoResolveMinutes:
            command.autoResolveMinutes === undefined ? current.autoResolveMinutes : command.autoResolveMinutes,
        },
        command,
      );
      return sameSettings(next, current) ? [] : [{ type: 'EventSourceChanged', data: { sourceId, ...next } }];
    }
    case 'RotateEventSourceToken':
      return [
        {
          type: 'EventSourceTokenRotated',
          data: { sourceId, tokenHash: command.tokenHash, tokenHint: command.tokenHint },
        },
      ];
    case 'SetEventSourceSigningSecret':
      if (command.signingSecret === null && !state.signed) return [];
      return [{ type: 'EventSourceSigningSecretChanged', data: { sourceId, signingSecret: command.signingSecret } }];
    case 'DeleteEventSource':
      return [{ type: 'EventSourceDeleted', data: { sourceId } }];
  }
}
