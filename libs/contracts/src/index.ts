export * from './infra/health';
export * from './history/history';
export * from './realtime/socket-events';
export * from './identity/session';
export * from './organization-admin/organization-admin';
export * from './teams/teams';
export * from './account/account';
