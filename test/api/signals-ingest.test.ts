import request from 'supertest';
import { startApp, type TestApp } from '../support/app';
import { signInAs, type Client } from '../support/session';
import { signUpOtherOwner } from '../support/sign-up';
import { signPayload } from '../../apps/api/src/signals/ingest/signature';
import { alertmanagerPayload, alerts, createSource, createTeam, ingest, logs, sources } from './signals-ingest.support';
import { eventually } from '../support/eventually';

describe('signals ingest API', () => {
  let app: TestApp;
  let owner: Client;
  let viewer: Client;
  let other: Client;
  let teamId: string;
  let eventCount: () => Promise<number>;

  beforeAll(async () => {
    app = await startApp();
    owner = await signInAs(app.url, 'owner');
    viewer = await signInAs(app.url, 'viewer');
    other = await signUpOtherOwner(app.url, 'other');
    teamId = await createTeam(owner, 'Database');
    eventCount = async () => (await app.runtime.infra.eventStore.headPosition()) ?? 0;
  });
  afterAll(() => app.close());

  it('creates a source whose token is shown once, reads it without, rotates it and refuses the old URL', async () => {
    const created = await createSource(owner, { name: ' Prometheus ', format: 'alertmanager', team_id: teamId });
    expect(created).toMatchObject({
      name: 'Prometheus',
      format: 'alertmanager',
      team_id: teamId,
      escalation_policy_id: null,
      rate_limit_per_minute: 600,
      auto_resolve_after: null,
      signed: false,
      token_hint: created.token.slice(-4),
      rate: { per_minute: 600, current: 0, refused_last_hour: 0 },
    });
    expect(created.token).toMatch(/^[0-9a-f]{32}$/);
    expect(created.ingest_url).toMatch(new RegExp(`/ingest/${created.token}/alertmanager$`));
    const read = (await owner.get(`${sources}/${created.id}`).expect(200)).body.data;
    expect(read.token).toBeUndefined();
    expect(JSON.stringify(read)).not.toContain(created.token);
    expect((await viewer.get(sources).expect(403)).body.error).toBe('forbidden');

    const rotated = (await owner.post(`${sources}/${created.id}/rotate_token`).expect(201)).body.data;
    expect(rotated.token).not.toBe(created.token);
    const payload = alertmanagerPayload([{ labels: { alertname: 'RotateCheck' } }]);
    await ingest(app.url, `/ingest/${created.token}/alertmanager`, payload).expect(404);
    await ingest(app.url, `/ingest/${rotated.token}/alertmanager`, payload).expect(202);
  });

  it('refuses bad sources with field messages and writes nothing', async () => {
    const before = await eventCount();
    const bad = await owner.post(sources).send({ name: '', format: 'nagios', team_id: 'nope' }).expect(400);
    expect(bad.body.fields.format).toEqual(['format must be one of generic, alertmanager, pagerduty']);
    const wrongTeam = await owner.post(sources).send({ name: 'x', format: 'generic', team_id: 'nope' }).expect(400);
    expect(wrongTeam.body.fields).toEqual({ team_id: ['team_id must be a team of the organization'] });
    const limits = await owner
      .post(sources)
      .send({ name: 'x', format: 'generic', team_id: teamId, rate_limit_per_minute: 0, auto_resolve_after: 'PT0M' })
      .expect(400);
    expect(Object.keys(limits.body.fields).sort()).toEqual(['auto_resolve_after', 'rate_limit_per_minute']);
    for (const quiet of [30, 'PT30S', 'P1D', 'PT169H', '30 minutes']) {
      const refused = await owner
        .post(sources)
        .send({ name: 'x', format: 'generic', team_id: teamId, auto_resolve_after: quiet })
        .expect(400);
      expect(refused.body.fields).toEqual({
        auto_resolve_after: [
          'auto_resolve_after must be empty or an ISO-8601 duration in whole minutes from PT1M to PT168H',
        ],
      });
    }
    expect(await eventCount()).toBe(before);
  });

  it('takes and answers the quiet period as an ISO-8601 duration, in the canonical form', async () => {
    const created = await createSource(owner, {
      name: 'Quiet',
      format: 'generic',
      team_id: teamId,
      auto_resolve_after: 'PT90M',
    });
    expect(created.auto_resolve_after).toBe('PT1H30M');
    const changed = await owner.patch(`${sources}/${created.id}`).send({ auto_resolve_after: 'PT168H' }).expect(200);
    expect(changed.body.data.auto_resolve_after).toBe('PT168H');
    const off = await owner.patch(`${sources}/${created.id}`).send({ auto_resolve_after: null }).expect(200);
    expect(off.body.data.auto_resolve_after).toBeNull();
  });

  it('generic JSON: triggers, deduplicates, resolves, and a re-trigger opens episode 2', async () => {
    const source = await createSource(owner, { name: 'Scripts', format: 'generic', team_id: teamId });
    const body = {
      summary: 'Backup failed on db-1',
      dedup_key: 'backup-db-1',
      priority: 'high',
      labels: { host: 'db-1', job: 'backup' },
      links: [{ href: 'https://ci.example.com/run/1', text: 'Run' }],
    };
    const first = await ingest(app.url, `/ingest/${source.token}`, body).expect(202);
    expect(first.body.data.results).toEqual([
      { outcome: 'new_alert', alert_id: expect.any(String), dedup_key: 'backup-db-1' },
    ]);
    const id = first.body.data.results[0].alert_id;
    const repeat = await ingest(app.url, `/ingest/${source.token}`, body).expect(202);
    expect(repeat.body.data.results[0]).toMatchObject({ outcome: 'deduplicated', alert_id: id });
    const alert = await eventually(async () => {
      const found = (await owner.get(`${alerts}/${id}`).expect(200)).body.data;
      expect(found.count).toBe(2);
      return found;
    });
    expect(alert).toMatchObject({
      source_id: source.id,
      team_id: teamId,
      status: 'triggered',
      episode: 1,
      summary: 'Backup failed on db-1',
      priority: 'HIGH',
      labels: { host: 'db-1', job: 'backup' },
      links: [{ href: 'https://ci.example.com/run/1', text: 'Run' }],
      routing: { kind: 'default', teamId, escalationPolicyId: null, priority: 'HIGH' },
      policy: null,
    });

    const resolved = await ingest(app.url, `/ingest/${source.token}`, { status: 'resolve', dedup_key: 'backup-db-1' });
    expect(resolved.status).toBe(202);
    expect(resolved.body.data.results[0].outcome).toBe('resolved');
    const again = await ingest(app.url, `/ingest/${source.token}`, body).expect(202);
    expect(again.body.data.results[0]).toMatchObject({ outcome: 'reopened', alert_id: id });
    await eventually(async () => {
      expect((await owner.get(`${alerts}/${id}`).expect(200)).body.data).toMatchObject({
        status: 'triggered',
        episode: 2,
        count: 1,
      });
      return true;
    });
  });

  it('routes through the team rules, copies the policy, drops what a drop rule matches', async () => {
    const me = (await owner.get('/api/v1/me').expect(200)).body.data.user.id;
    const policyOf = async (name: string) =>
      (
        await owner
          .post(`/api/v1/teams/${teamId}/escalation_policies`)
          .send({ name, steps: [{ timeout: 'PT5M', targets: [{ type: 'user', id: me }] }] })
          .expect(201)
      ).body.data.id as string;
    const fallback = await policyOf('Default on-call');
    const database = await policyOf('Database on-call');
    const rules = `/api/v1/teams/${teamId}/alert_rules`;
    const noise = (
      await owner
        .post(rules)
        .send({
          name: 'Noise',
          conditions: [{ field: 'labels.env', operator: 'equals', value: 'dev' }],
          action: { type: 'drop' },
        })
        .expect(201)
    ).body.data.id;
    const postgres = (
      await owner
        .post(rules)
        .send({
          name: 'Postgres',
          conditions: [{ field: 'labels.service', operator: 'equals', value: 'postgres' }],
          action: { type: 'route', escalation_policy_id: database, priority: 'HIGH' },
        })
        .expect(201)
    ).body.data.id;
    const source = await createSource(owner, {
      name: 'Routed',
      format: 'generic',
      team_id: teamId,
      escalation_policy_id: fallback,
    });
    const url = `/ingest/${source.token}`;
    const sent = await ingest(app.url, url, {
      summary: 'Replica lag',
      labels: { service: 'postgres' },
      priority: 'low',
    }).expect(202);
    const other = await ingest(app.url, url, { summary: 'Cache cold', labels: { service: 'redis' } }).expect(202);
    const dropped = await ingest(app.url, url, { summary: 'Dev noise', labels: { env: 'dev' } }).expect(202);
    expect(dropped.body.data.results[0].outcome).toBe('dropped');
    // editing the policy later changes nothing for the alert already triggered
    await owner.patch(`/api/v1/teams/${teamId}/escalation_policies/${database}`).send({ repeat: 3 }).expect(200);
    await eventually(async () => {
      const routed = (await owner.get(`${alerts}/${sent.body.data.results[0].alert_id}`).expect(200)).body.data;
      expect(routed).toMatchObject({
        priority: 'HIGH',
        routing: { kind: 'route', ruleId: postgres, teamId, escalationPolicyId: database, priority: 'HIGH' },
        policy: { policy_id: database, name: 'Database on-call', revision: 0, repeat: 0 },
      });
      const defaulted = (await owner.get(`${alerts}/${other.body.data.results[0].alert_id}`).expect(200)).body.data;
      expect(defaulted).toMatchObject({
        routing: { kind: 'default', teamId, escalationPolicyId: fallback, priority: 'MEDIUM' },
        policy: { policy_id: fallback, name: 'Default on-call' },
      });
      return true;
    });
    await owner.get(`${alerts}/${dropped.body.data.results[0].alert_id}`).expect(404);
    await eventually(async () => {
      const entry = (await owner.get(logs).query({ source_id: source.id, outcome: 'dropped' }).expect(200)).body.data;
      expect(entry[0].results[0]).toMatchObject({ outcome: 'dropped', rule_id: noise, summary: 'Dev noise' });
      return true;
    });

    // a source's default policy must be its team's
    const elsewhere = await createTeam(owner, 'Elsewhere');
    const refused = await owner
      .post(sources)
      .send({ name: 'x', format: 'generic', team_id: elsewhere, escalation_policy_id: fallback })
      .expect(400);
    expect(refused.body.fields).toEqual({
      escalation_policy_id: ["escalation_policy_id must be an escalation policy of the source's team"],
    });
  });

  it('two identical payloads at once make one alert', async () => {
    const source = await createSource(owner, { name: 'Burst', format: 'generic', team_id: teamId });
    const body = { summary: 'Same at once', dedup_key: 'burst-1' };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => ingest(app.url, `/ingest/${source.token}`, body)),
    );
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202, 202, 202]);
    const outcomes = answers.map((a) => a.body.data.results[0].outcome).sort();
    expect(outcomes).toEqual([
      'deduplicated',
      'deduplicated',
      'deduplicated',
      'deduplicated',
      'deduplicated',
      'new_alert',
    ]);
    await eventually(async () => {
      const list = (await owner.get(alerts).query({ source_id: source.id }).expect(200)).body;
      expect(list.pagination.total).toBe(1);
      expect(list.data[0].count).toBe(6);
      return true;
    });
  });

  it('Alertmanager: a group, each alert on its fingerprint or its label set, firing then resolved', async () => {
    const source = await createSource(owner, { name: 'Alertmanager', format: 'alertmanager', team_id: teamId });
    const url = `/ingest/${source.token}/alertmanager`;
    const group = alertmanagerPayload([
      {
        labels: { alertname: 'DiskFull', instance: 'db-1', severity: 'critical' },
        fingerprint: 'f1',
        summary: 'Disk 91%',
      },
      { labels: { alertname: 'DiskFull', instance: 'db-2', severity: 'warning' }, summary: 'Disk 85%' },
    ]);
    const first = await ingest(app.url, url, group).expect(202);
    expect(first.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual(['new_alert', 'new_alert']);
    expect(first.body.data.results[0].dedup_key).toBe('f1');
    expect(first.body.data.results[1].dedup_key).toMatch(/^labels:[0-9a-f]{64}$/);

    // the summary moved, the labels did not: the same alerts, counted
    const moved = alertmanagerPayload([
      {
        labels: { severity: 'critical', instance: 'db-1', alertname: 'DiskFull' },
        fingerprint: 'f1',
        summary: 'Disk 95%',
      },
      { labels: { severity: 'warning', instance: 'db-2', alertname: 'DiskFull' }, summary: 'Disk 88%' },
    ]);
    const second = await ingest(app.url, url, moved).expect(202);
    expect(second.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'deduplicated',
      'deduplicated',
    ]);

    const [a1, a2] = first.body.data.results.map((r: { alert_id: string }) => r.alert_id);
    await eventually(async () => {
      const one = (await owner.get(`${alerts}/${a1}`).expect(200)).body.data;
      expect(one).toMatchObject({ priority: 'HIGH', summary: 'Disk 91%', count: 2 });
      expect(one.links.map((l: { text: string }) => l.text)).toEqual(['Source', 'Alertmanager']);
      expect((await owner.get(`${alerts}/${a2}`).expect(200)).body.data.priority).toBe('MEDIUM');
      return true;
    });
    const resolved = alertmanagerPayload([
      {
        status: 'resolved',
        labels: { alertname: 'DiskFull', instance: 'db-1', severity: 'critical' },
        fingerprint: 'f1',
      },
    ]);
    expect((await ingest(app.url, url, resolved).expect(202)).body.data.results[0].outcome).toBe('resolved');
    await eventually(async () => {
      expect((await owner.get(`${alerts}/${a1}`).expect(200)).body.data.status).toBe('resolved');
      return true;
    });
  });

  it('PagerDuty Events v2: answers as PagerDuty, in the path or with the routing key in the body', async () => {
    const source = await createSource(owner, { name: 'PD tools', format: 'pagerduty', team_id: teamId });
    const event = {
      routing_key: source.token,
      event_action: 'trigger',
      dedup_key: 'pd-1',
      payload: { summary: 'CPU high on web-1', source: 'web-1', severity: 'error', custom_details: { cpu: 97 } },
      links: [{ href: 'https://grafana.example.com/d/cpu', text: 'CPU' }],
    };
    const triggered = await ingest(app.url, '/ingest/pagerduty/v2/enqueue', event).expect(202);
    expect(triggered.body).toEqual({ status: 'success', message: 'Event processed', dedup_key: 'pd-1' });
    const inPath = await ingest(app.url, `/ingest/${source.token}/pagerduty/v2/enqueue`, {
      ...event,
      dedup_key: undefined,
    }).expect(202);
    expect(inPath.body.dedup_key).toMatch(/^[0-9a-f-]{36}$/);

    const invalid = await ingest(app.url, '/ingest/pagerduty/v2/enqueue', {
      routing_key: source.token,
      event_action: 'trigger',
      payload: { summary: 'x', source: 'y', severity: 'fatal' },
    }).expect(400);
    expect(invalid.body).toEqual({
      status: 'invalid event',
      message: 'Event object is invalid',
      errors: [
        "'payload.severity' is invalid (must be one of the following: 'critical', 'warning', 'error' or 'info')",
      ],
    });
    await eventually(async () => {
      const [refusal] = (await owner.get(logs).query({ source_id: source.id, outcome: 'rejected' }).expect(200)).body
        .data;
      expect(refusal.excerpt).toContain('"routing_key":"[token]"');
      expect(refusal.excerpt).not.toContain(source.token);
      return true;
    });
    const noKey = await ingest(app.url, '/ingest/pagerduty/v2/enqueue', { event_action: 'trigger' }).expect(400);
    expect(noKey.body.errors).toEqual(["'routing_key' is missing or blank"]);

    const id = (
      await eventually(async () => {
        const list = (await owner.get(alerts).query({ source_id: source.id, query: 'cpu=97' }).expect(200)).body;
        expect(list.data).toHaveLength(2);
        return list.data.find((a: { dedup_key: string }) => a.dedup_key === 'pd-1');
      })
    ).id;
    await ingest(app.url, '/ingest/pagerduty/v2/enqueue', {
      routing_key: source.token,
      event_action: 'acknowledge',
      dedup_key: 'pd-1',
    }).expect(202);
    await eventually(async () => {
      expect((await owner.get(`${alerts}/${id}`).expect(200)).body.data).toMatchObject({
        status: 'acknowledged',
        priority: 'HIGH',
        labels: { cpu: '97', source: 'web-1' },
        acknowledged_by: { kind: 'source', sourceId: source.id },
      });
      return true;
    });
    await ingest(app.url, '/ingest/pagerduty/v2/enqueue', {
      routing_key: source.token,
      event_action: 'resolve',
      dedup_key: 'pd-1',
    }).expect(202);
    await eventually(async () => {
      expect((await owner.get(`${alerts}/${id}`).expect(200)).body.data.status).toBe('resolved');
      return true;
    });
  });

  it('HMAC: a good signature passes; a bad, missing or expired one is refused and logged', async () => {
    const source = await createSource(owner, { name: 'Signed', format: 'generic', team_id: teamId, signed: true });
    expect(source.signing_secret).toMatch(/^whsec_/);
    const secret = source.signing_secret!;
    // kept encrypted in the log and the view
    const stored = await app.runtime.infra.readStore.findOne<{ _id: string; signingSecret: string }>('event_sources', {
      _id: source.id,
    });
    expect(stored?.signingSecret).toMatch(/^v1\./);
    const events = await app.runtime.infra.eventStore.readStream(`eventSource-${source.id}`);
    expect(JSON.stringify(events)).not.toContain(secret);
    const body = JSON.stringify({ summary: 'Signed alert', dedup_key: 'signed-1' });
    const now = Math.floor(Date.now() / 1000);
    const url = `/ingest/${source.token}`;
    await ingest(app.url, url, body, { 'X-Tocsin-Signature': signPayload(secret, body, now) }).expect(202);
    const before = await eventually(async () => {
      const n = (await owner.get(logs).query({ source_id: source.id }).expect(200)).body.pagination.total;
      expect(n).toBe(1);
      return n;
    });
    const refused = [
      await ingest(app.url, url, body, { 'X-Tocsin-Signature': signPayload('wrong', body, now) }).expect(401),
      await ingest(app.url, url, body).expect(401),
      await ingest(app.url, url, body, { 'X-Tocsin-Signature': signPayload(secret, body, now - 301) }).expect(401),
      // the body changed after signing
      await ingest(app.url, url, body.replace('Signed', 'Forged'), {
        'X-Tocsin-Signature': signPayload(secret, body, now),
      }).expect(401),
    ];
    expect(refused.map((r) => r.body.message)).toEqual([
      'The X-Tocsin-Signature does not match the payload',
      'This source requires signed payloads: the X-Tocsin-Signature header is missing',
      'The X-Tocsin-Signature timestamp is more than 5 minutes old: sign each payload when it is sent',
      'The X-Tocsin-Signature does not match the payload',
    ]);
    await eventually(async () => {
      const page = (await owner.get(logs).query({ source_id: source.id, outcome: 'rejected' }).expect(200)).body;
      expect(page.pagination.total).toBe(4);
      expect(page.data[0].message).toBe('The X-Tocsin-Signature does not match the payload');
      return true;
    });
    expect(before).toBe(1);
  });

  it('answers 429 with Retry-After beyond the source limit, logs one refusal and shows the count', async () => {
    const source = await createSource(owner, {
      name: 'Chatty',
      format: 'generic',
      team_id: teamId,
      rate_limit_per_minute: 3,
    });
    const url = `/ingest/${source.token}`;
    for (let i = 0; i < 3; i++) await ingest(app.url, url, { summary: `n${i}`, dedup_key: `k${i}` }).expect(202);
    const limited = await ingest(app.url, url, { summary: 'n3', dedup_key: 'k3' }).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await ingest(app.url, url, { summary: 'n4', dedup_key: 'k4' }).expect(429);
    const read = (await owner.get(`${sources}/${source.id}`).expect(200)).body.data;
    expect(read.rate).toEqual({ per_minute: 3, current: 5, refused_last_hour: 2 });
    await eventually(async () => {
      const page = (await owner.get(logs).query({ source_id: source.id }).expect(200)).body;
      expect(page.data.map((e: { outcome: string }) => e.outcome)).toEqual([
        'rate_limited',
        'new_alert',
        'new_alert',
        'new_alert',
      ]);
      return true;
    });
  });

  it('bad payloads: 400 saying what is wrong, a log entry, and no alert', async () => {
    const source = await createSource(owner, { name: 'Sloppy', format: 'generic', team_id: teamId });
    const url = `/ingest/${source.token}`;
    const before = (await owner.get(alerts).query({ per_page: 100 }).expect(200)).body.pagination.total;
    const position = await eventCount();
    const notJson = await ingest(app.url, url, '{"summary": ').expect(400);
    expect(notJson.body).toEqual({ error: 'invalid', message: 'The payload is not valid JSON' });
    const wrong = await ingest(app.url, url, { priority: 'URGENT', labels: { a: { b: 1 } }, links: 'x' }).expect(400);
    expect(wrong.body.fields).toEqual({
      summary: ['summary is a required field'],
      priority: ['priority must be one of HIGH, MEDIUM, LOW'],
      'labels.a': ['labels.a must be text'],
      links: ['links must be a list of { href, text }'],
    });
    const noResolveKey = await ingest(app.url, url, { status: 'resolve' }).expect(400);
    expect(noResolveKey.body.fields).toEqual({ dedup_key: ['dedup_key is required to resolve an alert'] });
    const alertmanagerBody = await ingest(app.url, url, { alerts: [] }).expect(400);
    expect(alertmanagerBody.body.fields.summary).toBeDefined();
    await eventually(async () => {
      const page = (await owner.get(logs).query({ source_id: source.id }).expect(200)).body;
      expect(page.data.map((e: { outcome: string }) => e.outcome)).toEqual([
        'rejected',
        'rejected',
        'rejected',
        'rejected',
      ]);
      expect(page.data[3]).toMatchObject({ message: 'The payload is not valid JSON', excerpt: '{"summary": ' });
      return true;
    });
    expect((await owner.get(alerts).query({ per_page: 100 }).expect(200)).body.pagination.total).toBe(before);
    // the log entries are all that was written
    const written = await app.runtime.infra.eventStore.readAll({ after: position, maxCount: 100 });
    expect(written.map((e) => e.type)).toEqual([
      'PayloadReceived',
      'PayloadReceived',
      'PayloadReceived',
      'PayloadReceived',
    ]);
    const am = await createSource(owner, { name: 'AM strict', format: 'alertmanager', team_id: teamId });
    const amBad = await ingest(app.url, `/ingest/${am.token}/alertmanager`, { version: '4', alerts: [{ labels: {} }] });
    expect(amBad.status).toBe(400);
    expect(amBad.body.fields).toEqual({
      'alerts[0].labels': ['alerts[0].labels must name the alert (or send its fingerprint)'],
      'alerts[0].status': ['alerts[0].status must be firing or resolved'],
    });
    // a URL of the wrong format says which one the source takes
    const wrongFormat = await ingest(app.url, `/ingest/${am.token}`, { summary: 'x' }).expect(404);
    expect(wrongFormat.body.message).toBe(
      'This event source takes Alertmanager webhooks at /ingest/{token}/alertmanager',
    );
    await ingest(app.url, '/ingest/0123456789abcdef0123456789abcdef', { summary: 'x' }).expect(404);
    await ingest(app.url, '/ingest/not-a-token', { summary: 'x' }).expect(404);
  });

  it('hostile bodies with a valid token in every format: a 4xx or a 202, never a 5xx', async () => {
    const generic = await createSource(owner, { name: 'Hostile g', format: 'generic', team_id: teamId });
    const am = await createSource(owner, { name: 'Hostile am', format: 'alertmanager', team_id: teamId });
    const pd = await createSource(owner, { name: 'Hostile pd', format: 'pagerduty', team_id: teamId });
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const bodies: unknown[] = [
      '',
      'null',
      '[]',
      '"text"',
      '42',
      deep,
      '\u0000\uffff',
      { summary: ['a'] },
      { summary: 'x'.repeat(5000) },
      { summary: 'x', labels: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`l${i}`, 'v'])) },
      { summary: 'x', labels: { ['__proto__']: 'p', constructor: 'c' } },
      { summary: 'x', dedup_key: 'k'.repeat(300) },
      { summary: 'x', links: [{ href: 'http://' + 'a'.repeat(3000) }] },
      { alerts: [null, 1, 'a', { labels: 'x' }, { labels: {}, fingerprint: 5 }] },
      { alerts: Array.from({ length: 1001 }, () => ({ labels: { a: 'b' }, status: 'firing' })) },
      { version: 4, alerts: [{ status: 'firing', labels: { a: 'b' }, annotations: 'x' }] },
      { event_action: 'trigger', payload: { summary: 1, source: [], severity: {} } },
      { event_action: ['resolve'], dedup_key: {} },
      { routing_key: pd.token, event_action: 'trigger', payload: null, links: 'x', client_url: 5 },
    ];
    const paths = [
      `/ingest/${generic.token}`,
      `/ingest/${am.token}/alertmanager`,
      `/ingest/${pd.token}/pagerduty/v2/enqueue`,
      '/ingest/pagerduty/v2/enqueue',
    ];
    for (const path of paths) {
      for (const body of bodies) {
        const answer = await ingest(app.url, path, body);
        expect([path, answer.status < 500]).toEqual([path, true]);
      }
      const binary = await request(app.url)
        .post(path)
        .set('Content-Type', 'application/octet-stream')
        .send(Buffer.from([0xff, 0xfe, 0, 1]));
      expect(binary.status).toBeLessThan(500);
      const badGzip = await request(app.url)
        .post(path)
        .set({ 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' })
        .send('not gzip');
      expect(badGzip.status).toBe(400);
    }
  });

  it('filters, searches and pages the alerts; acknowledges and resolves from the API', async () => {
    const source = await createSource(owner, { name: 'Lister', format: 'generic', team_id: teamId });
    const url = `/ingest/${source.token}`;
    await ingest(app.url, url, {
      summary: 'Queue backlog',
      dedup_key: 'q',
      priority: 'LOW',
      labels: { service: 'mailer' },
    }).expect(202);
    const high = await ingest(app.url, url, { summary: 'Payments down', dedup_key: 'p', priority: 'HIGH' }).expect(202);
    const id = high.body.data.results[0].alert_id;
    await eventually(async () => {
      const page = (await owner.get(alerts).query({ source_id: source.id, per_page: 1 }).expect(200)).body;
      expect(page.pagination).toEqual({ page: 1, per_page: 1, total: 2, total_pages: 2 });
      expect(page.data[0].summary).toBe('Payments down');
      return true;
    });
    const byLabel = (await owner.get(alerts).query({ source_id: source.id, query: 'SERVICE=mail' }).expect(200)).body;
    expect(byLabel.data.map((a: { summary: string }) => a.summary)).toEqual(['Queue backlog']);
    const low = (await owner.get(alerts).query({ source_id: source.id, priority: 'low,medium' }).expect(200)).body;
    expect(low.data.map((a: { summary: string }) => a.summary)).toEqual(['Queue backlog']);
    const bad = await owner.get(alerts).query({ status: 'open', priority: 'urgent' }).expect(400);
    expect(Object.keys(bad.body.fields).sort()).toEqual(['priority', 'status']);

    // a viewer reads alerts and does not act on them
    expect((await viewer.post(`${alerts}/${id}/acknowledge`).expect(403)).body.permission).toBe('act_on_alerts');
    const acked = (await owner.post(`${alerts}/${id}/acknowledge`).expect(200)).body.data;
    expect(acked).toMatchObject({ status: 'acknowledged', acknowledged_by: { kind: 'user', via: 'web' } });
    const resolved = (await owner.post(`${alerts}/${id}/resolve`).expect(200)).body.data;
    expect(resolved.status).toBe('resolved');
    const late = await owner.post(`${alerts}/${id}/acknowledge`).expect(409);
    expect(late.body.message).toBe('The alert is already resolved');
    await owner.post(`${alerts}/${id}/resolve`).send({ note: 'x' }).expect(400);
    const triggeredOnly = (await owner.get(alerts).query({ source_id: source.id, status: 'triggered' }).expect(200))
      .body;
    expect(triggeredOnly.data.map((a: { summary: string }) => a.summary)).toEqual(['Queue backlog']);
  });

  it("keeps organizations apart: another organization's sources and alerts are 404, its tokens write only its own", async () => {
    const source = await createSource(owner, { name: 'Private', format: 'generic', team_id: teamId });
    const sent = await ingest(app.url, `/ingest/${source.token}`, { summary: 'Ours', dedup_key: 'ours' }).expect(202);
    const id = sent.body.data.results[0].alert_id;
    await eventually(() => owner.get(`${alerts}/${id}`).expect(200));
    await other.get(`${sources}/${source.id}`).expect(404);
    await other.patch(`${sources}/${source.id}`).send({ name: 'Mine' }).expect(404);
    await other.post(`${sources}/${source.id}/rotate_token`).expect(404);
    await other.delete(`${sources}/${source.id}`).expect(404);
    await other.get(`${alerts}/${id}`).expect(404);
    await other.post(`${alerts}/${id}/acknowledge`).expect(404);
    await other.post(`${alerts}/${id}/resolve`).expect(404);
    expect((await other.get(alerts).expect(200)).body.data).toEqual([]);
    expect((await other.get(logs).expect(200)).body.data).toEqual([]);
    expect((await other.get(sources).expect(200)).body.data).toEqual([]);
    // a source of the other organization cannot name our team
    const refused = await other.post(sources).send({ name: 'x', format: 'generic', team_id: teamId }).expect(400);
    expect(refused.body.fields.team_id).toEqual(['team_id must be a team of the organization']);
    // the other organization's token lands in the other organization only
    const otherTeam = await createTeam(other, 'Theirs');
    const theirs = await createSource(other, { name: 'Theirs', format: 'generic', team_id: otherTeam });
    const same = await ingest(app.url, `/ingest/${theirs.token}`, { summary: 'Theirs', dedup_key: 'ours' }).expect(202);
    expect(same.body.data.results[0].alert_id).not.toBe(id);
    await eventually(async () => {
      expect((await other.get(alerts).expect(200)).body.data.map((a: { summary: string }) => a.summary)).toEqual([
        'Theirs',
      ]);
      return true;
    });
    expect((await owner.get(`${alerts}/${id}`).expect(200)).body.data.summary).toBe('Ours');
  });
});
