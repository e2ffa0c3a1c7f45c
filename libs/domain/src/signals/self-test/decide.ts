import { DomainError } from '../../shared/event';
import type { SelfTestCommand } from './commands';
import type { SelfTestEvent, SelfTestSettings } from './events';
import { isSelfTestChannel, selfTestIntervalMinutes, SELF_TEST_MESSAGES } from './rules';
import type { SelfTestState } from './state';

const same = (a: SelfTestSettings, b: SelfTestSettings) =>
  a.enabled === b.enabled &&
  a.interval === b.interval &&
  a.channel === b.channel &&
  a.destination.sealed === b.destination.sealed &&
  (a.heartbeatUrl?.sealed ?? null) === (b.heartbeatUrl?.sealed ?? null);

/**
 * The organization's self-test settings, set whole (PUT): every field's message at once, named as the request
 * names it. The api seals the addresses afresh on each request, so a repeated PUT is a new event; harmless.
 */
export function decideSelfTest(command: SelfTestCommand, state: SelfTestState): SelfTestEvent[] {
  switch (command.type) {
    case 'ConfigureSelfTest': {
      const errors: Record<string, string[]> = {};
      if (typeof command.enabled !== 'boolean') errors.enabled = [SELF_TEST_MESSAGES.enabled];
      if (selfTestIntervalMinutes(command.interval) === null) errors.interval = [SELF_TEST_MESSAGES.interval];
      if (!isSelfTestChannel(command.channel)) errors.channel = [SELF_TEST_MESSAGES.channel];
      else if (command.destinationProblem || !command.destination)
        errors.destination = [command.destinationProblem ?? SELF_TEST_MESSAGES.destinationRequired];
      if (command.heartbeatProblem) errors.heartbeat_url = [command.heartbeatProblem];
      const fields = Object.entries(errors);
      if (fields.length > 0) throw new DomainError(fields[0][1][0], 'invalid', errors);
      const settings: SelfTestSettings = {
        enabled: command.enabled as boolean,
        interval: command.interval as string,
        channel: command.channel as SelfTestSettings['channel'],
        destination: command.destination!,
        heartbeatUrl: command.heartbeatUrl,
      };
      if (state.settings && same(state.settings, settings)) return [];
      return [{ type: 'SelfTestConfigured', data: { orgId: command.orgId, ...settings } }];
    }
  }
}
