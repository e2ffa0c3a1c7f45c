export * from './sso';
export * from './sso-domains';
