export * from './rules';
export * from './validation';
export * from './decide-rules';
export * from './groups';
export * from './key';
