import { drill, inFlightDrill } from '../support/paging-drills';

describe('paging drill: the embedded process killed and restarted (in-process queue)', () => {
  drill({});
  inFlightDrill({});
});
