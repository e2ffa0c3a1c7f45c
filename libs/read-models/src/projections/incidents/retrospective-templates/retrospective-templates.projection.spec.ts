import {
  DEFAULT_RETROSPECTIVE_TEMPLATE,
  retrospectiveTemplateStream,
  type RetrospectiveTemplateEvent,
} from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { retrospectiveTemplatesView } from '../../../incidents/retrospective-templates.read-model';
import { retrospectiveTemplatesProjection as view } from './retrospective-templates.projection';

const recorded = eventRecorder<RetrospectiveTemplateEvent>({ orgId: 'org-1' });
const content = {
  name: 'Short',
  description: '',
  sections: [{ id: 's1', title: 'Summary', questions: [{ id: 's1q1', prompt: 'What happened?' }] }],
};

describe('retrospective templates projection', () => {
  const log = eventLogPerTest('retrospective-templates');

  it('keeps each template with its revision, beside the default the organization still has', async () => {
    const stream = retrospectiveTemplateStream('org-1', 't1');
    await log.events.append(
      stream,
      [
        recorded(
          {
            type: 'RetrospectiveTemplateCreated',
            data: { templateId: 't1', orgId: 'org-1', revision: 1, copiedFrom: 'standard', ...content },
          },
          minute(0),
        ),
        recorded(
          {
            type: 'RetrospectiveTemplateChanged',
            data: { templateId: 't1', orgId: 'org-1', revision: 2, ...content, name: 'Also short' },
          },
          minute(1),
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    const list = await retrospectiveTemplatesView.ofOrg(store, 'org-1');
    expect(list.map((t) => [t.templateId, t.name, t.revision, t.copiedFrom])).toEqual([
      ['t1', 'Also short', 2, 'standard'],
      ['standard', DEFAULT_RETROSPECTIVE_TEMPLATE.name, 0, null],
    ]);
    expect(await retrospectiveTemplatesView.find(store, 'org-2', 't1')).toBeNull();
    expect((await retrospectiveTemplatesView.ofOrg(store, 'org-2')).map((t) => t.templateId)).toEqual(['standard']);
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });

  it('keeps a deleted default template deleted for its organization only', async () => {
    const stream = retrospectiveTemplateStream('org-1', 'standard');
    await log.events.append(
      stream,
      [recorded({ type: 'RetrospectiveTemplateDeleted', data: { templateId: 'standard', orgId: 'org-1' } })],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    expect(await retrospectiveTemplatesView.ofOrg(store, 'org-1')).toEqual([]);
    expect(await retrospectiveTemplatesView.find(store, 'org-1', 'standard')).toBeNull();
    expect(await retrospectiveTemplatesView.find(store, 'org-2', 'standard')).toMatchObject({ revision: 0 });
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
