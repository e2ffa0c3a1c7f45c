import { Inject, Injectable } from '@nestjs/common';
import type { IncidentDeclared } from '@tocsin/domain';
import type { RecordedEvent } from '@tocsin/platform';
import {
  CONFIG,
  EVENT_STORE,
  LOGGER,
  READ_STORE,
  type AppConfig,
  type EventStore,
  type Logger,
  type ReadStore,
} from '../../runtime/ports';
import { systemContext } from '../../shared/request-context';
import { JobSideReactor } from '../../worker/job-side-reactor';
import { IncidentPaging } from './incident-paging';

/** Where the pages reactor keeps its place in the log. */
export const INCIDENT_PAGES_PROCESS = 'reactor:incident-pages';

/**
 * A declaration that asked to page a team carries the request, so no page is lost when the declaring process
 * stops between the declaration and the page (a crash, a deploy): this reactor follows the log and tries every
 * such page that was not tried to the end (recorded as paged or as failed). The request's own attempt usually
 * got there first, and this one only reads the incident's stream; both are keyed by incident and team, so the
 * team is paged once whichever goes. It runs where jobs run, from the start of the log (the declarations before
 * it came carry no request and cost a glance each).
 */
@Injectable()
export class IncidentPagesReactor extends JobSideReactor {
  constructor(
    @Inject(CONFIG) config: AppConfig,
    @Inject(EVENT_STORE) eventStore: EventStore,
    @Inject(READ_STORE) store: ReadStore,
    @Inject(LOGGER) logger: Logger,
    private readonly paging: IncidentPaging,
  ) {
    // an attempt that throws is recorded on the incident by the paging itself (the room shows why)
    super(config.APP_ROLE, {
      name: 'incident-pages',
      checkpoint: INCIDENT_PAGES_PROCESS,
      actsOn: new Set(['IncidentDeclared']),
      eventStore,
      store,
      logger,
    });
  }

  protected async act(recorded: RecordedEvent): Promise<void> {
    const { incidentId, orgId, number, at, by, fields, page } = recorded.data as IncidentDeclared['data'];
    if (!page || (await this.paging.tried(incidentId, page.teamId))) return;
    await this.paging.pageDeclared({ incidentId, number, name: fields.name, at }, page, systemContext(orgId, by));
  }
}
