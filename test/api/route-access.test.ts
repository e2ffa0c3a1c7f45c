import request from 'supertest';
import { DiscoveryModule } from '@nestjs/core';
import { permissionsOf, ROLES } from '@tocsin/domain';
import { startApp, type TestApp } from '../support/app';
import { API_KEYS_API, apiKeyPath, OPS_SERIES_API } from '@tocsin/contracts';
import { keyClient, signInAs, type Client } from '../support/session';
import { concrete, listRoutes, type RouteInfo } from '../support/routes';

/**
 * Every endpoint declares its access, and the guard enforces it for every role: a table built from
 * the controllers themselves, so a new endpoint is covered the day it is added.
 */
describe('access of every endpoint', () => {
  let app: TestApp;
  let routes: RouteInfo[];
  const clients = {} as Record<(typeof ROLES)[number], Client>;

  beforeAll(async () => {
    app = await startApp({ extraModules: [DiscoveryModule] });
    routes = listRoutes(app.app);
    for (const role of ROLES) clients[role] = await signInAs(app.url, role);
  });
  afterAll(() => app.close());

  const send = (client: Client | null, route: RouteInfo) => {
    const url = concrete(route.path);
    const verb = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return client ? client[verb](url).send({}) : request(app.url)[verb](url).send({});
  };

  it('finds the routes, and none is left undeclared', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => r.access.kind === 'undeclared').map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('answers 401 to anonymous callers on every non-public route', async () => {
    for (const route of routes.filter((r) => r.access.kind !== 'public')) {
      const response = await send(null, route);
      expect([route.method, route.path, response.status]).toEqual([route.method, route.path, 401]);
    }
  });

  it('lets every role read alerts, and only responders (act_on_alerts: not a viewer) act on them', () => {
    const alertRoutes = routes
      .filter((r) => r.path.startsWith('/api/v1/signals/alerts'))
      .map((r) => [r.method, r.path, r.access.kind === 'permission' ? r.access.permission : r.access.kind]);
    const acting = alertRoutes.filter(([method]) => method !== 'GET');
    expect(acting.map(([, path]) => path.split('/').at(-1)).sort()).toEqual([
      'acknowledge',
      'escalate',
      'reassign',
      'resolve',
    ]);
    expect(acting.filter(([, , permission]) => permission !== 'act_on_alerts')).toEqual([]);
    expect(alertRoutes.filter(([method, , permission]) => method === 'GET' && permission !== 'read_alerts')).toEqual(
      [],
    );
    expect(ROLES.filter((role) => permissionsOf(role).includes('act_on_alerts'))).toEqual([
      'collaborator',
      'member',
      'owner',
    ]);
  });

  it('lets every role read scheduled maintenances, and collaborators and up manage them', () => {
    const found = routes
      .filter((r) => r.path.startsWith('/api/v1/incidents/maintenances'))
      .map((r) => [r.method, r.access.kind === 'permission' ? r.access.permission : r.access.kind]);
    expect(found.length).toBe(7);
    for (const [method, permission] of found)
      expect(permission).toBe(method === 'GET' ? 'read_incidents' : 'manage_incidents');
    expect(ROLES.filter((role) => permissionsOf(role).includes('read_incidents'))).toEqual(ROLES);
    expect(ROLES.filter((role) => permissionsOf(role).includes('manage_incidents'))).toEqual([
      'collaborator',
      'member',
      'owner',
    ]);
  });

  it('lets every role read incidents, and only collaborators and up (manage_incidents) change them', () => {
    const incidentRoutes = routes
      .filter((r) => r.path.startsWith('/api/v1/incidents'))
      .map((r) => [r.method, r.path, r.access.kind === 'permission' ? r.access.permission : r.access.kind]);
    expect(incidentRoutes.length).toBeGreaterThan(20);
    // recording one's own last look is part of reading
    const writes = incidentRoutes.filter(([method, path]) => method !== 'GET' && !String(path).endsWith('/visit'));
    expect(writes.filter(([, , permission]) => permission !== 'manage_incidents')).toEqual([]);
    expect(
      incidentRoutes.filter(
        ([method, path, permission]) =>
          (method === 'GET' || String(path).endsWith('/visit')) && permission !== 'read_incidents',
      ),
    ).toEqual([]);
    expect(ROLES.filter((role) => permissionsOf(role).includes('manage_incidents'))).toEqual([
      'collaborator',
      'member',
      'owner',
    ]);
    expect(ROLES.filter((role) => permissionsOf(role).includes('read_incidents'))).toEqual(ROLES);
  });

  it('incident settings: read with read_incident_settings, saved with manage_incident_settings, ticketing by owners', () => {
    const settingsRoutes = routes
      .filter((r) => r.path.startsWith('/api/v1/incident_settings'))
      .map((r) => `${r.method} ${r.path} ${r.access.kind === 'permission' ? r.access.permission : r.access.kind}`);
    expect(settingsRoutes.sort()).toEqual(
      [
        'GET /api/v1/incident_settings read_incident_settings',
        ...[
          'audiences',
          'conditions',
          'durations',
          'milestones',
          'priorities',
          'roles',
          'severities',
          'severity_matrix',
          'status_update_templates',
          'task_lists',
          'types',
        ].map((part) => `PUT /api/v1/incident_settings/${part} manage_incident_settings`),
        'PUT /api/v1/incident_settings/ticketing manage_organization_settings',
      ].sort(),
    );
    expect(ROLES.filter((role) => permissionsOf(role).includes('manage_organization_settings'))).toEqual(['owner']);
  });

  it('lets collaborators and up read retrospective templates, and members and owners change them', () => {
    const templateRoutes = routes
      .filter((r) => r.path.startsWith('/api/v1/retrospective_templates'))
      .map((r) => [r.method, r.path, r.access.kind === 'permission' ? r.access.permission : r.access.kind]);
    expect(templateRoutes.length).toBe(6);
    for (const [method, , permission] of templateRoutes)
      expect(permission).toBe(method === 'GET' ? 'read_incident_settings' : 'manage_incident_settings');
    expect(ROLES.filter((role) => permissionsOf(role).includes('read_incident_settings'))).toEqual([
      'collaborator',
      'member',
      'owner',
    ]);
    expect(ROLES.filter((role) => permissionsOf(role).includes('manage_incident_settings'))).toEqual([
      'member',
      'owner',
    ]);
  });

  it('lets anyone who reads incidents read and export a retrospective, and those who work incidents work it', () => {
    const retrospectiveRoutes = routes
      .filter((r) => r.path.startsWith('/api/v1/incidents/:id/retrospective'))
      .map((r) => [r.method, r.path, r.access.kind === 'permission' ? r.access.permission : r.access.kind]);
    expect(retrospectiveRoutes.map(([method, path]) => `${method} ${path}`).sort()).toEqual([
      'DELETE /api/v1/incidents/:id/retrospective/contributing_factors/:factorId',
      'GET /api/v1/incidents/:id/retrospective',
      'GET /api/v1/incidents/:id/retrospective.md',
      'GET /api/v1/incidents/:id/retrospective.pdf',
      'POST /api/v1/incidents/:id/retrospective',
      'POST /api/v1/incidents/:id/retrospective/contributing_factors',
      'PUT /api/v1/incidents/:id/retrospective/answers/:questionId',
      'PUT /api/v1/incidents/:id/retrospective/status',
    ]);
    for (const [method, , permission] of retrospectiveRoutes)
      expect(permission).toBe(method === 'GET' ? 'read_incidents' : 'manage_incidents');
  });

  it('audit events, their export and their feed: owners only (read_audit_events), like the history', () => {
    const found = routes
      .filter((r) => r.path.startsWith('/api/v1/audit_events') || r.path.startsWith('/api/v1/history'))
      .map((r) => `${r.method} ${r.path} ${r.access.kind === 'permission' ? r.access.permission : r.access.kind}`);
    expect(found.filter((r) => r.includes('/audit_events')).sort()).toEqual([
      'GET /api/v1/audit_events read_audit_events',
      'GET /api/v1/audit_events/export read_audit_events',
      'GET /api/v1/audit_events/feed read_audit_events',
    ]);
    expect(found.every((r) => r.endsWith(' read_audit_events'))).toBe(true);
    expect(ROLES.filter((role) => permissionsOf(role).includes('read_audit_events'))).toEqual(['owner']);
  });

  it('the ops series: owners only (read_organization_settings), like the ops page', () => {
    const found = routes
      .filter((r) => r.path.startsWith('/api/v1/ops/'))
      .map((r) => `${r.method} ${r.path} ${r.access.kind === 'permission' ? r.access.permission : r.access.kind}`);
    expect(found).toContain(`GET ${OPS_SERIES_API} read_organization_settings`);
    expect(ROLES.filter((role) => permissionsOf(role).includes('read_organization_settings'))).toEqual(['owner']);
  });

  it('answers 403 exactly to the roles that lack the permission', async () => {
    for (const route of routes) {
      if (route.access.kind !== 'permission') continue;
      const { permission } = route.access;
      for (const role of ROLES) {
        const response = await send(clients[role], route);
        const allowed = permissionsOf(role).includes(permission as never);
        const refusedByGuard = response.status === 403 && response.body.permission === permission;
        expect([route.method, route.path, role, refusedByGuard]).toEqual([route.method, route.path, role, !allowed]);
      }
    }
  });

  /** A key of the owner holding a role's permissions as its scopes: the same matrix, decided by the scopes. */
  const keyFor = async (name: string, scopes: readonly string[]) => {
    const created = await clients.owner.post(API_KEYS_API).send({ name, scopes }).expect(201);
    return { id: created.body.data.id as string, client: keyClient(app.url, created.body.data.secret as string) };
  };

  it('answers 403 exactly to the API keys whose scopes lack the permission', async () => {
    for (const role of ROLES) {
      const { client } = await keyFor(`Matrix ${role}`, permissionsOf(role));
      for (const route of routes) {
        if (route.access.kind !== 'permission') continue;
        const { permission } = route.access;
        const response = await send(client, route);
        const allowed = permissionsOf(role).includes(permission as never);
        const refusedByGuard = response.status === 403 && response.body.permission === permission;
        expect([route.method, route.path, role, refusedByGuard]).toEqual([route.method, route.path, role, !allowed]);
      }
    }
  });

  it('answers no 5xx to a valid API key on public routes (a key is no session to sign out or switch)', async () => {
    const { client } = await keyFor('Public routes', permissionsOf('owner'));
    for (const route of routes.filter((r) => r.access.kind === 'public')) {
      const response = await send(client, route);
      expect([route.method, route.path, response.status < 500]).toEqual([route.method, route.path, true]);
    }
  });

  it('answers 401 to a revoked API key on every non-public route', async () => {
    const { id, client } = await keyFor('Revoked', permissionsOf('owner'));
    await clients.owner.delete(apiKeyPath(id)).expect(204);
    for (const route of routes.filter((r) => r.access.kind !== 'public')) {
      const response = await send(client, route);
      expect([route.method, route.path, response.status]).toEqual([route.method, route.path, 401]);
    }
  });
});
