export * from './schedule';
export * from './local-time';
