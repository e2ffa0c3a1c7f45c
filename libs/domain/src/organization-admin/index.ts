export * from './feature-flags';
export * from './tiers';
export * from './events';
export * from './commands';
export * from './state';
export * from './invitations';
export * from './decide';
