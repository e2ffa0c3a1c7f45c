import request from 'supertest';
import type { Client } from '../support/session';

export const sources = '/api/v1/signals/event_sources';
export const alerts = '/api/v1/signals/alerts';
export const logs = '/api/v1/signals/logs';

export interface CreatedSource {
  id: string;
  token: string;
  ingest_url: string;
  signing_secret?: string;
}

export async function createTeam(client: Client, name: string): Promise<string> {
  return (await client.post('/api/v1/teams').send({ name }).expect(201)).body.data.id;
}

export async function createSource(client: Client, body: Record<string, unknown>): Promise<CreatedSource> {
  return (await client.post(sources).send(body).expect(201)).body.data;
}

/** What a monitoring tool sends: no session, no cookie. */
export const ingest = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(url)
    .post(path)
    .set({ 'Content-Type': 'application/json', ...headers })
    .send(typeof body === 'string' ? body : JSON.stringify(body));

export const alertmanagerPayload = (
  alerts: Array<{
    status?: 'firing' | 'resolved';
    labels: Record<string, string>;
    fingerprint?: string;
    summary?: string;
  }>,
) => ({
  version: '4',
  groupKey: '{}:{alertname="DiskFull"}',
  truncatedAlerts: 0,
  status: alerts.some((a) => (a.status ?? 'firing') === 'firing') ? 'firing' : 'resolved',
  receiver: 'tocsin',
  groupLabels: { alertname: 'DiskFull' },
  commonLabels: {},
  commonAnnotations: {},
  externalURL: 'http://alertmanager.example.com:9093',
  alerts: alerts.map((a) => ({
    status: a.status ?? 'firing',
    labels: a.labels,
    annotations: a.summary ? { summary: a.summary } : {},
    startsAt: '2026-11-24T03:00:00Z',
    endsAt: '0001-01-01T00:00:00Z',
    generatorURL: 'http://prometheus.example.com:9090/graph?g0.expr=disk',
    ...(a.fingerprint !== undefined && { fingerprint: a.fingerprint }),
  })),
});
