import { deciderSpec } from '../../../../../test/support/decider-spec';
import type { DomainError } from '../../shared/event';
import type { RetrospectiveCommand, RetrospectiveTemplateCommand } from './commands';
import { decideRetrospective, decideRetrospectiveTemplate, RETROSPECTIVE_COMPLETED } from './decide';
import { DEFAULT_RETROSPECTIVE_TEMPLATE, DEFAULT_RETROSPECTIVE_TEMPLATE_ID } from './defaults';
import type { RetrospectiveEvent, RetrospectiveTemplateCreated, RetrospectiveTemplateEvent } from './events';
import { StaleRevisionError } from './stale-revision';
import {
  evolveRetrospective,
  evolveRetrospectiveTemplate,
  initialRetrospective,
  initialRetrospectiveTemplate,
  type RetrospectiveState,
  type RetrospectiveTemplateState,
} from './state';
import { copyName, RETROSPECTIVE_SECTIONS_MESSAGE } from './template';

const templates = deciderSpec<RetrospectiveTemplateState, RetrospectiveTemplateCommand, RetrospectiveTemplateEvent>({
  initial: initialRetrospectiveTemplate,
  evolve: evolveRetrospectiveTemplate,
  decide: decideRetrospectiveTemplate,
});
const retrospectives = deciderSpec<RetrospectiveState, RetrospectiveCommand, RetrospectiveEvent>({
  initial: initialRetrospective,
  evolve: evolveRetrospective,
  decide: decideRetrospective,
});

const code = (expected: DomainError['code']) => (error: unknown) => expect((error as DomainError).code).toBe(expected);
const fields = (expected: Record<string, string[]>) => (error: unknown) => {
  expect((error as DomainError).code).toBe('invalid');
  expect((error as DomainError).fields).toEqual(expected);
};

const created: RetrospectiveTemplateCreated = {
  type: 'RetrospectiveTemplateCreated',
  data: {
    templateId: 't1',
    orgId: 'org-1',
    revision: 1,
    copiedFrom: null,
    name: 'Short',
    description: '',
    sections: [{ id: 's1', title: 'Summary', questions: [{ id: 's1q1', prompt: 'What happened?' }] }],
  },
};

describe('retrospective templates', () => {
  it('makes a template with ids by position, trimmed text and empty questions dropped', () =>
    templates
      .given([])
      .when({
        type: 'CreateRetrospectiveTemplate',
        templateId: 't1',
        orgId: 'org-1',
        name: '  Short ',
        sections: [{ title: ' Summary ', questions: ['What happened?', '  '] }],
      })
      .then([created]));

  it('names every bad field at once, as the request names it', () =>
    templates
      .given([])
      .when({
        type: 'CreateRetrospectiveTemplate',
        templateId: 't1',
        orgId: 'org-1',
        name: '',
        description: 42,
        sections: [{ title: '', questions: ['ok', 'x'.repeat(501)] }, 'not a section'],
      })
      .thenThrows(
        fields({
          name: ['name is a required field'],
          description: ['description must be a `string` type'],
          'sections[0].title': ['sections[0].title is a required field'],
          'sections[0].questions[1]': ['sections[0].questions[1] must be at most 500 characters'],
          'sections[1].title': ['sections[1].title is a required field'],
        }),
      ));

  it('refuses a template without sections', () =>
    templates
      .given([])
      .when({ type: 'CreateRetrospectiveTemplate', templateId: 't1', orgId: 'org-1', name: 'x', sections: [] })
      .thenThrows(fields({ sections: [RETROSPECTIVE_SECTIONS_MESSAGE] })));

  it('changes a template named at the revision its editor saw, and counts the revision', () => {
    const { templateId, orgId, description, sections } = created.data;
    templates
      .given([created])
      .when({ type: 'ChangeRetrospectiveTemplate', templateId: 't1', orgId: 'org-1', revision: 1, name: 'Longer' })
      .then([
        {
          type: 'RetrospectiveTemplateChanged',
          data: { templateId, orgId, revision: 2, name: 'Longer', description, sections },
        },
      ]);
  });

  it('refuses a stale revision with the template as it is now, and writes nothing', () =>
    templates
      .given([
        created,
        { type: 'RetrospectiveTemplateChanged', data: { ...created.data, revision: 2, name: 'Theirs' } },
      ])
      .when({ type: 'ChangeRetrospectiveTemplate', templateId: 't1', orgId: 'org-1', revision: 1, name: 'Mine' })
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(StaleRevisionError);
        expect((error as StaleRevisionError<{ name: string; revision: number }>).current).toMatchObject({
          name: 'Theirs',
          revision: 2,
        });
      }));

  it('records nothing when the content is the same', () =>
    templates
      .given([created])
      .when({ type: 'ChangeRetrospectiveTemplate', templateId: 't1', orgId: 'org-1', revision: 1, name: 'Short' })
      .thenNothingHappened());

  it("does not know another organization's template, nor a deleted one", () => {
    templates
      .given([created])
      .when({ type: 'DeleteRetrospectiveTemplate', templateId: 't1', orgId: 'org-2' })
      .thenThrows(code('not_found'));
    templates
      .given([created, { type: 'RetrospectiveTemplateDeleted', data: { templateId: 't1', orgId: 'org-1' } }])
      .when({ type: 'ChangeRetrospectiveTemplate', templateId: 't1', orgId: 'org-1', revision: 1, name: 'x' })
      .thenThrows(code('not_found'));
  });

  it("changes the organization's default template from revision 0 without any event before", () =>
    templates
      .given([])
      .when({
        type: 'ChangeRetrospectiveTemplate',
        templateId: DEFAULT_RETROSPECTIVE_TEMPLATE_ID,
        orgId: 'org-1',
        revision: 0,
        name: 'Our retrospective',
      })
      .then([
        {
          type: 'RetrospectiveTemplateChanged',
          data: {
            templateId: DEFAULT_RETROSPECTIVE_TEMPLATE_ID,
            orgId: 'org-1',
            revision: 1,
            ...DEFAULT_RETROSPECTIVE_TEMPLATE,
            name: 'Our retrospective',
          },
        },
      ]));

  it('names a copy "Copy of X", within the limit', () => {
    expect(copyName('Standard retrospective')).toBe('Copy of Standard retrospective');
    expect(copyName('x'.repeat(100))).toHaveLength(100);
  });
});

