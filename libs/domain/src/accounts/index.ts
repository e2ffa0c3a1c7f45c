export * from './events';
export * from './organization';
export * from './session';
export * from './user';
export * from './invitations';
export * from './password-rules';
export * from './registration';
