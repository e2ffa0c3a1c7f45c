import { Controller, Get, Inject, NotFoundException, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RUNTIME, type Runtime } from '../runtime/runtime';
import { Public } from '../identity/access.decorators';
import { DevMailbox, type MailboxEntry } from './dev-mailbox';
import { MAILER, type Mailer } from './mailer';

/** Development and tests only: the mail that would have been sent. Absent in production and when SMTP is used. */
@ApiTags('dev')
@Controller('api/v1/dev/mailbox')
export class DevMailboxController {
  constructor(
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  @Get()
  @Public()
  list(@Query('to') to?: string): { data: MailboxEntry[] } {
    if (this.runtime.config.NODE_ENV === 'production' || !(this.mailer instanceof DevMailbox)) {
      throw new NotFoundException({ error: 'not_found', message: 'Not found' });
    }
    return { data: this.mailer.list(typeof to === 'string' ? to : undefined) };
  }
}
