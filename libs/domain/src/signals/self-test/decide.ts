import { DomainError } from '../../shared/event';
import type { SelfTestCommand } from './commands';
import type { SelfTestEvent, SelfTestSettings } from './events';
import { selfTestIntervalMinutes, SELF_TEST_MESSAGES } from './rules';
import type { SelfTestState } from './state';

const same = (a: SelfTestSettings, b: SelfTestSettings) =>
  a.enabled === b.enabled &&
  a.interval === b.interval &&
  a.teamId === b.teamId &&
  a.escalationPolicyId === b.escalationPolicyId &&
  a.sourceId === b.sourceId &&
  a.ingestToken.sealed === b.ingestToken.sealed &&
  (a.heartbeatUrl?.sealed ?? null) === (b.heartbeatUrl?.sealed ?? null);

/**
 * The organization's self-test settings, set whole (PUT): every field's message at once, named as the request
 * names it. The api seals the heartbeat URL afresh on each request that names it, so such a PUT is a new event.
 */
export function decideSelfTest(command: SelfTestCommand, state: SelfTestState): SelfTestEvent[] {
  switch (command.type) {
    case 'ConfigureSelfTest': {
      const errors: Record<string, string[]> = {};
      if (typeof command.enabled !== 'boolean') errors.enabled = [SELF_TEST_MESSAGES.enabled];
      if (selfTestIntervalMinutes(command.interval) === null) errors.interval = [SELF_TEST_MESSAGES.interval];
      if (typeof command.teamId !== 'string' || !command.teamFound) errors.team_id = [SELF_TEST_MESSAGES.team];
      else if (typeof command.escalationPolicyId !== 'string' || !command.policyFound)
        errors.escalation_policy_id = [SELF_TEST_MESSAGES.policy];
      if (command.heartbeatProblem) errors.heartbeat_url = [command.heartbeatProblem];
      const fields = Object.entries(errors);
      if (fields.length > 0) throw new DomainError(fields[0][1][0], 'invalid', errors);
      const settings: SelfTestSettings = {
        enabled: command.enabled as boolean,
        interval: command.interval as string,
        teamId: command.teamId as string,
        escalationPolicyId: command.escalationPolicyId as string,
        sourceId: command.sourceId,
        ingestToken: command.ingestToken,
        heartbeatUrl: command.heartbeatUrl,
      };
      if (state.settings && same(state.settings, settings)) return [];
      return [{ type: 'SelfTestConfigured', data: { orgId: command.orgId, ...settings } }];
    }
  }
}
