export * from './schedule';
export * from './local-time';
export * from './events';
export * from './commands';
export * from './decide';
export * from './action-links';
export * from './short-code';
export * from './page-address';
