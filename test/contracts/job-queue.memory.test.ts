import { MemoryJobQueue } from '@tocsin/platform';
import { jobQueueContract } from './job-queue.contract';

jobQueueContract('MemoryJobQueue', async (clock, retention) => new MemoryJobQueue(clock, retention));
