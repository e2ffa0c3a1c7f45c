import { ApiProperty } from '@nestjs/swagger';
import type {
  AddContributingFactorRequest,
  AnswerRetrospectiveQuestionRequest,
  ChangeRetrospectiveStatusRequest,
  RetrospectiveStatusName,
  StartRetrospectiveRequest,
} from '@tocsin/contracts';
import {
  CONTRIBUTING_FACTOR_MAX_LENGTH,
  FIELD_MESSAGES,
  ID_MAX_LENGTH,
  RETROSPECTIVE_ANSWER_MAX_LENGTH,
  RETROSPECTIVE_STATES,
} from '@tocsin/domain';
import { IsIn, IsInt, IsString, MaxLength, Min } from 'class-validator';

// The bounds and words are the retrospective decider's (libs/domain incidents/retrospectives/decide.ts), which
// still judges what needs the text itself (a factor of spaces).

export class StartRetrospectiveDto implements StartRetrospectiveRequest {
  @ApiProperty({ maxLength: ID_MAX_LENGTH, example: 'standard', description: 'The template to start from' })
  @IsString({ message: FIELD_MESSAGES.required('template_id') })
  @MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('template_id', ID_MAX_LENGTH) })
  template_id!: string;
}

export class AnswerRetrospectiveQuestionDto implements AnswerRetrospectiveQuestionRequest {
  @ApiProperty({ maxLength: RETROSPECTIVE_ANSWER_MAX_LENGTH, description: 'The answer (empty clears it)' })
  @IsString({ message: FIELD_MESSAGES.required('answer') })
  @MaxLength(RETROSPECTIVE_ANSWER_MAX_LENGTH, {
    message: FIELD_MESSAGES.maxLength('answer', RETROSPECTIVE_ANSWER_MAX_LENGTH),
  })
  answer!: string;

  @ApiProperty({ description: "The answer's revision the editor saw (0: none yet); a stale one answers 409" })
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('revision') })
  @Min(0, { message: FIELD_MESSAGES.atLeast('revision', 0) })
  revision!: number;
}

export class AddContributingFactorDto implements AddContributingFactorRequest {
  @ApiProperty({ maxLength: CONTRIBUTING_FACTOR_MAX_LENGTH, example: 'No canary stage for the payments service' })
  @IsString({ message: FIELD_MESSAGES.required('text') })
  @MaxLength(CONTRIBUTING_FACTOR_MAX_LENGTH, {
    message: FIELD_MESSAGES.maxLength('text', CONTRIBUTING_FACTOR_MAX_LENGTH),
  })
  text!: string;
}

export class ChangeRetrospectiveStatusDto implements ChangeRetrospectiveStatusRequest {
  @ApiProperty({ enum: RETROSPECTIVE_STATES })
  @IsIn(RETROSPECTIVE_STATES, { message: FIELD_MESSAGES.oneOf('status', RETROSPECTIVE_STATES) })
  status!: RetrospectiveStatusName;
}
