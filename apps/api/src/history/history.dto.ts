import { Type } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

/** Filters of GET /api/v1/history (see HistoryQuery in libs/contracts). */
export class HistoryQueryDto {
  @IsOptional() @IsString() @MaxLength(200)
  stream_prefix?: string;

  @IsOptional() @IsString() @MaxLength(200)
  type?: string;

  @IsOptional() @IsString() @MaxLength(200)
  actor?: string;

  @IsOptional() @IsISO8601({}, { message: 'from must be an ISO-8601 date/time' })
  from?: string;

  @IsOptional() @IsISO8601({}, { message: 'to must be an ISO-8601 date/time' })
  to?: string;

  @IsOptional() @Type(() => Number) @IsInt({ message: 'after must be an event position (a whole number)' }) @Min(0)
  after?: number;

  @IsOptional() @Type(() => Number) @IsInt({ message: 'before must be an event position (a whole number)' }) @Min(0)
  before?: number;

  @IsOptional() @Type(() => Number) @IsInt({ message: 'per_page must be a whole number' }) @Min(1) @Max(500)
  per_page?: number;
}

export class AsOfQueryDto {
  @IsString() @MaxLength(100)
  view!: string;

  @Type(() => Number) @IsInt({ message: 'position must be an event position (a whole number)' }) @Min(0)
  position!: number;
}
