import { Emitter } from '@socket.io/redis-emitter';
import { roomOfViewChange, SocketEvents } from '@tocsin/contracts';
import type { ViewChangeSink } from '@tocsin/platform';
import type Redis from 'ioredis';

/** The standalone projector pushes view changes to browsers through Redis without being a socket server. */
export function redisNoticeSink(redis: Redis): ViewChangeSink {
  const emitter = new Emitter(redis);
  return (changes) => {
    for (const change of changes) emitter.to(roomOfViewChange(change)).emit(SocketEvents.viewChanged, change);
  };
}
