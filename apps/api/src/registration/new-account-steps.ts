import { emailReservationCommand, userCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import type { StepContext } from '../process/process-manager';

/** What every password sign-up knows before its first step. */
export interface NewAccount {
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
  organizationId: string;
}

/**
 * The steps a sign-up with a password shares, whichever way it came (the sign-up form, an invitation):
 * the address reserved, the user registered, the organization made their default; and the compensation
 * that frees the address when a later step is refused before the user exists (a user once created
 * keeps it). The step names are recorded in each run's stream: they stay as they are.
 */
export function newAccountSteps(commands: Commands) {
  return {
    reserveEmail: {
      name: 'email',
      run: (input: NewAccount, context: StepContext) =>
        commands.run(
          emailReservationCommand({ type: 'ReserveEmail', email: input.email, userId: input.userId }, context),
        ),
    },
    registerUser: {
      name: 'user',
      run: ({ userId, email, name, passwordHash }: NewAccount, context: StepContext) =>
        commands.run(userCommand({ type: 'RegisterUser', userId, email, name, passwordHash }, context)),
    },
    setDefaultOrganization: {
      name: 'defaultOrganization',
      run: ({ userId, organizationId }: NewAccount, context: StepContext) =>
        commands.run(userCommand({ type: 'SetDefaultOrganization', userId, organizationId, isMember: true }, context)),
    },
    releaseEmailUnlessRegistered: async (input: NewAccount, done: readonly string[], context: StepContext) => {
      if (!done.includes('user'))
        await commands.run(
          emailReservationCommand({ type: 'ReleaseEmail', email: input.email, userId: input.userId }, context),
        );
    },
  };
}
