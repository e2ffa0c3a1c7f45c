import { Injectable } from '@nestjs/common';
import { userCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { SessionRegistry } from '../sessions/session-registry';
import { ProcessManager, type ProcessOutcome } from '../process/process-manager';

/** A change (signed in, the current password checked) or a reset (through an emailed link). */
export type PasswordChangeInput = { userId: string; passwordHash: string } & (
  { via: 'change'; keepSessionKey: string } | { via: 'reset'; tokenHash: string; now: string }
);

export const PASSWORD_CHANGE = 'passwordChange';

/**
 * A new password, then every other session of the user ended: the user's stream, then one stream per
 * session. A stop between the two must not leave a session someone else holds alive under the new
 * password, so the process finishes ending them at the next start.
 */
@Injectable()
export class PasswordChangeProcess {
  constructor(
    private readonly manager: ProcessManager,
    private readonly commands: Commands,
    private readonly registry: SessionRegistry,
  ) {
    manager.define<PasswordChangeInput>({
      kind: PASSWORD_CHANGE,
      // Not tagged with an organization: a password is the person's own business, not any organization's history.
      contextOf: (input) => ({ orgId: '', actorId: input.userId }),
      steps: [
        {
          name: 'password',
          run: (input, context) =>
            input.via === 'change'
              ? this.commands.run(
                  userCommand(
                    {
                      type: 'ChangePassword',
                      userId: input.userId,
                      currentPasswordValid: true,
                      passwordHash: input.passwordHash,
                    },
                    context,
                  ),
                )
              : this.commands.run(
                  userCommand(
                    {
                      type: 'ResetPassword',
                      userId: input.userId,
                      tokenHash: input.tokenHash,
                      passwordHash: input.passwordHash,
                      now: input.now,
                    },
                    context,
                  ),
                ),
        },
        {
          name: 'sessions',
          run: async (input, context) => {
            const keep = input.via === 'change' ? input.keepSessionKey : null;
            const sessions = (await this.registry.ofUser(input.userId)).filter((s) => s.key !== keep);
            await this.registry.endAll(sessions, 'password_changed', context);
          },
        },
      ],
      // only the first step can be refused (a spent reset link), and then nothing was done
      compensate: async () => undefined,
    });
  }

  run(runId: string, input: PasswordChangeInput): Promise<ProcessOutcome<PasswordChangeInput>> {
    return this.manager.run(PASSWORD_CHANGE, runId, input);
  }
}
