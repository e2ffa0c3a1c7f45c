import { retrospectiveStream, type RetrospectiveEvent } from '@tocsin/domain';
import {
  eventLogPerTest,
  eventRecorder,
  expectRedeliveryChangesNothing,
  minute,
  project,
} from '../../../../../../test/support/projection-spec';
import { retrospectivesView } from '../../../incidents/retrospectives.read-model';
import { retrospectivesProjection as view } from './retrospectives.projection';

const recorded = eventRecorder<RetrospectiveEvent>({ orgId: 'org-1' });
const sections = [{ id: 's1', title: 'Summary', questions: [{ id: 's1q1', prompt: 'What happened?' }] }];
const on = { incidentId: 'inc-1', by: 'user-1', at: '2026-11-27T12:00:00.000Z' };

describe('retrospectives projection', () => {
  const log = eventLogPerTest('retrospectives');

  it("keeps each incident's retrospective: answers with their revisions, factors, state; for its organization only", async () => {
    const stream = retrospectiveStream('inc-1');
    await log.events.append(
      stream,
      [
        recorded(
          {
            type: 'RetrospectiveStarted',
            data: { incidentId: 'inc-1', orgId: 'org-1', templateId: 'standard', sections, at: on.at },
          },
          minute(0),
        ),
        recorded(
          {
            type: 'RetrospectiveQuestionAnswered',
            data: { ...on, questionId: 's1q1', answer: 'First', revision: 1 },
          },
          minute(1),
        ),
        recorded(
          {
            type: 'RetrospectiveQuestionAnswered',
            data: { ...on, questionId: 's1q1', answer: 'Second', revision: 2 },
          },
          minute(2),
        ),
        recorded({ type: 'ContributingFactorAdded', data: { ...on, factorId: 'f1', text: 'No canary' } }, minute(3)),
        recorded({ type: 'ContributingFactorAdded', data: { ...on, factorId: 'f2', text: 'Gone' } }, minute(4)),
        recorded({ type: 'ContributingFactorRemoved', data: { ...on, factorId: 'f2' } }, minute(5)),
        recorded(
          { type: 'RetrospectiveStatusChanged', data: { ...on, from: 'in_progress', to: 'in_review' } },
          minute(6),
        ),
      ],
      'no_stream',
    );
    const history = await log.events.readStream(stream);
    const { store, checkpoint } = await project(view, history);
    const doc = await retrospectivesView.of(store, 'org-1', 'inc-1');
    expect(doc).toMatchObject({ templateId: 'standard', status: 'in_review', sections });
    expect(doc!.answers.map((a) => [a.questionId, a.answer, a.revision])).toEqual([['s1q1', 'Second', 2]]);
    expect(doc!.factors).toEqual([{ factorId: 'f1', text: 'No canary' }]);
    expect(await retrospectivesView.of(store, 'org-2', 'inc-1')).toBeNull();
    await expectRedeliveryChangesNothing(store, view, checkpoint, history);
  });
});
