import { describe, expect, it } from '@jest/globals';
import { RoomSocketEvents, type RoomEvent } from '@tocsin/contracts';
import { RoomFollower, type RoomSocket } from './room-follower';

const ROOM = 'room:board:b1';
const event = (position: number): RoomEvent => ({ room: ROOM, position, type: 'NoteAdded', at: '', data: null });

/** A socket whose acks the spec answers, and whose listeners it fires. */
function fakeSocket(answer: (event: string, payload: { after?: number }) => Promise<unknown>) {
  const listeners = new Map<string, Array<(...args: unknown[]) => void>>();
  const sent: Array<[string, unknown]> = [];
  const socket: RoomSocket & { fire(event: string, payload?: unknown): void; sent: typeof sent } = {
    connected: true,
    sent,
    on: (name, listener) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
    off: (name, listener) =>
      listeners.set(
        name,
        (listeners.get(name) ?? []).filter((l) => l !== listener),
      ),
    emit: (name, payload) => sent.push([name, payload]),
    emitWithAck: (name, payload) => answer(name, payload as { after?: number }),
    fire: (name, payload) => (listeners.get(name) ?? []).forEach((l) => l(payload)),
  };
  return socket;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RoomFollower', () => {
  it('hands out each event once, in order: live ones during a catch-up wait for it', async () => {
    let releaseCatchUp: (value: unknown) => void = () => undefined;
    const socket = fakeSocket(async (name, payload) => {
      if (name === RoomSocketEvents.join)
        return { ok: true, presence: { room: ROOM, viewers: [], typing: [] }, position: 10 };
      expect(payload.after).toBe(11);
      return new Promise((resolve) => (releaseCatchUp = resolve));
    });
    const handed: number[] = [];
    const follower = new RoomFollower(socket, ROOM, {
      presence: () => undefined,
      event: (e) => handed.push(e.position),
      error: () => undefined,
    });
    follower.start();
    await flush();
    socket.fire(RoomSocketEvents.event, event(11));
    socket.fire(RoomSocketEvents.event, { ...event(99), room: 'room:board:other' });
    expect(handed).toEqual([11]);

    // reconnect: 12 and 13 were missed; 13 and 14 arrive live while the catch-up is asked
    socket.fire('connect');
    await flush();
    socket.fire(RoomSocketEvents.event, event(14));
    socket.fire(RoomSocketEvents.event, event(13));
    expect(handed).toEqual([11]);
    releaseCatchUp({ ok: true, events: [event(12), event(13)], more: false });
    await flush();
    expect(handed).toEqual([11, 12, 13, 14]);
    socket.fire(RoomSocketEvents.event, event(14));
    socket.fire(RoomSocketEvents.event, event(15));
    expect(handed).toEqual([11, 12, 13, 14, 15]);
    follower.stop();
    expect(socket.sent).toContainEqual([RoomSocketEvents.leave, { room: ROOM }]);
  });

  it('a refused join reports why and hands out nothing', async () => {
    const socket = fakeSocket(async () => ({ ok: false, error: 'Room "room:board:b1" is not one you may view.' }));
    const errors: Array<string | null> = [];
    new RoomFollower(socket, ROOM, {
      presence: () => undefined,
      event: () => undefined,
      error: (e) => errors.push(e),
    }).start();
    await flush();
    expect(errors).toEqual(['Room "room:board:b1" is not one you may view.']);
  });
});