const by = { incidentId: 'i1', orgId: 'org-1', by: 'u1', at: '2026-11-27T10:00:00.000Z' };
const started: RetrospectiveEvent = {
  type: 'RetrospectiveStarted',
  data: {
    incidentId: 'i1',
    orgId: 'org-1',
    templateId: 'standard',
    sections: DEFAULT_RETROSPECTIVE_TEMPLATE.sections,
    at: by.at,
  },
};
const answered = (revision: number, answer: string): RetrospectiveEvent => ({
  type: 'RetrospectiveQuestionAnswered',
  data: { incidentId: 'i1', questionId: 's1q1', answer, revision, by: 'u1', at: by.at },
});
const status = (from: string, to: string) =>
  ({
    type: 'RetrospectiveStatusChanged',
    data: { incidentId: 'i1', from, to, by: 'u1', at: by.at },
  }) as RetrospectiveEvent;

describe('retrospectives', () => {
  it('answers a question at the revision the editor saw', () =>
    retrospectives
      .given([started])
      .when({ type: 'AnswerRetrospectiveQuestion', ...by, questionId: 's1q1', answer: ' A bad deploy. ', revision: 0 })
      .then([answered(1, 'A bad deploy.')]));

  it("refuses a stale answer with the other person's, without touching other questions", () => {
    retrospectives
      .given([started, answered(1, 'Theirs')])
      .when({ type: 'AnswerRetrospectiveQuestion', ...by, questionId: 's1q1', answer: 'Mine', revision: 0 })
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(StaleRevisionError);
        expect((error as StaleRevisionError<{ answer: string }>).current).toMatchObject({
          answer: 'Theirs',
          revision: 1,
        });
      });
    retrospectives
      .given([started, answered(1, 'Theirs')])
      .when({ type: 'AnswerRetrospectiveQuestion', ...by, questionId: 's1q2', answer: 'Mine', revision: 0 })
      .then([
        { ...answered(1, 'Mine'), data: { ...answered(1, 'Mine').data, questionId: 's1q2' } } as RetrospectiveEvent,
      ]);
  });

  it('refuses a question the retrospective does not have', () =>
    retrospectives
      .given([started])
      .when({ type: 'AnswerRetrospectiveQuestion', ...by, questionId: '__proto__', answer: 'x', revision: 0 })
      .thenThrows(code('not_found')));

  it('keeps a list of contributing factors', () => {
    const added: RetrospectiveEvent = {
      type: 'ContributingFactorAdded',
      data: { incidentId: 'i1', factorId: 'f1', text: 'No canary', by: 'u1', at: by.at },
    };
    retrospectives
      .given([started])
      .when({ type: 'AddContributingFactor', ...by, factorId: 'f1', text: ' No canary ' })
      .then([added]);
    retrospectives
      .given([started, added])
      .when({ type: 'AddContributingFactor', ...by, factorId: 'f1', text: 'No canary' })
      .thenNothingHappened();
    retrospectives
      .given([started])
      .when({ type: 'AddContributingFactor', ...by, factorId: 'f2', text: '  ' })
      .thenThrows(fields({ text: ['text is a required field'] }));
    retrospectives
      .given([started, added])
      .when({ type: 'RemoveContributingFactor', ...by, factorId: 'f1' })
      .then([{ type: 'ContributingFactorRemoved', data: { incidentId: 'i1', factorId: 'f1', by: 'u1', at: by.at } }]);
  });

  it('goes from in progress to in review to completed, and back from review only', () => {
    retrospectives
      .given([started])
      .when({ type: 'ChangeRetrospectiveStatus', ...by, status: 'in_review' })
      .then([status('in_progress', 'in_review')]);
    retrospectives
      .given([started])
      .when({ type: 'ChangeRetrospectiveStatus', ...by, status: 'completed' })
      .thenThrows(code('conflict'));
    retrospectives
      .given([started, status('in_progress', 'in_review')])
      .when({ type: 'ChangeRetrospectiveStatus', ...by, status: 'in_progress' })
      .then([status('in_review', 'in_progress')]);
    retrospectives
      .given([started, status('in_progress', 'in_review'), status('in_review', 'completed')])
      .when({ type: 'ChangeRetrospectiveStatus', ...by, status: 'in_review' })
      .thenThrows(code('conflict'));
  });

  it('takes no edit once completed', () =>
    retrospectives
      .given([started, status('in_progress', 'in_review'), status('in_review', 'completed')])
      .when({ type: 'AnswerRetrospectiveQuestion', ...by, questionId: 's1q1', answer: 'late', revision: 0 })
      .thenThrows((error) => expect((error as DomainError).message).toBe(RETROSPECTIVE_COMPLETED)));

  it("does not know another organization's retrospective, and starts once", () => {
    retrospectives
      .given([started])
      .when({ type: 'ChangeRetrospectiveStatus', ...by, orgId: 'org-2', status: 'in_review' })
      .thenThrows(code('not_found'));
    retrospectives
      .given([started])
      .when({ type: 'StartRetrospective', ...by, templateId: 'standard', sections: [] })
      .thenThrows(code('conflict'));
  });
});
