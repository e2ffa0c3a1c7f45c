export * from './redaction';
export * from './audit-actor';
