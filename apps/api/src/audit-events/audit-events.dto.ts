import type {
  AuditEventFilter,
  AuditEventsQuery,
  AuditExportFormat,
  AuditExportQuery,
  AuditFeedQuery,
} from '@tocsin/contracts';
import { AUDIT_EXPORT_FORMATS } from '@tocsin/contracts';
import { FIELD_MESSAGES, isIsoDuration, parseDuration, SEARCH_MAX_LENGTH } from '@tocsin/domain';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, ValidateBy } from 'class-validator';
import { IsInstant, stacked } from '../shared/dto-rules';
import { CURSOR_MESSAGE, decodeCursor } from './audit-cursor';

export const MAX_EVENTS_PER_PAGE = 500;
/** One export request streams at most this many events; the last line's cursor continues it. */
export const MAX_EXPORT_EVENTS = 10_000;
export const MAX_FEED_EVENTS = 5_000;
/** A feed request waits for new events at most this long (a long poll), so proxies never cut it. */
export const MAX_FEED_WAIT_SECONDS = 60;

const dateTime = (field: string) => `${field} must be an ISO-8601 date/time`;
const IsCursor = (field: string) =>
  ValidateBy({
    name: 'auditCursor',
    validator: {
      validate: (value: unknown) => decodeCursor(value) !== null,
      defaultMessage: () => CURSOR_MESSAGE(field),
    },
  });
const Count = (field: string, max: number) =>
  stacked(
    Type(() => Number),
    IsInt({ message: FIELD_MESSAGES.wholeNumber(field) }),
    Min(1, { message: FIELD_MESSAGES.atLeast(field, 1) }),
    Max(max, { message: FIELD_MESSAGES.atMost(field, max) }),
  );
export const feedWaitSeconds = (text: string) => parseDuration(text) ?? Infinity;

export class AuditEventFilterDto implements AuditEventFilter {
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('actor', SEARCH_MAX_LENGTH) })
  actor?: string;

  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('type', SEARCH_MAX_LENGTH) })
  type?: string;

  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('resource', SEARCH_MAX_LENGTH) })
  resource?: string;

  @IsOptional()
  @IsInstant(dateTime('from'))
  from?: string;

  @IsOptional()
  @IsInstant(dateTime('to'))
  to?: string;
}

export class AuditEventsQueryDto extends AuditEventFilterDto implements AuditEventsQuery {
  @IsOptional()
  @IsCursor('cursor')
  cursor?: string;

  @IsOptional()
  @Count('per_page', MAX_EVENTS_PER_PAGE)
  per_page?: number;
}

export class AuditExportQueryDto extends AuditEventFilterDto implements AuditExportQuery {
  @IsIn(AUDIT_EXPORT_FORMATS, { message: FIELD_MESSAGES.oneOf('format', AUDIT_EXPORT_FORMATS) })
  format!: AuditExportFormat;

  @IsOptional()
  @IsCursor('after')
  after?: string;

  @IsOptional()
  @Count('limit', MAX_EXPORT_EVENTS)
  limit?: number;
}

export class AuditFeedQueryDto implements AuditFeedQuery {
  @IsOptional()
  @IsCursor('after')
  after?: string;

  @IsOptional()
  @Count('limit', MAX_FEED_EVENTS)
  limit?: number;

  @IsOptional()
  @ValidateBy({
    name: 'feedWait',
    validator: {
      validate: (value: unknown) => isIsoDuration(value) && feedWaitSeconds(value as string) <= MAX_FEED_WAIT_SECONDS,
      defaultMessage: () => `wait must be an ISO-8601 duration from PT0S to PT${MAX_FEED_WAIT_SECONDS}S`,
    },
  })
  wait?: string;
}
