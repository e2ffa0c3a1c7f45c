import { Controller, Get, Inject, NotFoundException, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { isLoopback, type DevMailbox, type MailboxEntry } from '@tocsin/platform';
import { CONFIG, DEV_MAILBOX, type AppConfig } from '../runtime/ports';
import { Public } from '../access/access.decorators';

/**
 * Development and tests only: the mail that would have been sent. Absent in production and when SMTP is
 * used, and to every caller but this machine: the mail carries reset and invitation links, and a
 * development server often listens on every interface (HOST=0.0.0.0).
 */
@ApiTags('dev')
@Controller('api/v1/dev/mailbox')
export class DevMailboxController {
  constructor(
    @Inject(DEV_MAILBOX) private readonly mailbox: DevMailbox | null,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @Public()
  list(@Req() request: Request, @Query('to') to?: string): { data: MailboxEntry[] } {
    // 404 as if absent: a caller from elsewhere learns nothing, not even that there is a mailbox
    if (this.config.NODE_ENV === 'production' || !this.mailbox || !isLoopback(request.socket.remoteAddress)) {
      throw new NotFoundException({ error: 'not_found', message: 'Not found' });
    }
    return { data: this.mailbox.list(typeof to === 'string' ? to : undefined) };
  }
}
