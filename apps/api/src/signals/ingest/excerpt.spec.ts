import { EXCERPT_LENGTH, payloadExcerpt } from './excerpt';

const token = '0123456789abcdef0123456789abcdef';

describe('the ingest log excerpt', () => {
  it('masks the token and secret-named values, keeping the rest readable', () => {
    const body = JSON.stringify({
      routing_key: token,
      dedup_key: 'disk-full',
      payload: { summary: 'Disk full', custom_details: { api_key: 'sk_live_1', password: 'hunter2', db_pwd: 42 } },
      Authorization: 'Bearer abc.def',
      integration_key: 'other-source-key',
      note: `see /ingest/${token}`,
    });
    const excerpt = payloadExcerpt(Buffer.from(body), token);
    for (const secret of [token, 'sk_live_1', 'hunter2', '42', 'abc.def', 'other-source-key']) {
      expect(excerpt).not.toContain(secret);
    }
    expect(excerpt).toContain('"dedup_key":"disk-full"');
    expect(excerpt).toContain('"summary":"Disk full"');
    expect(excerpt).toContain('"password":"[redacted]"');
  });

  it('masks before cutting: a secret running past the cut shows none of itself', () => {
    const secret = 's'.repeat(EXCERPT_LENGTH * 5);
    const body = `{"summary":"${'x'.repeat(EXCERPT_LENGTH - 40)}","password":"${secret}"}`;
    const excerpt = payloadExcerpt(Buffer.from(body), token);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(excerpt).not.toContain('sss');
    expect(excerpt).toContain('"password":"[redacted]');
  });
});
