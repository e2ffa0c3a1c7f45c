import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  DomainError,
  evolveOrganization,
  initialOrganization,
  organizationStream,
  type MemberRemoved,
  type OrganizationEvent,
} from '@tocsin/domain';
import { teamsView } from '@tocsin/read-models';
import type { RecordedEvent } from '@tocsin/platform';
import { EVENT_STORE, LOGGER, READ_STORE, type EventStore, type Logger, type ReadStore } from '../runtime/ports';
import { deterministicId } from '../shared/event-sourced';
import { LogFollower } from '../shared/log-follower';
import { TeamCommands } from './team.commands';

/** Where the reactor keeps its place in the log (beside the views' checkpoints). */
export const TEAM_LEAVERS = 'reactor:team-leavers';
const ATTEMPTS = 3;

/**
 * Someone removed from an organization leaves its teams too. A process rather than a projection: it
 * reacts to MemberRemoved in the log by issuing RemoveTeamMember to each of the organization's teams
 * they are in, so each team's own stream (what its decider and its history read) records that they
 * left, under the removal's correlation id. It runs in every process serving the api; its command ids
 * derive from the event and the team, so a redelivered event, a replay at boot or a second api node
 * changes nothing twice.
 */
@Injectable()
export class TeamLeaversReactor implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly follower: LogFollower;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly commands: TeamCommands,
  ) {
    this.follower = new LogFollower('team leavers', logger);
  }

  async onApplicationBootstrap(): Promise<void> {
    const checkpoint = await this.readStore.checkpoint(TEAM_LEAVERS);
    this.follower.follow(this.eventStore, checkpoint?.position ?? null, (event) => this.handle(event));
  }

  async onModuleDestroy(): Promise<void> {
    await this.follower.stop();
  }

  /** Read-your-writes for the remover: resolves once the event at `position` is handled and the teams view shows it (bounded). */
  async waitFor(position: number | null, timeoutMs = 5000): Promise<void> {
    await this.follower.waitFor(position, timeoutMs);
  }

  private async handle(event: RecordedEvent): Promise<void> {
    if (event.type !== 'MemberRemoved') return;
    await this.reactWithRetries(event as RecordedEvent<MemberRemoved['data']>);
    await this.readStore.commit(TEAM_LEAVERS, { position: event.position, version: 1 }, []);
  }

  private async reactWithRetries(event: RecordedEvent<MemberRemoved['data']>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.react(event);
      } catch (error) {
        if (attempt >= ATTEMPTS) {
          // a stuck event must not stop every later one; the next replay from an older checkpoint tries again
          this.logger.error(
            { err: error, event: event.id, ...event.data },
            'team leavers: could not remove a former member from their teams',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }

  private async react(event: RecordedEvent<MemberRemoved['data']>): Promise<void> {
    const { organizationId, userId } = event.data;
    // rejoined since (a replay of an old removal): the team places they hold now are theirs. The
    // organization's stream decides, not a view that may lag behind it.
    const history = await this.eventStore.readStream(organizationStream(organizationId));
    const organization = history.reduce(
      (state, e) => evolveOrganization(state, { type: e.type, data: e.data } as OrganizationEvent),
      initialOrganization(),
    );
    if (organization.members[userId]) return;
    const teams = await teamsView.ofMember(this.readStore, organizationId, userId);
    for (const team of teams) {
      const context = {
        orgId: organizationId,
        actorId: event.metadata.actorId,
        role: null,
        commandId: deterministicId(`${event.id}/team/${team._id}`),
        correlationId: event.metadata.correlationId,
      };
      await this.commands
        .run({ type: 'RemoveTeamMember', teamId: team._id, userId }, context)
        .catch((error: unknown) => {
          // already gone from that team (or the team itself): nothing left to do
          if (!(error instanceof DomainError && error.code === 'not_found')) throw error;
        });
    }
  }
}
