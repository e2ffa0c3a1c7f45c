import { Injectable } from '@nestjs/common';
import { organizationCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { newAccountSteps } from '../registration/new-account-steps';
import { ProcessManager, type ProcessOutcome } from '../process/process-manager';

/** Everything the steps need, checked and recorded before the first of them runs. */
export interface InvitationSignUpInput {
  organizationId: string;
  invitationId: string;
  tokenHash: string;
  /** When the link was followed: a run resumed after the invitation expired still completes. */
  now: string;
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
}

export const INVITATION_SIGN_UP = 'invitationSignUp';

/**
 * Someone without an account accepts an invitation: the address is reserved, the invitation accepted
 * (it can be used once, so it comes before the user: a refusal there leaves nothing but the reservation,
 * which is released), then the user is created and given the organization as their default. One run per
 * invitation: a second submit of the same link drives the same run to the same account.
 */
@Injectable()
export class InvitationSignUpProcess {
  constructor(
    private readonly manager: ProcessManager,
    private readonly commands: Commands,
  ) {
    const account = newAccountSteps(commands);
    manager.define<InvitationSignUpInput>({
      kind: INVITATION_SIGN_UP,
      contextOf: (input) => ({ orgId: input.organizationId, actorId: input.userId }),
      steps: [
        account.reserveEmail,
        {
          name: 'invitation',
          run: ({ organizationId, invitationId, tokenHash, userId, email, now }, context) =>
            this.commands.run(
              organizationCommand(
                { type: 'AcceptInvitation', organizationId, invitationId, tokenHash, userId, email, now },
                context,
              ),
            ),
        },
        account.registerUser,
        account.setDefaultOrganization,
      ],
      compensate: account.releaseEmailUnlessRegistered,
    });
  }

  run(input: InvitationSignUpInput): Promise<ProcessOutcome<InvitationSignUpInput>> {
    return this.manager.run(INVITATION_SIGN_UP, input.invitationId, input);
  }
}
