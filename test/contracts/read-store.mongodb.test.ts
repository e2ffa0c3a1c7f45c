import { MongoReadStore } from '../../libs/platform/src/read-store/mongo-read-store';
import { describeWhen } from '../support/describe-when';
import { readStoreContract } from './read-store.contract';

const url = process.env.MONGO_URL;

describeWhen(!!url, 'MongoDB read store contract', 'MONGO_URL is not set', () => {
  readStoreContract('MongoReadStore', () => MongoReadStore.connect(url!));
});
