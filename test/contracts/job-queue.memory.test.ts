import { MemoryJobQueue } from '@tocsin/platform';
import { jobQueueContract } from './job-queue.contract';

jobQueueContract('MemoryJobQueue', async (clock) => new MemoryJobQueue(clock));
