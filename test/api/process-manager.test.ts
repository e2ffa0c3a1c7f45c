import { Injectable, Module } from '@nestjs/common';
import { DomainError } from '@tocsin/domain';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emailReservationCommand } from '../../apps/api/src/commands/aggregates';
import { Commands } from '../../apps/api/src/commands/commands';
import { ProcessManager } from '../../apps/api/src/process/process-manager';
import { startApp, type TestApp } from '../support/app';

interface DrillInput {
  userId: string;
  email: string;
  /** What the second step does: succeed, be refused (a DomainError), or fail as an outage would. */
  then: 'succeed' | 'refuse' | 'fail';
}

/** Set by a test to make the `fail` step work again, as a server back after an outage does. */
const outage = { over: false };

/** A two-step process over real streams: reserve an address, then a step that may be refused or fail. */
@Injectable()
class DrillProcess {
  constructor(manager: ProcessManager, commands: Commands) {
    manager.define<DrillInput>({
      kind: 'drill',
      contextOf: (input) => ({ orgId: '', actorId: input.userId }),
      steps: [
        {
          name: 'email',
          run: (input, context) =>
            commands.run(
              emailReservationCommand({ type: 'ReserveEmail', email: input.email, userId: input.userId }, context),
            ),
        },
        {
          name: 'second',
          run: async ({ then }) => {
            if (then === 'refuse') throw new DomainError('Refused for the drill', 'conflict');
            if (then === 'fail' && !outage.over) throw new Error('the drill outage');
          },
        },
      ],
      compensate: async (input, done, context) => {
        if (done.includes('email'))
          await commands.run(
            emailReservationCommand({ type: 'ReleaseEmail', email: input.email, userId: input.userId }, context),
          );
      },
    });
  }
}

@Module({ providers: [DrillProcess] })
class DrillModule {}

let seq = 0;
const drill = (then: DrillInput['then']) => ({
  userId: `drill-user-${seq}`,
  email: `drill-${Date.now()}-${seq++}@example.com`,
  then,
});

describe('process manager: a refused step is compensated, a failed one is finished at the next start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tocsin-process-manager-'));
  let app: TestApp;
  const manager = () => app.app.get(ProcessManager);
  const streamTypes = async (stream: string) =>
    (await app.runtime.infra.eventStore.readStream(stream)).map((event) => event.type);

  beforeAll(async () => {
    app = await startApp({ dataDir, extraModules: [DrillModule] });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes a run whose steps succeed, and running it again changes nothing', async () => {
    const input = drill('succeed');
    await manager().run('drill', 'ok', input);
    expect(await streamTypes('drill-ok')).toEqual([
      'ProcessStarted',
      'ProcessStepDone',
      'ProcessStepDone',
      'ProcessCompleted',
    ]);
    const head = await app.runtime.infra.eventStore.headPosition();
    expect((await manager().run('drill', 'ok', drill('refuse'))).input).toEqual(input);
    expect(await app.runtime.infra.eventStore.headPosition()).toBe(head);
  });

  it('undoes the earlier steps when a step is refused, so the address is free to use again', async () => {
    const input = drill('refuse');
    await expect(manager().run('drill', 'refused', input)).rejects.toThrow('Refused for the drill');
    expect(await streamTypes('drill-refused')).toEqual(['ProcessStarted', 'ProcessStepDone', 'ProcessCompensated']);
    expect(await streamTypes(`userEmail-${input.email}`)).toEqual(['EmailReserved', 'EmailReleased']);
    // the run is over: asking again answers the same refusal and writes nothing
    await expect(manager().run('drill', 'refused', input)).rejects.toThrow('Refused for the drill');
    expect(await streamTypes('drill-refused')).toHaveLength(3);
  });

  it('leaves a run that failed open, and the next start finishes it', async () => {
    const input = drill('fail');
    await expect(manager().run('drill', 'outage', input)).rejects.toThrow('the drill outage');
    expect(await streamTypes('drill-outage')).toEqual(['ProcessStarted', 'ProcessStepDone']);
    await app.close();
    outage.over = true;
    app = await startApp({ dataDir, extraModules: [DrillModule] });
    expect(await streamTypes('drill-outage')).toEqual([
      'ProcessStarted',
      'ProcessStepDone',
      'ProcessStepDone',
      'ProcessCompleted',
    ]);
    expect(await streamTypes(`userEmail-${input.email}`)).toEqual(['EmailReserved']);
  });
});
