import { DomainError } from '../shared/event';
import { decideProcessRun, evolveProcessRun, initialProcessRun, type ProcessEvent } from './process-run';

const fold = (events: ProcessEvent[]) => events.reduce(evolveProcessRun, initialProcessRun());
const started: ProcessEvent = {
  type: 'ProcessStarted',
  data: { kind: 'signUp', runId: 'r1', input: { email: 'ada@example.com' } },
};
const stepDone = (step: string): ProcessEvent => ({ type: 'ProcessStepDone', data: { runId: 'r1', step } });

describe('process run', () => {
  it('starts once, with its inputs', () => {
    expect(
      decideProcessRun(
        { type: 'StartProcess', kind: 'signUp', runId: 'r1', input: { email: 'ada@example.com' } },
        initialProcessRun(),
      ),
    ).toEqual([started]);
    expect(() =>
      decideProcessRun({ type: 'StartProcess', kind: 'signUp', runId: 'r1', input: {} }, fold([started])),
    ).toThrow(DomainError);
  });

  it('records each step once, so a resumed run may repeat itself', () => {
    expect(decideProcessRun({ type: 'RecordStepDone', runId: 'r1', step: 'email' }, fold([started]))).toEqual([
      stepDone('email'),
    ]);
    expect(
      decideProcessRun({ type: 'RecordStepDone', runId: 'r1', step: 'email' }, fold([started, stepDone('email')])),
    ).toEqual([]);
    expect(fold([started, stepDone('email'), stepDone('user')]).done).toEqual(['email', 'user']);
  });

  it('ends once, completed or compensated, and records nothing after', () => {
    const completed = fold([started, { type: 'ProcessCompleted', data: { runId: 'r1' } }]);
    expect(completed.status).toBe('completed');
    expect(
      decideProcessRun({ type: 'CompensateProcess', runId: 'r1', step: 'user', reason: 'taken' }, completed),
    ).toEqual([]);
    expect(decideProcessRun({ type: 'RecordStepDone', runId: 'r1', step: 'user' }, completed)).toEqual([]);
    const compensated = fold([
      started,
      ...decideProcessRun(
        { type: 'CompensateProcess', runId: 'r1', step: 'email', reason: 'Email has already been taken' },
        fold([started]),
      ),
    ]);
    expect(compensated).toMatchObject({ status: 'compensated', reason: 'Email has already been taken' });
    expect(decideProcessRun({ type: 'CompleteProcess', runId: 'r1' }, compensated)).toEqual([]);
  });

  it('refuses steps of a run that never started', () => {
    expect(() => decideProcessRun({ type: 'CompleteProcess', runId: 'r1' }, initialProcessRun())).toThrow(DomainError);
  });
});
