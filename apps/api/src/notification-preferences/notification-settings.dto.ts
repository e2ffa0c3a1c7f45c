import { BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import type { NotificationSettingRequest, NotificationSettingsQuery } from '@tocsin/contracts';
import {
  DELAY_OPTIONS,
  DESTINATION_TYPES,
  FIELD_MESSAGES,
  NOTIFICATION_TYPES,
  PRIORITIES,
  type Priority,
} from '@tocsin/domain';
import { Allow, IsIn, IsOptional } from 'class-validator';
import type { Unchecked } from '../shared/unchecked';

/**
 * The fields are only let through here: the settings decider judges them (all at once, with the
 * form's 'Required' wording and against the caller's destinations), so the rules live in one place.
 * Unknown fields are still refused by the validation pipe.
 */
export class NotificationSettingDto implements Unchecked<NotificationSettingRequest> {
  /** SPEC.md section 7 lists id in the payload: a client may send back the row it holds (see assertSettingId). */
  @ApiPropertyOptional({ description: 'On PATCH, the id in the path; on POST, none (null or left out)' })
  @Allow()
  id?: unknown;

  @ApiPropertyOptional({ enum: NOTIFICATION_TYPES })
  @Allow()
  notification_type!: unknown;

  @ApiPropertyOptional({
    description: 'One of GET signals/destinations',
    example: { type: 'email', value: 'ana@example.com' },
    enum: DESTINATION_TYPES,
  })
  @Allow()
  destination!: unknown;

  @ApiPropertyOptional({ enum: DELAY_OPTIONS.map((option) => option.value) })
  @Allow()
  delay!: unknown;

  @ApiPropertyOptional({ enum: PRIORITIES })
  @Allow()
  notification_priority!: unknown;
}

export class NotificationSettingsQueryDto implements NotificationSettingsQuery {
  @ApiPropertyOptional({ enum: PRIORITIES })
  @IsOptional()
  @IsIn(PRIORITIES, { message: FIELD_MESSAGES.oneOf('notification_priority', PRIORITIES) })
  notification_priority?: Priority;
}

const NEW_SETTING_ID =
  'A new setting gets its id from the server; change an existing setting with PATCH signals_notification_settings/{id}';
const ID_MISMATCH = 'id must match the setting in the path';

/**
 * The id a body may carry: on PATCH the setting in the path (or none), on POST none at all, since the
 * server names new rows; a blank id (null, '') is what a form sends for a row not saved yet.
 */
export function assertSettingId(sent: unknown, pathId: string | null): void {
  const fits =
    pathId === null ? sent === undefined || sent === null || sent === '' : sent === undefined || sent === pathId;
  if (fits) return;
  const message = pathId === null ? NEW_SETTING_ID : ID_MISMATCH;
  throw new BadRequestException({
    error: 'invalid',
    message: `Invalid request: ${message}`,
    fields: { id: [message] },
  });
}
