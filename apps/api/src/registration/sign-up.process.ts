import { Injectable } from '@nestjs/common';
import { organizationCommand, registrationCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { ProcessManager, type ProcessOutcome } from '../process/process-manager';
import { newAccountSteps } from './new-account-steps';

/** Everything the sign-up's steps need, checked and recorded before the first of them runs. */
export interface SignUpInput {
  registrationId: string;
  tokenHash: string;
  /** When the link was followed: a run resumed after the link expired still completes. */
  now: string;
  userId: string;
  organizationId: string;
  email: string;
  name: string;
  passwordHash: string;
  organizationName: string;
}

export const SIGN_UP = 'signUp';

/**
 * Completing a sign-up touches five streams: the registration (its link spent first, so two submits
 * cannot make two accounts), the address's reservation, the user, the organization and the user again
 * (their default organization). Run by the process manager, so a stop between two of them is finished
 * at the next start; a refused step (the address taken meanwhile) releases the address so the person can
 * start again.
 */
@Injectable()
export class SignUpProcess {
  constructor(
    private readonly manager: ProcessManager,
    private readonly commands: Commands,
  ) {
    const account = newAccountSteps(commands);
    manager.define<SignUpInput>({
      kind: SIGN_UP,
      contextOf: (input) => ({ orgId: input.organizationId, actorId: input.userId }),
      steps: [
        {
          name: 'registration',
          run: ({ registrationId, tokenHash, userId, organizationId, now }, context) =>
            this.commands.run(
              registrationCommand(
                { type: 'CompleteRegistration', registrationId, tokenHash, userId, organizationId, now },
                context,
              ),
            ),
        },
        account.reserveEmail,
        account.registerUser,
        {
          name: 'organization',
          run: ({ organizationId, organizationName, userId }, context) =>
            this.commands.run(
              organizationCommand(
                { type: 'CreateOrganization', organizationId, name: organizationName, tier: 'free', ownerId: userId },
                context,
              ),
            ),
        },
        account.setDefaultOrganization,
      ],
      compensate: account.releaseEmailUnlessRegistered,
    });
  }

  run(input: SignUpInput): Promise<ProcessOutcome<SignUpInput>> {
    return this.manager.run(SIGN_UP, input.registrationId, input);
  }
}
