import { Inject, Injectable } from '@nestjs/common';
import { decideRegistration, evolveRegistration, initialRegistration, registrationStream } from '@tocsin/domain';
import { ProcessManager, type ProcessOutcome } from '../process/process-manager';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { handleCommand } from '../shared/event-sourced';
import { AccountCommands } from './account-commands';
import { newAccountSteps } from './new-account-steps';

const registration = { initial: initialRegistration, evolve: evolveRegistration, decide: decideRegistration };

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
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly manager: ProcessManager,
    private readonly commands: AccountCommands,
  ) {
    const account = newAccountSteps(commands);
    manager.define<SignUpInput>({
      kind: SIGN_UP,
      contextOf: (input) => ({ orgId: input.organizationId, actorId: input.userId }),
      steps: [
        {
          name: 'registration',
          run: ({ registrationId, tokenHash, userId, organizationId, now }, context) => handleCommand(
            this.deps, registrationStream(registrationId), registration,
            { type: 'CompleteRegistration', registrationId, tokenHash, userId, organizationId, now }, { ...context, orgId: '' },
          ),
        },
        account.reserveEmail,
        account.registerUser,
        {
          name: 'organization',
          run: ({ organizationId, organizationName, userId }, context) =>
            this.commands.organization({ type: 'CreateOrganization', organizationId, name: organizationName, tier: 'free', ownerId: userId }, context),
        },
        account.setDefaultOrganization,
      ],
      compensate: account.releaseEmailUnlessRegistered,
    });
  }

  run(input: SignUpInput): Promise<ProcessOutcome<SignUpInput>> {
    return this.manager.run(SIGN_UP, input.registrationId, input);
  }

  private get deps() {
    return { eventStore: this.runtime.infra.eventStore, clock: this.runtime.clock };
  }
}
