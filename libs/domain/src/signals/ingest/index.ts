export * from './payload';
export * from './generic';
export * from './alertmanager';
export * from './pagerduty';
export * from './log';
