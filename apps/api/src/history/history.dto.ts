import type { AsOfQuery, HistoryQuery } from '@tocsin/contracts';
import { FIELD_MESSAGES, SEARCH_MAX_LENGTH } from '@tocsin/domain';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsInstant } from '../shared/dto-rules';

/** Pages of the log are larger than other lists: auditors read many events at once. */
const MAX_EVENTS_PER_PAGE = 500;
/** A view's name, as the projector names it. */
const VIEW_NAME_MAX_LENGTH = 100;
const position = (field: string) => `${field} must be an event position (a whole number)`;
const dateTime = (field: string) => `${field} must be an ISO-8601 date/time`;

/** Filters of GET /api/v1/history. */
export class HistoryQueryDto implements HistoryQuery {
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH)
  stream_prefix?: string;

  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH)
  type?: string;

  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH)
  actor?: string;

  @IsOptional()
  @IsInstant(dateTime('from'), {})
  from?: string;

  @IsOptional()
  @IsInstant(dateTime('to'), {})
  to?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: position('after') })
  @Min(0)
  after?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: position('before') })
  @Min(0)
  before?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('per_page') })
  @Min(1)
  @Max(MAX_EVENTS_PER_PAGE)
  per_page?: number;
}

export class AsOfQueryDto implements AsOfQuery {
  @IsString()
  @MaxLength(VIEW_NAME_MAX_LENGTH)
  view!: string;

  @Type(() => Number)
  @IsInt({ message: position('position') })
  @Min(0)
  position!: number;
}
