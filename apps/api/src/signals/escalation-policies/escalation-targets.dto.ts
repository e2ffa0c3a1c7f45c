import { ApiPropertyOptional } from '@nestjs/swagger';
import type { EscalationTargetsQuery } from '@tocsin/contracts';
import { FIELD_MESSAGES, SEARCH_MAX_LENGTH } from '@tocsin/domain';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { PageQueryDto } from '../../shared/page-query.dto';

export class EscalationTargetsQueryDto extends PageQueryDto implements EscalationTargetsQuery {
  @ApiPropertyOptional({ description: 'Part of a name', maxLength: SEARCH_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(SEARCH_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('query', SEARCH_MAX_LENGTH) })
  query?: string;
}
