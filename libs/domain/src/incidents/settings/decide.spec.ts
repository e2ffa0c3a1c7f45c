import { DomainError } from '../../shared/event';
import type { IncidentSettingsCommand } from './commands';
import { decideIncidentSettings, StaleIncidentSettingsError } from './decide';
import { DEFAULT_INCIDENT_SETTINGS } from './defaults';
import { evolveIncidentSettings, initialIncidentSettings, settingsInForce, type IncidentSettingsState } from './state';

const save = (command: Partial<IncidentSettingsCommand> & Pick<IncidentSettingsCommand, 'part' | 'value'>) =>
  ({
    type: 'SaveIncidentSettings',
    orgId: 'org-1',
    expectedRevision: 0,
    newIds: ['n1', 'n2', 'n3'],
    customMilestones: true,
    ...command,
  }) as IncidentSettingsCommand;

const fold = (state: IncidentSettingsState, command: IncidentSettingsCommand) =>
  decideIncidentSettings(command, state).reduce(evolveIncidentSettings, state);

const fieldsOf = (run: () => unknown): Record<string, string[]> => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.fields ?? {};
    throw error;
  }
  throw new Error('not refused');
};

const milestones = () => DEFAULT_INCIDENT_SETTINGS.milestones.map(({ id, name }) => ({ id, name }));

describe('incident settings decider', () => {
  it('saves a part whole with ids for new items, and folds back to the settings in force', () => {
    const state = fold(
      initialIncidentSettings(),
      save({
        part: 'conditions',
        value: [
          { id: 'outage', name: 'Down', description: '' },
          { id: null, name: 'Flaky', description: ' sometimes ' },
        ],
      }),
    );
    expect(settingsInForce(state.saved).conditions).toEqual([
      { id: 'outage', name: 'Down', description: '' },
      { id: 'n1', name: 'Flaky', description: 'sometimes' },
    ]);
    expect(state.revisions).toEqual({ conditions: 1 });
    expect(settingsInForce(state.saved).severities).toBe(DEFAULT_INCIDENT_SETTINGS.severities);
  });

  it('records nothing for a save that changes nothing', () => {
    const value = DEFAULT_INCIDENT_SETTINGS.conditions.map((item) => ({ ...item }));
    expect(decideIncidentSettings(save({ part: 'conditions', value }), initialIncidentSettings())).toEqual([]);
  });

  it('refuses a stale revision', () => {
    expect(() =>
      decideIncidentSettings(save({ part: 'conditions', value: [], expectedRevision: 3 }), initialIncidentSettings()),
    ).toThrow(StaleIncidentSettingsError);
  });

  it('gives a custom milestone a key of its own, keeps the built-ins in order, and follows the flag', () => {
    const value = milestones();
    value.splice(4, 0, { id: null as unknown as string, name: 'Started!' });
    const state = fold(initialIncidentSettings(), save({ part: 'milestones', value }));
    expect(settingsInForce(state.saved).milestones[4]).toEqual({
      id: 'n1',
      key: 'started_2',
      name: 'Started!',
      position: 4,
      builtIn: false,
    });
    const swapped = milestones();
    [swapped[1], swapped[2]] = [swapped[2], swapped[1]];
    expect(
      Object.keys(
        fieldsOf(() => decideIncidentSettings(save({ part: 'milestones', value: swapped }), initialIncidentSettings())),
      ),
    ).toEqual(['items']);
    const off = fieldsOf(() =>
      decideIncidentSettings(save({ part: 'milestones', value, customMilestones: false }), initialIncidentSettings()),
    );
    expect(off['items[4]']).toEqual(['items[4] is a custom milestone, and custom milestones are not turned on']);
  });

  it('keeps built-in durations between their own milestones', () => {
    const value = DEFAULT_INCIDENT_SETTINGS.durations.map(({ id, name, from, to }) => ({ id, name, from, to }));
    value[0] = { ...value[0], name: 'Detect', to: 'closed' };
    expect(
      fieldsOf(() => decideIncidentSettings(save({ part: 'durations', value }), initialIncidentSettings()))[
        'items[0].from'
      ],
    ).toEqual(['items[0].from of a built-in duration cannot be changed (it can be renamed)']);
  });

  it('caps a list', () => {
    const value = Array.from({ length: 51 }, (_, i) => ({ id: null, name: `C${i}`, description: '' }));
    expect(
      fieldsOf(() =>
        decideIncidentSettings(
          save({ part: 'conditions', value, newIds: value.map((_, i) => `n${i}`) }),
          initialIncidentSettings(),
        ),
      ).items,
    ).toEqual(['items must have at most 50 items']);
  });
});
