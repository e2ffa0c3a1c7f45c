import { randomUUID } from 'node:crypto';
import { describeWhen } from '../support/describe-when';
import { drill, inFlightDrill } from '../support/paging-drills';
import { REDIS_URL, redisReachable } from '../support/redis';

describeWhen(
  redisReachable(),
  'paging drill: the worker killed and restarted (BullMQ on Redis)',
  `Redis is not reachable at ${REDIS_URL}`,
  () => {
    drill({ REDIS_URL, BULLMQ_PREFIX: `tocsin-drill-${randomUUID().slice(0, 8)}` });
    // the dead worker's job stays active until its lock expires: the restart does not wait for that
    inFlightDrill({ REDIS_URL, BULLMQ_PREFIX: `tocsin-drill-${randomUUID().slice(0, 8)}` });
  },
  true,
);
