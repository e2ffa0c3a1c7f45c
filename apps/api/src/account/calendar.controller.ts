import { Controller, Get, Inject, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import ical from 'ical-generator';
import { usersView } from '@tocsin/read-models';
import type { Response } from 'express';
import { Public } from '../access/access.decorators';
import { READ_STORE, type ReadStore } from '../runtime/ports';
import { CALENDAR_FILE } from './calendar-token';

/**
 * The personal calendar subscription (organization.icalUrl in /api/v1/me). Calendar apps fetch it
 * without a session: the secret in the address is the credential. On-call shifts are not in it yet.
 */
@ApiTags('account')
@Controller('calendars')
export class CalendarController {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  @Get(':file')
  @Public()
  async feed(@Param('file') file: string, @Res() response: Response): Promise<void> {
    const token = CALENDAR_FILE.exec(file)?.[1];
    const user = token ? await usersView.byCalendarToken(this.readStore, token) : null;
    if (!user) throw new NotFoundException({ error: 'not_found', message: 'Not found' });
    const calendar = ical({
      name: `Tocsin on-call: ${String(user.name)}`,
      prodId: { company: 'Tocsin', product: 'Tocsin', language: 'EN' },
    });
    response.setHeader('Cache-Control', 'private, no-cache');
    response.type('text/calendar; charset=utf-8').send(calendar.toString());
  }
}
