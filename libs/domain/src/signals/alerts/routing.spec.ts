import { conditionErrors, PATTERN_MAX_LENGTH } from './condition-errors';
import { compilePattern, PATTERN_PROGRAM_MAX, PATTERN_TEXT_MAX } from './pattern';
import type { AlertRule, PatternLookup, RoutableAlert, SourceDefault } from './routing';
import { conditionHolds, routeAlert, routeAlertSteps } from './routing';

const patterns: PatternLookup = (source) => {
  const compiled = compilePattern(source);
  return typeof compiled === 'string' ? null : compiled;
};

const alert: RoutableAlert = {
  sourceId: 'source-prom',
  summary: 'Disk almost full on db-1',
  priority: 'MEDIUM',
  labels: { severity: 'critical', service: 'payments', empty: '' },
};
const fallback: SourceDefault = { teamId: 'team-default', escalationPolicyId: 'policy-default' };
const rule = (id: string, conditions: AlertRule['conditions'], action: AlertRule['action']): AlertRule => ({
  id,
  teamId: `team-of-${id}`,
  name: id,
  conditions,
  action,
});

describe('alert routing', () => {
  it.each([
    [{ field: 'labels.severity', operator: 'equals', value: 'CRITICAL' }, true],
    [{ field: 'labels.severity', operator: 'equals', value: 'warning' }, false],
    [{ field: 'summary', operator: 'contains', value: 'db-1' }, true],
    [{ field: 'summary', operator: 'contains', value: 'db-2' }, false],
    [{ field: 'summary', operator: 'matches', value: '^disk .* db-\\d$' }, true],
    [{ field: 'labels.service', operator: 'matches', value: '^pay' }, true],
    [{ field: 'labels.service', operator: 'exists' }, true],
    [{ field: 'labels.team', operator: 'exists' }, false],
    [{ field: 'labels.empty', operator: 'exists' }, false],
    [{ field: 'labels.team', operator: 'equals', value: '' }, false],
    [{ field: 'source', operator: 'equals', value: 'source-prom' }, true],
    [{ field: 'priority', operator: 'equals', value: 'medium' }, true],
    // an inherited property is not a label
    [{ field: 'labels.constructor', operator: 'exists' }, false],
  ] as const)('%j holds: %s', (condition, expected) => {
    expect(conditionHolds(condition, alert, patterns)).toBe(expected);
  });

  it('lets the first rule whose conditions all hold decide, in the order given', () => {
    const rules = [
      rule('r1', [{ field: 'labels.service', operator: 'equals', value: 'search' }], {
        type: 'route',
        escalationPolicyId: 'p1',
      }),
      rule(
        'r2',
        [
          { field: 'labels.service', operator: 'equals', value: 'payments' },
          { field: 'labels.severity', operator: 'equals', value: 'critical' },
        ],
        { type: 'route', escalationPolicyId: 'p2', priority: 'HIGH' },
      ),
      rule('r3', [], { type: 'route', escalationPolicyId: 'p3' }),
    ];
    expect(routeAlert(rules, alert, fallback, patterns)).toEqual({
      kind: 'route',
      ruleId: 'r2',
      teamId: 'team-of-r2',
      escalationPolicyId: 'p2',
      priority: 'HIGH',
    });
    // without an override the alert keeps its priority; a rule with no conditions takes everything
    expect(routeAlert(rules.slice(2), alert, fallback, patterns)).toMatchObject({ ruleId: 'r3', priority: 'MEDIUM' });
  });

  it('matches a catastrophic-backtracking pattern against a long text without stalling (RE2, linear time)', () => {
    const condition = { field: 'summary', operator: 'matches' as const, value: '^(a+)+$' };
    const evil = {
      sourceId: 's',
      summary: `${'a'.repeat(PATTERN_TEXT_MAX - 1)}!`,
      priority: 'HIGH' as const,
      labels: {},
    };
    // a backtracking engine takes longer than the age of the universe here; the test's own timeout is the bound
    expect(conditionHolds(condition, evil, patterns)).toBe(false);
    expect(conditionHolds(condition, { ...evil, summary: 'aaaa' }, patterns)).toBe(true);
  });

  it('reads only the start of a long text: the work of one pattern is bounded whatever was sent', () => {
    const condition = { field: 'labels.note', operator: 'matches' as const, value: 'needle' };
    const long = (note: string) => ({ ...alert, labels: { note } });
    expect(conditionHolds(condition, long(`${'x'.repeat(PATTERN_TEXT_MAX - 6)}needle`), patterns)).toBe(true);
    expect(conditionHolds(condition, long(`${'x'.repeat(PATTERN_TEXT_MAX)}needle`), patterns)).toBe(false);
  });

  it('lets a pattern refused since its rule was saved match nothing', () => {
    const tooBig = `(${'abcdefghij'.repeat(19)}){1000}`;
    const condition = { field: 'summary', operator: 'matches' as const, value: tooBig };
    expect(conditionHolds(condition, { ...alert, summary: 'abcdefghij'.repeat(19_000) }, patterns)).toBe(false);
  });

  it('pauses after each pattern it runs, so the caller can let other work through between them', () => {
    const matching = (value: string) => ({ field: 'summary', operator: 'matches' as const, value });
    const rules = [
      rule('r1', [matching('^disk'), matching('db-2$'), matching('never run')], { type: 'drop' }),
      rule('r2', [{ field: 'labels.service', operator: 'exists' }, matching('full')], { type: 'drop' }),
    ];
    const steps = routeAlertSteps(rules, alert, fallback, patterns);
    let pauses = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) pauses++;
    // r1 stops at its second pattern; r2 runs one
    expect(pauses).toBe(3);
    expect(step.value).toEqual({ kind: 'drop', ruleId: 'r2', teamId: 'team-of-r2' });
  });

  it('drops what a drop rule matches, naming the rule', () => {
    const rules = [rule('noise', [{ field: 'summary', operator: 'contains', value: 'almost' }], { type: 'drop' })];
    expect(routeAlert(rules, alert, fallback, patterns)).toEqual({
      kind: 'drop',
      ruleId: 'noise',
      teamId: 'team-of-noise',
    });
  });

  it("sends what no rule matches to the source's default team and policy", () => {
    const rules = [rule('r1', [{ field: 'labels.team', operator: 'exists' }], { type: 'drop' })];
    expect(routeAlert(rules, alert, fallback, patterns)).toEqual({ kind: 'default', ...fallback, priority: 'MEDIUM' });
    expect(routeAlert([], alert, { teamId: 't', escalationPolicyId: null }, patterns)).toEqual({
      kind: 'default',
      teamId: 't',
      escalationPolicyId: null,
      priority: 'MEDIUM',
    });
  });

  describe('condition messages (one source for the API and the editor)', () => {
    it('accepts good conditions', () => {
      expect(
        conditionErrors([
          { field: 'labels.severity', operator: 'equals', value: 'critical' },
          { field: 'labels.team', operator: 'exists' },
          { field: 'priority', operator: 'equals', value: 'high' },
          { field: 'summary', operator: 'matches', value: '^disk' },
        ]),
      ).toEqual({});
    });

    it('names each wrong field of each condition', () => {
      expect(
        conditionErrors([
          { field: 'owner', operator: 'equals', value: 'x' },
          { field: 'summary', operator: 'like', value: 'x' },
          { field: 'summary', operator: 'contains' },
          { field: 'summary', operator: 'matches', value: '(unclosed' },
          { field: 'summary', operator: 'matches', value: 'a'.repeat(PATTERN_MAX_LENGTH + 1) },
          { field: 'priority', operator: 'equals', value: 'URGENT' },
          null,
        ]),
      ).toEqual({
        'conditions[0].field': ['conditions[0].field must be source, summary, priority or labels.<name>'],
        'conditions[1].operator': ['conditions[1].operator must be one of equals, contains, matches, exists'],
        'conditions[2].value': ['conditions[2].value is a required field'],
        'conditions[3].value': [
          'conditions[3].value must be a valid regular expression (RE2 syntax: no look-arounds or back-references)',
        ],
        'conditions[4].value': [`conditions[4].value must be at most ${PATTERN_MAX_LENGTH} characters`],
        'conditions[5].value': ['conditions[5].value must be one of HIGH, MEDIUM, LOW'],
        'conditions[6]': ['conditions[6] must be an object with field, operator and value'],
      });
    });

    it('refuses look-arounds and back-references, which RE2 cannot run in linear time', () => {
      const errors = conditionErrors([
        { field: 'summary', operator: 'matches', value: 'disk(?=full)' },
        { field: 'summary', operator: 'matches', value: '(a)\\1' },
      ]);
      expect(Object.keys(errors)).toEqual(['conditions[0].value', 'conditions[1].value']);
    });

    it('refuses a pattern whose compiled program is too big, before compiling it', () => {
      // 198 characters that would compile to ~192,000 instructions; judged by the text's bound, never compiled
      const errors = conditionErrors([
        { field: 'summary', operator: 'matches', value: `(${'abcdefghij'.repeat(19)}){1000}` },
        { field: 'summary', operator: 'matches', value: '(((a{1,10}){1,10}){1,10}){1,10}' },
        { field: 'summary', operator: 'matches', value: '.{0,1000}.{0,1000}' },
      ]);
      const message = (at: number) =>
        `conditions[${at}].value is too complex a pattern: it must compile to at most ${PATTERN_PROGRAM_MAX} steps ` +
        '(write + or * rather than large counts such as {1,200})';
      expect(errors).toEqual({
        'conditions[0].value': [message(0)],
        'conditions[1].value': [message(1)],
        'conditions[2].value': [message(2)],
      });
    });

    it('accepts the sensible patterns people write', () => {
      const sensible = [
        '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
        '^(\\d{1,3}\\.){3}\\d{1,3}$',
        '^[a-z0-9-]{1,63}\\.example\\.com$',
        '^[a-z]{2,63}-\\d{1,5}$',
        '(?i)disk (almost )?full|out of (memory|space)',
        '^ip-\\d+-\\d+-\\d+-\\d+\\.ec2\\.internal$',
      ];
      expect(conditionErrors(sensible.map((value) => ({ field: 'summary', operator: 'matches', value })))).toEqual({});
    });

    it('refuses what is not a list, or too long a list', () => {
      expect(conditionErrors('severity=critical')).toEqual({ conditions: ['conditions must be a list'] });
      expect(conditionErrors(Array.from({ length: 21 }, () => ({ field: 'summary', operator: 'exists' })))).toEqual({
        conditions: ['conditions must hold at most 20 conditions'],
      });
    });
  });
});
