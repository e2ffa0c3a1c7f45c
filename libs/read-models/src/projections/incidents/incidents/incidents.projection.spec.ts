import { incidentStream, type IncidentEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { incidentFollowUpsProjection } from '../incident-follow-ups/incident-follow-ups.projection';
import { incidentTasksProjection } from '../incident-tasks/incident-tasks.projection';
import { incidentTimelineProjection } from '../incident-timeline/incident-timeline.projection';
import { incidentsProjection } from './incidents.projection';

const recorded = eventRecorder<IncidentEvent>({ orgId: 'org-1', actorId: 'u1' });
const fields = {
  name: 'Checkout down',
  summary: 'Payments fail',
  customerImpact: '',
  severityId: 'sev2',
  priorityId: null,
  typeId: 'default',
  teamId: null,
  impactedServices: [],
  environments: [],
  labels: {},
};

describe('incident projections', () => {
  const log = eventLogPerTest('incidents');

  it('fold an incident, its timeline with a star, its tasks and follow-ups; a redelivery changes nothing', async () => {
    const stream = incidentStream('i1');
    await log.events.append(
      stream,
      [
        recorded({
          type: 'IncidentDeclared',
          data: {
            incidentId: 'i1',
            orgId: 'org-1',
            number: 4,
            at: minute(0),
            by: 'u1',
            fields,
            milestones: { started: minute(0), detected: minute(0) },
            alert: null,
          },
        }),
        recorded(
          {
            type: 'IncidentFieldsChanged',
            data: {
              incidentId: 'i1',
              at: minute(1),
              by: 'u2',
              changes: [{ field: 'name', value: 'Checkout slow', previous: 'Checkout down', version: 2 }],
            },
          },
          { actorId: 'u2', occurredAt: minute(1) },
        ),
        recorded(
          {
            type: 'IncidentMilestoneSet',
            data: { incidentId: 'i1', milestone: 'resolved', at: minute(5), previous: null },
          },
          minute(5),
        ),
        recorded({
          type: 'IncidentTaskAdded',
          data: {
            incidentId: 'i1',
            taskId: 't1',
            title: 'Roll back',
            assigneeId: 'u2',
            dueAt: null,
            done: false,
            doneAt: null,
            taskListId: null,
          },
        }),
        recorded({
          type: 'IncidentFollowUpAdded',
          data: {
            incidentId: 'i1',
            followUpId: 'f2',
            title: 'Alert on lag',
            ownerId: 'u1',
            dueAt: null,
            status: 'open',
          },
        }),
      ],
      'no_stream',
    );
    const declared = (await log.events.readStream(stream))[0];
    await log.events.append(
      stream,
      [
        recorded({
          type: 'IncidentEntryStarred',
          data: { incidentId: 'i1', position: declared.position, starred: true },
        }),
      ],
      4,
    );
    const history = await log.events.readStream(stream);

    const incidents = await project(incidentsProjection, history);
    expect(await incidents.store.find(incidentsProjection.collection)).toEqual([
      expect.objectContaining({
        _id: 'i1',
        name: 'Checkout slow',
        status: 'resolved',
        searchText: 'checkout slow\npayments fail',
        versions: expect.objectContaining({ name: { version: 2, by: 'u2', at: minute(1) } }),
        starred: [declared.position],
        position: history.at(-1)!.position,
      }),
    ]);
    await expectRedeliveryChangesNothing(incidents.store, incidentsProjection, incidents.checkpoint, history);

    const timeline = await project(incidentTimelineProjection, history);
    const entries = await timeline.store.find(incidentTimelineProjection.collection, {}, { sort: { position: 1 } });
    expect(entries.map((e) => [e.kind, e.actorId, e.system, e.starred])).toEqual([
      ['declared', 'u1', false, true],
      ['fields_changed', 'u2', false, false],
      ['milestone_set', 'u1', false, false],
      ['task_added', 'u1', false, false],
      ['follow_up_added', 'u1', false, false],
      ['entry_starred', 'u1', true, false],
    ]);
    await expectRedeliveryChangesNothing(timeline.store, incidentTimelineProjection, timeline.checkpoint, history);

    for (const view of [incidentTasksProjection, incidentFollowUpsProjection]) {
      const folded = await project(view, history);
      expect(await folded.store.find(view.collection)).toHaveLength(1);
      await expectRedeliveryChangesNothing(folded.store, view, folded.checkpoint, history);
    }
  });
});
