import { incidentSettingsStream, type IncidentSettingsEvent } from '@tocsin/domain';
import {
  applyBatch,
  eventLogPerTest,
  eventRecorder,
  MemoryReadStore,
} from '../../../../../../test/support/projection-spec';
import { incidentSettingsView } from '../../../incidents/incident-settings.read-model';
import { incidentSettingsProjection as view } from './incident-settings.projection';

const recorded = eventRecorder<IncidentSettingsEvent>({ orgId: 'org-1', actorId: 'u1' });

describe('incident settings projection', () => {
  const log = eventLogPerTest('incident-settings');

  it('keeps each part as last saved, the rest falling back to the defaults in `of`', async () => {
    const conditions = [{ id: 'c1', name: 'Down', description: '' }];
    await log.events.append(
      incidentSettingsStream('org-1'),
      [
        recorded(
          { type: 'IncidentSettingsSaved', data: { orgId: 'org-1', part: 'conditions', value: [], revision: 1 } },
          '2026-01-01T00:00:00.000Z',
        ),
        recorded(
          {
            type: 'IncidentSettingsSaved',
            data: { orgId: 'org-1', part: 'conditions', value: conditions, revision: 2 },
          },
          '2026-01-01T00:01:00.000Z',
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(incidentSettingsStream('org-1'));
    const store = new MemoryReadStore();
    const first = await applyBatch(store, view, { position: null, version: view.version }, history);
    const settings = await incidentSettingsView.of(store, 'org-1');
    expect(settings.conditions).toEqual(conditions);
    expect(settings.severities.map((s) => s.name)).toEqual(['SEV1', 'SEV2', 'SEV3', 'SEV4', 'SEV5']);
    expect((await incidentSettingsView.doc(store, 'org-1'))?.revisions).toEqual({ conditions: 2 });
    expect((await incidentSettingsView.of(store, 'org-2')).conditions.map((c) => c.id)).toEqual([
      'operational',
      'degraded',
      'outage',
    ]);
    const again = await applyBatch(store, view, first.checkpoint, history);
    expect(again.changes).toEqual([]);
  });
});
