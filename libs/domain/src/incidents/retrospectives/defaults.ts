import type { RetrospectiveTemplateContent } from './template';

/** The id of the template every organization starts with, the same in each (like the incident settings' ids). */
export const DEFAULT_RETROSPECTIVE_TEMPLATE_ID = 'standard';

const section = (n: number, title: string, prompts: string[]) => ({
  id: `s${n}`,
  title,
  questions: prompts.map((prompt, q) => ({ id: `s${n}q${q + 1}`, prompt })),
});

/**
 * What a new organization's one template says until it is changed: it needs no event (an organization's
 * `standard` template is this until a change or a deletion is recorded on its stream).
 */
export const DEFAULT_RETROSPECTIVE_TEMPLATE: RetrospectiveTemplateContent = {
  name: 'Standard retrospective',
  description: 'A blameless review of what happened, why, and what we will change.',
  sections: [
    section(1, 'Summary', ['What happened, in a few sentences?', 'Who and what was affected?']),
    section(2, 'Timeline', ['Which moments of the timeline mattered most, and why?']),
    section(3, 'Impact', ['How were customers affected, and for how long?', 'Which services and teams were involved?']),
    section(4, 'Contributing factors', ['What made this incident possible, or worse than it had to be?']),
    section(5, 'What went well', ['What helped us detect, respond to and resolve the incident?']),
    section(6, 'What could be better', ['What slowed us down or confused us?', 'What would have prevented it?']),
    section(7, 'Follow-ups', ['Which follow-ups will keep this from happening again?']),
  ],
};
