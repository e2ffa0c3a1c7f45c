import { Injectable } from '@nestjs/common';
import { DomainError } from '@tocsin/domain';
import { emailReservationCommand, organizationCommand, userCommand } from '../commands/aggregates';
import { Commands } from '../commands/commands';
import { ProcessManager, type ProcessOutcome } from '../process/process-manager';

/** The role a person provisioned by single sign-on starts with; an owner can change it. */
const PROVISIONED_ROLE = 'member';

/** What the sign-in found and decided, recorded before the first step so a resumed run does the same. */
export interface SsoProvisioningInput {
  runId: string;
  organizationId: string;
  userId: string;
  email: string;
  name: string;
  /** No account had this address: reserve it and create the user (without a password). */
  newUser: boolean;
  /** Not yet a member of the organization. */
  join: boolean;
  /** The user had no default organization: this one becomes it. */
  setDefault: boolean;
}

export const SSO_PROVISIONING = 'ssoProvisioning';

/**
 * A single sign-on touches up to four streams: the address's reservation, the user, the organization
 * (membership) and the user again (default organization, single sign-on link). A stop between two of them
 * is finished at the next start, so no address is left reserved for a user that does not exist.
 */
@Injectable()
export class SsoProvisioningProcess {
  constructor(
    private readonly manager: ProcessManager,
    private readonly commands: Commands,
  ) {
    manager.define<SsoProvisioningInput>({
      kind: SSO_PROVISIONING,
      contextOf: (input) => ({ orgId: input.organizationId, actorId: input.userId }),
      steps: [
        {
          name: 'email',
          run: async (input, context) =>
            input.newUser &&
            this.commands.run(
              emailReservationCommand({ type: 'ReserveEmail', email: input.email, userId: input.userId }, context),
            ),
        },
        {
          name: 'user',
          // No password: a single sign-on user signs in only through the provider ('' never verifies).
          run: async ({ newUser, userId, email, name }, context) =>
            newUser &&
            this.commands.run(userCommand({ type: 'RegisterUser', userId, email, name, passwordHash: '' }, context)),
        },
        {
          name: 'membership',
          run: async ({ join, organizationId, userId }, context) => {
            if (!join) return;
            await this.commands
              .run(organizationCommand({ type: 'AddMember', organizationId, userId, role: PROVISIONED_ROLE }, context))
              .catch((error: unknown) => {
                // joined meanwhile (an invitation accepted): what this step wanted is true already
                if (!(error instanceof DomainError && error.code === 'conflict')) throw error;
              });
          },
        },
        {
          name: 'defaultOrganization',
          run: async ({ join, setDefault, userId, organizationId }, context) =>
            join &&
            setDefault &&
            this.commands.run(
              userCommand({ type: 'SetDefaultOrganization', userId, organizationId, isMember: true }, context),
            ),
        },
        {
          name: 'sso',
          run: ({ userId, organizationId }, context) =>
            this.commands.run(userCommand({ type: 'LinkSso', userId, organizationId }, context)),
        },
      ],
      compensate: async (input, done, context) => {
        if (input.newUser && !done.includes('user'))
          await this.commands.run(
            emailReservationCommand({ type: 'ReleaseEmail', email: input.email, userId: input.userId }, context),
          );
      },
    });
  }

  run(input: SsoProvisioningInput): Promise<ProcessOutcome<SsoProvisioningInput>> {
    return this.manager.run(SSO_PROVISIONING, input.runId, input);
  }
}
