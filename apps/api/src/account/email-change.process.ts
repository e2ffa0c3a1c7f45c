import { Injectable } from '@nestjs/common';
import { emailReservationCommand, userCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { ProcessManager, type ProcessOutcome } from '../process/process-manager';

export interface EmailChangeInput {
  userId: string;
  /** The confirmation link's token hash: also the run's id, so following the link again resumes the same run. */
  tokenHash: string;
  /** When the link was followed: a run resumed after the link expired still completes. */
  now: string;
  email: string;
  previousEmail: string;
}

export const EMAIL_CHANGE = 'emailChange';

/**
 * Following an email confirmation link touches three streams: the new address is reserved, the user's
 * email changes, the old address is released. A stop between two of them is finished at the next start
 * (or when the link is followed again); a refused change releases the new address.
 */
@Injectable()
export class EmailChangeProcess {
  constructor(
    private readonly manager: ProcessManager,
    private readonly commands: Commands,
  ) {
    manager.define<EmailChangeInput>({
      kind: EMAIL_CHANGE,
      contextOf: (input) => ({ orgId: '', actorId: input.userId }),
      steps: [
        {
          name: 'reserve',
          run: (input, context) =>
            this.commands.run(
              emailReservationCommand({ type: 'ReserveEmail', email: input.email, userId: input.userId }, context),
            ),
        },
        {
          name: 'change',
          run: ({ userId, tokenHash, now }, context) =>
            this.commands.run(userCommand({ type: 'ConfirmEmailChange', userId, tokenHash, now }, context)),
        },
        {
          name: 'release',
          run: (input, context) =>
            this.commands.run(
              emailReservationCommand(
                { type: 'ReleaseEmail', email: input.previousEmail, userId: input.userId },
                context,
              ),
            ),
        },
      ],
      compensate: async (input, done, context) => {
        if (!done.includes('change'))
          await this.commands.run(
            emailReservationCommand({ type: 'ReleaseEmail', email: input.email, userId: input.userId }, context),
          );
      },
    });
  }

  run(input: EmailChangeInput): Promise<ProcessOutcome<EmailChangeInput>> {
    return this.manager.run(EMAIL_CHANGE, input.tokenHash, input);
  }
}
