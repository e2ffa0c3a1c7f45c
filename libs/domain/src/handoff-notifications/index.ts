export * from './events';
export * from './commands';
export * from './state';
export * from './validation';
export * from './decide';
export * from './shift-notices';
