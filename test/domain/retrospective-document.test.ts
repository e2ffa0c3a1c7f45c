import MarkdownIt from 'markdown-it';
import {
  buildRetrospectiveDocument,
  DEFAULT_INCIDENT_SETTINGS,
  DEFAULT_RETROSPECTIVE_TEMPLATE,
  retrospectiveTimeline,
  escapeMarkdown,
  retrospectiveMarkdown,
  type RetrospectiveTemplateContent,
} from '@tocsin/domain';
import { retrospectiveInput } from '../support/retrospective-fixture';

const markdown = new MarkdownIt();
const tokens = (text: string) => markdown.parse(text, {});
const headings = (text: string) =>
  tokens(text).flatMap((token, i, all) =>
    token.type === 'heading_open' ? [`${token.tag} ${all[i + 1].content}`] : [],
  );

describe('the retrospective document', () => {
  it('follows the template, with the incident pre-filled into the sections that name it', () => {
    const document = buildRetrospectiveDocument(DEFAULT_RETROSPECTIVE_TEMPLATE, retrospectiveInput());
    expect(document.title).toBe('Retrospective: Checkout is down');
    expect(document.sections.map((s) => s.title)).toEqual([
      'Overview',
      ...DEFAULT_RETROSPECTIVE_TEMPLATE.sections.map((s) => s.title),
    ]);
    const timeline = document.sections.find((s) => s.title === 'Timeline')!;
    expect(timeline.blocks[0]).toMatchObject({
      kind: 'table',
      rows: [
        ['Started', '2026-11-27 10:00 UTC'],
        ['Detected', '2026-11-27 10:04 UTC'],
        ['Resolved', '2026-11-27 10:40 UTC'],
        ['Closed', '—'],
      ],
    });
    expect(timeline.blocks[1]).toMatchObject({
      rows: [
        ['Time to detect (MTTD)', '4 mins'],
        ['Time to resolve (MTTR)', '40 mins'],
        ['Time to mitigate (MTTM)', '—'],
      ],
    });
    expect(timeline.blocks[2]).toMatchObject({
      rows: [['2026-11-27 10:12 UTC', 'Ada Lovelace', 'Rolled back release 42']],
    });
    const summary = document.sections.find((s) => s.title === 'Summary')!;
    expect(summary.blocks).toEqual([
      {
        kind: 'question',
        prompt: 'What happened, in a few sentences?',
        answer: 'A bad deploy of the payments service.',
      },
      { kind: 'question', prompt: 'Who and what was affected?', answer: null },
    ]);
    expect(document.sections.find((s) => s.title === 'Follow-ups')!.blocks[0]).toMatchObject({
      rows: [['Add a canary stage', 'Grace Hopper', '2026-12-15', 'open']],
    });
    expect(document.sections[0].blocks.at(-1)).toMatchObject({
      rows: [
        ['Commander', 'Ada Lovelace'],
        ['Communications', 'Unassigned'],
      ],
    });
  });

  it('gives the pre-filled parts sections of their own when the template has none for them', () => {
    const template: RetrospectiveTemplateContent = {
      name: 'Tiny',
      description: '',
      sections: [{ id: 's1', title: 'Notes', questions: [{ id: 's1q1', prompt: 'Anything?' }] }],
    };
    const document = buildRetrospectiveDocument(template, retrospectiveInput());
    expect(document.sections.map((s) => s.title)).toEqual([
      'Overview',
      'Timeline',
      'Contributing factors',
      'Follow-ups',
      'Notes',
    ]);
  });
});

