import { ApiPropertyOptional } from '@nestjs/swagger';
import type { PageQuery } from '@tocsin/contracts';
import { DEFAULT_PER_PAGE, FIELD_MESSAGES, MAX_PER_PAGE } from '@tocsin/domain';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** `page` and `per_page` of every page-numbered list (users, teams, member options, phones). */
export class PageQueryDto implements PageQuery {
  @ApiPropertyOptional({ minimum: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('page') })
  @Min(1, { message: FIELD_MESSAGES.atLeast('page', 1) })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('per_page') })
  @Min(1, { message: FIELD_MESSAGES.atLeast('per_page', 1) })
  @Max(MAX_PER_PAGE, { message: FIELD_MESSAGES.atMost('per_page', MAX_PER_PAGE) })
  per_page?: number;
}
