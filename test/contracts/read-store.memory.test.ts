import { MemoryReadStore } from '@tocsin/platform';
import { readStoreContract } from './read-store.contract';

readStoreContract('MemoryReadStore', async () => new MemoryReadStore());
