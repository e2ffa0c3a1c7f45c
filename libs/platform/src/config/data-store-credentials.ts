/**
 * The production shape's data stores hold every event, session and queued page: in production each URL must
 * carry credentials, and EventStoreDB must not run in its insecure mode (tls=false turns off both TLS and
 * authentication). Development and the tests reach local servers without them.
 */
export interface DataStoreVariables {
  NODE_ENV?: string;
  EVENTSTORE_URL?: string;
  MONGO_URL?: string;
  REDIS_URL?: string;
}

/** user:password@ (or :password@ for Redis) before the host of a URL-like string. */
const passwordOf = (url: string): string => {
  const userinfo = /^[a-z+]+:\/\/([^@/?#]*)@/i.exec(url)?.[1] ?? '';
  const colon = userinfo.indexOf(':');
  return colon < 0 ? '' : userinfo.slice(colon + 1);
};

export function dataStoreProblems(config: DataStoreVariables): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const { EVENTSTORE_URL, MONGO_URL, REDIS_URL } = config;
  if (EVENTSTORE_URL && /[?&]tls=false(&|$)/i.test(EVENTSTORE_URL)) {
    problems.push(
      'EVENTSTORE_URL turns TLS off (tls=false), which is EventStoreDB insecure mode: no TLS and no authentication. ' +
        'In production use the secure node of docker-compose.yml (esdb://admin:PASSWORD@host:2113?tls=true&tlsCAFile=...)',
    );
  }
  if (EVENTSTORE_URL && !passwordOf(EVENTSTORE_URL)) {
    problems.push('EVENTSTORE_URL must name a user and password in production, like esdb://admin:PASSWORD@host:2113');
  }
  if (MONGO_URL && !passwordOf(MONGO_URL)) {
    problems.push(
      'MONGO_URL must name a user and password in production, like mongodb://tocsin:PASSWORD@host:27017/tocsin',
    );
  }
  if (REDIS_URL && !passwordOf(REDIS_URL)) {
    problems.push('REDIS_URL must carry a password in production, like redis://:PASSWORD@host:6379');
  }
  return problems;
}

/** A data-store URL as it may appear in a message or a log: its credentials hidden. */
export const withoutCredentials = (url: string): string => url.replace(/\/\/[^@/]*@/, '//***@');
