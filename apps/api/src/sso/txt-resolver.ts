import { Resolver } from 'node:dns/promises';

/** The one DNS question domain verification asks: the TXT records at a name (each a list of strings). */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
}

export const TXT_RESOLVER = Symbol('TXT_RESOLVER');

/** Answers no records (rather than an error) when the name or its TXT records do not exist. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** node:dns over the configured servers (DNS_SERVERS), else the system's; a few seconds at most per lookup. */
export class DnsTxtResolver implements TxtResolver {
  private readonly resolver = new Resolver({ timeout: 3000, tries: 2 });

  constructor(servers: string[] | undefined) {
    if (servers?.length) this.resolver.setServers(servers);
  }

  async resolveTxt(name: string): Promise<string[][]> {
    try {
      return await this.resolver.resolveTxt(name);
    } catch (error) {
      if (NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  }
}
