import { EventStoreDbEventStore } from '@tocsin/platform';
import { describeWhen } from '../support/describe-when';
import { eventStoreContract } from './event-store.contract';

const url = process.env.EVENTSTORE_URL;

describeWhen(!!url, 'EventStoreDB event store contract', 'EVENTSTORE_URL is not set', () => {
  eventStoreContract('EventStoreDbEventStore', async () => EventStoreDbEventStore.connect(url!));
});
