import { emailStream, userStream, type AccountRole } from '@tocsin/domain';
import { emailReservationCommand, organizationCommand, userCommand } from '../commands/aggregates';
import type { Commands } from '../commands/commands';
import { usersView } from '@tocsin/read-models';
import { crashPointReached } from '../process/crash-point';
import type { Runtime } from '../runtime/runtime';
import { deterministicId } from '../shared/event-sourced';
import { systemContext } from '../shared/request-context';
import { hashPassword } from '../sessions/secrets';

export const DEMO_ORG_ID = 'org-demo';
export const DEMO_PASSWORD = 'tocsin-demo-password';
const ROLES: AccountRole[] = ['owner', 'member', 'collaborator', 'viewer'];
export const demoEmail = (role: AccountRole) => `${role}@demo.tocsin.dev`;

/** The seed's last command: once in the log, the demo organization is whole. */
const LAST_STEP = `default/${ROLES[ROLES.length - 1]}`;

/**
 * First embedded start: a demo organization with an owner, a member, a collaborator and a viewer,
 * so a new user can sign in at once. It runs on an empty log, or to finish a seed a stop cut short
 * (command ids are fixed, so what was done is not done twice).
 */
export async function seedDemo(
  runtime: Runtime,
  commands: Pick<Commands, 'run'>,
): Promise<Array<{ role: AccountRole; email: string; password: string }> | null> {
  const { eventStore } = runtime.infra;
  const begun = (await eventStore.readStream(emailStream(demoEmail(ROLES[0])))).some(
    (e) => e.metadata.commandId === deterministicId(`demo-seed/email/${ROLES[0]}`),
  );
  const finished =
    begun &&
    (await eventStore.readStream(userStream(deterministicId(`demo-user/${ROLES[ROLES.length - 1]}`)))).some(
      (e) => e.metadata.commandId === deterministicId(`demo-seed/${LAST_STEP}`),
    );
  if (finished || (!begun && (await usersView.count(runtime.infra.readStore)) > 0)) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const context = (step: string, actor: string | null = null) => ({
    ...systemContext(DEMO_ORG_ID, actor),
    commandId: deterministicId(`demo-seed/${step}`),
  });
  const ownerId = deterministicId('demo-user/owner');
  for (const role of ROLES) {
    const userId = deterministicId(`demo-user/${role}`);
    await commands.run(
      emailReservationCommand({ type: 'ReserveEmail', email: demoEmail(role), userId }, context(`email/${role}`)),
    );
    await commands.run(
      userCommand(
        {
          type: 'RegisterUser',
          userId,
          email: demoEmail(role),
          name: `Demo ${role[0].toUpperCase()}${role.slice(1)}`,
          passwordHash,
        },
        context(`user/${role}`),
      ),
    );
    if (role === 'owner') {
      await commands.run(
        organizationCommand(
          {
            type: 'CreateOrganization',
            organizationId: DEMO_ORG_ID,
            name: 'Demo Organization',
            tier: 'enterprise',
            ownerId,
          },
          context('org', ownerId),
        ),
      );
    } else {
      await commands.run(
        organizationCommand(
          { type: 'AddMember', organizationId: DEMO_ORG_ID, userId, role },
          context(`member/${role}`, ownerId),
        ),
      );
    }
    const { position } = await commands.run(
      userCommand(
        { type: 'SetDefaultOrganization', userId, organizationId: DEMO_ORG_ID, isMember: true },
        context(`default/${role}`),
      ),
    );
    if (runtime.runner && position !== null) await runtime.runner.waitFor(position);
    crashPointReached(runtime.config.NODE_ENV, `demoSeed:${role}`);
  }
  return ROLES.map((role) => ({ role, email: demoEmail(role), password: DEMO_PASSWORD }));
}
