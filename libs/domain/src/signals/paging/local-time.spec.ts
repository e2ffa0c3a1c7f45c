import { localTimeIn } from './local-time';

describe('localTimeIn', () => {
  const at = Date.parse('2026-11-24T03:07:30.000Z');

  it('reads the wall clock and the offset of the zone at that instant', () => {
    expect(localTimeIn('UTC', at)).toEqual({ local: '2026-11-24 03:07', utcOffset: '+00:00' });
    expect(localTimeIn('Europe/Paris', at)).toEqual({ local: '2026-11-24 04:07', utcOffset: '+01:00' });
    expect(localTimeIn('America/Los_Angeles', at)).toEqual({ local: '2026-11-23 19:07', utcOffset: '-08:00' });
    expect(localTimeIn('Asia/Kolkata', at)).toEqual({ local: '2026-11-24 08:37', utcOffset: '+05:30' });
    // summer time
    expect(localTimeIn('Europe/Paris', Date.parse('2026-07-01T12:00:00Z'))).toEqual({
      local: '2026-07-01 14:00',
      utcOffset: '+02:00',
    });
  });

  it('knows nothing of a zone that does not exist', () => {
    expect(localTimeIn('Mars/Olympus_Mons', at)).toBeNull();
  });
});
