import type { StepContext } from '../process/process-manager';
import type { AccountCommands } from './account-commands';

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
export function newAccountSteps(commands: AccountCommands) {
  return {
    reserveEmail: { name: 'email', run: (input: NewAccount, context: StepContext) => commands.reserveEmail(input.email, input.userId, context) },
    registerUser: {
      name: 'user',
      run: ({ userId, email, name, passwordHash }: NewAccount, context: StepContext) => commands.user({ type: 'RegisterUser', userId, email, name, passwordHash }, context),
    },
    setDefaultOrganization: {
      name: 'defaultOrganization',
      run: ({ userId, organizationId }: NewAccount, context: StepContext) =>
        commands.user({ type: 'SetDefaultOrganization', userId, organizationId, isMember: true }, context),
    },
    releaseEmailUnlessRegistered: async (input: NewAccount, done: readonly string[], context: StepContext) => {
      if (!done.includes('user')) await commands.releaseEmail(input.email, input.userId, context);
    },
  };
}
