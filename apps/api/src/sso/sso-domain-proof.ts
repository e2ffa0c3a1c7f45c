import { UnprocessableEntityException } from '@nestjs/common';
import { ssoDomainRecord, ssoRecordMissing, txtProvesToken } from '@tocsin/domain';
import type { Logger } from '@tocsin/platform';
import type { TxtResolver } from './txt-resolver';

/** The token when the domain's TXT record holds it; otherwise a 422 saying which record to publish. */
export async function publishedToken(
  resolver: TxtResolver,
  logger: Logger,
  domain: string,
  token: string,
): Promise<string> {
  const { name } = ssoDomainRecord(domain, token);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'no answer';
    logger.warn({ err: error, name }, 'domain verification lookup failed');
    throw new UnprocessableEntityException({
      error: 'dns_lookup_failed',
      message: `The DNS lookup of ${name} failed (${code}). Check the record with your DNS provider and try again in a few minutes.`,
    });
  }
  if (!txtProvesToken(records, token))
    throw new UnprocessableEntityException({ error: 'dns_record_not_found', message: ssoRecordMissing(domain, token) });
  return token;
}
