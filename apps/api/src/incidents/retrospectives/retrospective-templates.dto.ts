import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { RetrospectiveTemplateChangeRequest, RetrospectiveTemplateRequest } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  RETROSPECTIVE_QUESTION_MAX_LENGTH,
  RETROSPECTIVE_QUESTIONS_MAX,
  RETROSPECTIVE_QUESTIONS_MESSAGE,
  RETROSPECTIVE_SECTION_TITLE_MAX_LENGTH,
  RETROSPECTIVE_SECTIONS_MAX,
  RETROSPECTIVE_SECTIONS_MESSAGE,
  RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH,
} from '@tocsin/domain';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Given, RequiredName, stacked } from '../../shared/dto-rules';

// The bounds and words are the template rules' (libs/domain incidents/retrospectives/template.ts), which still
// judge what needs the text itself (a title of spaces); the pipe names a nested field by its path.

const QUESTION = `questions must be text prompts of at most ${RETROSPECTIVE_QUESTION_MAX_LENGTH} characters`;

class RetrospectiveSectionDto {
  @ApiProperty({ maxLength: RETROSPECTIVE_SECTION_TITLE_MAX_LENGTH, example: 'What went well' })
  @IsString()
  @MaxLength(RETROSPECTIVE_SECTION_TITLE_MAX_LENGTH, {
    message: FIELD_MESSAGES.maxLength('title', RETROSPECTIVE_SECTION_TITLE_MAX_LENGTH),
  })
  title!: string;

  @ApiPropertyOptional({ type: [String], maxItems: RETROSPECTIVE_QUESTIONS_MAX, description: 'Text prompts, in order' })
  @IsOptional()
  @IsArray({ message: RETROSPECTIVE_QUESTIONS_MESSAGE })
  @ArrayMaxSize(RETROSPECTIVE_QUESTIONS_MAX, { message: RETROSPECTIVE_QUESTIONS_MESSAGE })
  @IsString({ each: true, message: QUESTION })
  @MaxLength(RETROSPECTIVE_QUESTION_MAX_LENGTH, { each: true, message: QUESTION })
  questions?: string[];
}

const Sections = () =>
  stacked(
    IsArray({ message: RETROSPECTIVE_SECTIONS_MESSAGE }),
    ArrayMinSize(1, { message: RETROSPECTIVE_SECTIONS_MESSAGE }),
    ArrayMaxSize(RETROSPECTIVE_SECTIONS_MAX, { message: RETROSPECTIVE_SECTIONS_MESSAGE }),
    IsObject({ each: true, message: 'sections[] must be a section: { title, questions }' }),
    ValidateNested({ each: true, message: 'sections[] must be a section: { title, questions }' }),
    Type(() => RetrospectiveSectionDto),
  );

const Description = () =>
  stacked(
    IsString(),
    MaxLength(RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH, {
      message: FIELD_MESSAGES.maxLength('description', RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH),
    }),
  );

export class RetrospectiveTemplateDto implements RetrospectiveTemplateRequest {
  @ApiProperty({ maxLength: RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH, example: 'Standard retrospective' })
  @RequiredName(RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH)
  name!: string;

  @ApiPropertyOptional({ maxLength: RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH })
  @IsOptional()
  @Description()
  description?: string;

  @ApiProperty({ type: [RetrospectiveSectionDto], minItems: 1, maxItems: RETROSPECTIVE_SECTIONS_MAX })
  @Sections()
  sections!: RetrospectiveSectionDto[];
}

export class RetrospectiveTemplateChangeDto implements RetrospectiveTemplateChangeRequest {
  @ApiProperty({ description: 'The revision the editor saw; a stale one answers 409 with the template as it is now' })
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('revision') })
  @Min(0, { message: FIELD_MESSAGES.atLeast('revision', 0) })
  revision!: number;

  @ApiPropertyOptional({ maxLength: RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH })
  @Given()
  @RequiredName(RETROSPECTIVE_TEMPLATE_NAME_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional({ maxLength: RETROSPECTIVE_TEMPLATE_DESCRIPTION_MAX_LENGTH })
  @Given()
  @Description()
  description?: string;

  @ApiPropertyOptional({ type: [RetrospectiveSectionDto], minItems: 1, maxItems: RETROSPECTIVE_SECTIONS_MAX })
  @Given()
  @Sections()
  sections?: RetrospectiveSectionDto[];
}
