import { INGEST_SIGNATURE_HEADER } from '@tocsin/contracts';
import type { EventSourceFormat } from '@tocsin/domain';

/** The signature header a signed source expects: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const SIGNATURE_HEADER = INGEST_SIGNATURE_HEADER;

export interface Snippet {
  id: string;
  title: string;
  language: 'shell' | 'yaml' | 'json';
  code: string;
}

const GENERIC_BODY = JSON.stringify(
  {
    summary: 'Disk almost full on db-1',
    priority: 'HIGH',
    dedup_key: 'db-1/disk',
    labels: { service: 'database', host: 'db-1' },
    links: [{ href: 'https://grafana.example.com/d/disk', text: 'Dashboard' }],
  },
  null,
  2,
);

const PAGERDUTY_BODY = JSON.stringify(
  {
    routing_key: 'unused',
    event_action: 'trigger',
    dedup_key: 'db-1/disk',
    payload: { summary: 'Disk almost full on db-1', source: 'db-1', severity: 'critical' },
  },
  null,
  2,
);

/** Single quotes for the shell: the only character to escape inside them is the quote itself. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function curl(url: string, body: string, secret: string | null): string {
  if (!secret) {
    return `curl -X POST ${shellQuote(url)} \\\n  -H 'Content-Type: application/json' \\\n  -d ${shellQuote(body)}`;
  }
  return [
    `BODY=${shellQuote(body)}`,
    'TS=$(date +%s)',
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac ${shellQuote(secret)} | sed 's/^.* //')`,
    `curl -X POST ${shellQuote(url)} \\`,
    "  -H 'Content-Type: application/json' \\",
    `  -H "${SIGNATURE_HEADER}: t=$TS,v1=$SIG" \\`,
    '  -d "$BODY"',
  ].join('\n');
}

/** Tools that only let one set PagerDuty's routing key: the shared endpoint, the token as the key. */
function routingKeySnippet(url: string, token: string, secret: string | null): Snippet {
  const shared = `${new URL(url).origin}/ingest/pagerduty/v2/enqueue`;
  return {
    id: 'routing-key',
    title: 'Routing key',
    language: 'shell',
    code: [
      '# For tools that take only a PagerDuty integration (routing) key:',
      `# Events API URL: ${shared}`,
      `# Routing key:    ${token}`,
      curl(
        shared,
        PAGERDUTY_BODY.replace('"routing_key": "unused"', `"routing_key": ${JSON.stringify(token)}`),
        secret,
      ),
    ].join('\n'),
  };
}

const alertmanagerConfig = (url: string) =>
  [
    '# alertmanager.yml',
    'receivers:',
    '  - name: tocsin',
    '    webhook_configs:',
    `      - url: ${JSON.stringify(url)}`,
    '        send_resolved: true',
    'route:',
    '  receiver: tocsin',
  ].join('\n');

/**
 * Ready-to-paste configuration for the source's format, built from the ingest URL the server gave (so the
 * token is only ever in what the person copies now). A signed source's curl signs its body.
 */
export function ingestSnippets(
  format: EventSourceFormat,
  url: string,
  secret: string | null,
  token: string | null = null,
): Snippet[] {
  switch (format) {
    case 'generic':
      return [{ id: 'curl', title: 'curl', language: 'shell', code: curl(url, GENERIC_BODY, secret) }];
    case 'alertmanager':
      return [
        { id: 'alertmanager', title: 'Alertmanager', language: 'yaml', code: alertmanagerConfig(url) },
        {
          id: 'curl',
          title: 'curl (a test alert)',
          language: 'shell',
          code: curl(
            url,
            JSON.stringify({
              version: '4',
              status: 'firing',
              alerts: [
                {
                  status: 'firing',
                  labels: { alertname: 'DiskFull', instance: 'db-1' },
                  annotations: { summary: 'Disk almost full on db-1' },
                  fingerprint: 'db1disk',
                },
              ],
            }),
            secret,
          ),
        },
      ];
    case 'pagerduty':
      return [
        {
          id: 'pagerduty',
          title: 'PagerDuty Events API v2',
          language: 'shell',
          code: `# Point the tool's PagerDuty Events v2 URL at:\n# ${url}\n${curl(url, PAGERDUTY_BODY, secret)}`,
        },
        ...(token ? [routingKeySnippet(url, token, secret)] : []),
      ];
  }
}

export const FORMAT_LABELS: Record<EventSourceFormat, string> = {
  generic: 'Generic JSON',
  alertmanager: 'Prometheus Alertmanager',
  pagerduty: 'PagerDuty Events API v2',
};