describe('the retrospective in Markdown', () => {
  it('has the document headings, tables and answers', () => {
    const text = retrospectiveMarkdown(
      buildRetrospectiveDocument(DEFAULT_RETROSPECTIVE_TEMPLATE, retrospectiveInput()),
    );
    expect(headings(text)).toEqual([
      'h1 Retrospective: Checkout is down',
      'h2 Overview',
      ...DEFAULT_RETROSPECTIVE_TEMPLATE.sections.map((s) => `h2 ${s.title}`),
    ]);
    expect(text).toContain('| Detected | 2026-11-27 10:04 UTC |');
    expect(text).toContain('| Add a canary stage | Grace Hopper | 2026-12-15 | open |');
    expect(text).toContain('_No answer yet._');
  });

  it("keeps what people typed from changing the document's structure", () => {
    const hostile = [
      '# Not a heading',
      '## Fake section\n\n---\n===',
      '| a | b |\n| --- | --- |',
      '<script>alert(1)</script>',
      '[link](javascript:alert(1)) <https://example.com>',
      '**bold** _it_ `code` ~~gone~~ \\*',
      '1. list\n2) other',
      '- item\n+ item\n* item',
      '> quote',
      '![img](x) &lt;',
    ];
    let n = 0;
    const typed = () => hostile[n++ % hostile.length];
    const plain = retrospectiveInput();
    // the same shape as the plain input (as many rows and items), every text a person typed made hostile
    const input = retrospectiveInput({
      incident: { name: typed(), severity: typed(), summary: hostile.join('\n') },
      roles: plain.roles.map(() => ({ role: typed(), person: typed() })),
      starredEntries: plain.starredEntries.map((e) => ({ ...e, actor: typed(), text: typed() })),
      followUps: plain.followUps.map(() => ({ title: typed(), owner: typed(), due: typed(), status: typed() })),
      contributingFactors: plain.contributingFactors.map(typed),
      answers: [{ questionId: 's1q1', answer: hostile.join('\n\n') }],
    });
    const render = (value: typeof plain) =>
      tokens(retrospectiveMarkdown(buildRetrospectiveDocument(DEFAULT_RETROSPECTIVE_TEMPLATE, value)));
    const blocks = (list: ReturnType<typeof tokens>) =>
      list.filter((t) => !/^(paragraph|inline)/.test(t.type)).map((t) => `${t.type}:${t.tag}`);
    const hostileTokens = render(input);
    expect(blocks(hostileTokens)).toEqual(blocks(render(plain)));
    // nothing typed becomes markup: the same emphasis (the document's own) and no HTML, link, image or code
    const markup = (list: ReturnType<typeof tokens>) =>
      list
        .flatMap((t) => t.children ?? [])
        .map((t) => t.type)
        .filter((type) => /html|link|image|code|em_|strong_|^s_/.test(type));
    expect(markup(hostileTokens)).toEqual(markup(render(plain)));
    const html = markdown.render(
      retrospectiveMarkdown(buildRetrospectiveDocument(DEFAULT_RETROSPECTIVE_TEMPLATE, input)),
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('# Not a heading');
    expect(html).toContain('&amp;lt;');
  });

  it('escapes each mark once and leaves ordinary text as typed', () => {
    expect(escapeMarkdown('It is 10:04, fine.')).toBe('It is 10:04, fine.');
    expect(escapeMarkdown('# a *b* | c')).toBe('\\# a \\*b\\* \\| c');
    expect(escapeMarkdown('2. second\nline')).toBe('2\\. second line');
    expect(markdown.renderInline(escapeMarkdown('\\*x\\*'))).toBe('\\*x\\*');
  });
});

describe("the retrospective's milestones and durations", () => {
  it('follow the settings: milestones in order, each duration between two reached milestones', () => {
    const { milestones, durations } = retrospectiveTimeline(DEFAULT_INCIDENT_SETTINGS, [
      { key: 'detected', at: '2026-11-27T10:04:00.000Z' },
      { key: 'started', at: '2026-11-27T10:00:00.000Z' },
      { key: 'resolved', at: '2026-11-27T10:40:30.000Z' },
      { key: '__proto__', at: '2026-11-27T10:41:00.000Z' },
    ]);
    expect(milestones.slice(0, 5)).toEqual([
      { name: 'Started', at: '2026-11-27T10:00:00.000Z' },
      { name: 'Detected', at: '2026-11-27T10:04:00.000Z' },
      { name: 'Acknowledged', at: null },
      { name: 'Mitigated', at: null },
      { name: 'Resolved', at: '2026-11-27T10:40:30.000Z' },
    ]);
    expect(milestones).toHaveLength(DEFAULT_INCIDENT_SETTINGS.milestones.length);
    expect(durations).toEqual([
      { name: 'Time to detect (MTTD)', ms: 4 * 60_000 },
      { name: 'Time to acknowledge (MTTA)', ms: null },
      { name: 'Time to mitigate (MTTM)', ms: null },
      { name: 'Time to resolve (MTTR)', ms: 40 * 60_000 + 30_000 },
    ]);
    const document = buildRetrospectiveDocument(
      DEFAULT_RETROSPECTIVE_TEMPLATE,
      retrospectiveInput({ milestones, durations }),
    );
    const timeline = document.sections.find((s) => s.title === 'Timeline')!;
    expect(timeline.blocks[1]).toMatchObject({
      rows: expect.arrayContaining([['Time to resolve (MTTR)', '40 mins 30 secs']]),
    });
  });
});
