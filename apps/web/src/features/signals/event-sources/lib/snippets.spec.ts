import { describe, expect, it } from '@jest/globals';
import { ingestSnippets, SIGNATURE_HEADER } from './snippets';

const URL = 'https://tocsin.example.com/ingest/tok_abc/generic';

describe('ingest configuration snippets', () => {
  it('gives a curl posting a generic alert to the URL', () => {
    const [snippet] = ingestSnippets('generic', URL, null);
    expect(snippet!.code).toContain(`curl -X POST '${URL}'`);
    expect(snippet!.code).toContain('"dedup_key": "db-1/disk"');
    expect(snippet!.code).not.toContain(SIGNATURE_HEADER);
  });

  it('signs the body with the secret when the source is signed', () => {
    const [snippet] = ingestSnippets('generic', URL, 'shh');
    expect(snippet!.code).toContain("openssl dgst -sha256 -hmac 'shh'");
    expect(snippet!.code).toContain(`${SIGNATURE_HEADER}: t=$TS,v1=$SIG`);
  });

  it('gives Alertmanager a webhook receiver that also sends resolutions', () => {
    const snippets = ingestSnippets('alertmanager', URL, null);
    expect(snippets.map((s) => s.id)).toEqual(['alertmanager', 'curl']);
    expect(snippets[0]!.code).toContain(`url: "${URL}"`);
    expect(snippets[0]!.code).toContain('send_resolved: true');
  });

  it('quotes what the shell would otherwise read', () => {
    const [snippet] = ingestSnippets('pagerduty', "https://x/it's", null);
    expect(snippet!.code).toContain(`'https://x/it'\\''s'`);
  });

  it('gives PagerDuty tools the shared endpoint with the token as their routing key', () => {
    const pd = 'https://tocsin.example.com/ingest/tok_abc/pagerduty/v2/enqueue';
    const snippets = ingestSnippets('pagerduty', pd, null, 'tok_abc');
    expect(snippets.map((s) => s.id)).toEqual(['pagerduty', 'routing-key']);
    expect(snippets[1]!.code).toContain('# Events API URL: https://tocsin.example.com/ingest/pagerduty/v2/enqueue');
    expect(snippets[1]!.code).toContain('"routing_key": "tok_abc"');
    expect(ingestSnippets('pagerduty', pd, null).map((s) => s.id)).toEqual(['pagerduty']);
  });
});
