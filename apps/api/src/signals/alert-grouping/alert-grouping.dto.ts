import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { GroupingRuleChangeRequest, GroupingRuleRequest } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  GROUPING_FIELDS_MAX,
  GROUPING_MESSAGES,
  GROUPING_RULE_NAME_MAX_LENGTH,
  GROUPING_WINDOW_MAX_MINUTES,
  GROUPING_WINDOW_MIN_MINUTES,
  ID_MAX_LENGTH,
  isConditionField,
} from '@tocsin/domain';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
} from 'class-validator';
import { IsWholeMinutes } from '../../shared/duration.validators';
import { Given, RequiredName, stacked } from '../../shared/dto-rules';
import { AlertRuleConditionDto, Conditions } from '../alert-rules/alert-rule-condition.dto';

// The bounds and words are the grouping rules decider's (libs/domain signals/alert-grouping/validation.ts), which
// still judges what needs the team's list (a place past its end, a repeated field).

const Name = () => RequiredName(GROUPING_RULE_NAME_MAX_LENGTH);

const Fields = () =>
  stacked(
    IsArray({ message: GROUPING_MESSAGES.fields('fields') }),
    ArrayMinSize(1, { message: GROUPING_MESSAGES.fields('fields') }),
    ArrayMaxSize(GROUPING_FIELDS_MAX, { message: GROUPING_MESSAGES.fields('fields') }),
    ValidateBy(
      {
        name: 'groupingField',
        validator: { validate: isConditionField, defaultMessage: () => GROUPING_MESSAGES.eachField('fields') },
      },
      { each: true },
    ),
  );

const Window = () =>
  IsWholeMinutes(GROUPING_WINDOW_MIN_MINUTES, GROUPING_WINDOW_MAX_MINUTES, GROUPING_MESSAGES.window('window'));

const Position = () =>
  stacked(
    IsInt({ message: FIELD_MESSAGES.wholeNumber('position') }),
    Min(0, { message: FIELD_MESSAGES.atLeast('position', 0) }),
  );

const FIELDS_EXAMPLE = ['source', 'labels.service'];

export class GroupingRuleDto implements GroupingRuleRequest {
  @ApiProperty({ description: 'The team whose alerts the rule groups' })
  @stacked(
    IsString({ message: FIELD_MESSAGES.required('team_id') }),
    MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) }),
  )
  team_id!: string;

  @ApiProperty({ maxLength: GROUPING_RULE_NAME_MAX_LENGTH })
  @Name()
  name!: string;

  @ApiPropertyOptional({ type: [AlertRuleConditionDto], description: 'All must hold; none: every alert of the team' })
  @IsOptional()
  @Conditions()
  conditions?: AlertRuleConditionDto[];

  @ApiProperty({ type: [String], example: FIELDS_EXAMPLE, description: 'source, summary, priority or labels.<name>' })
  @Fields()
  fields!: string[];

  @ApiProperty({ example: 'PT10M', description: 'ISO-8601, whole minutes, PT1M to PT24H' })
  @Window()
  window!: string;

  @ApiPropertyOptional({ minimum: 0, description: "0-based place in the team's order; left out: last" })
  @Given()
  @Position()
  position?: number;
}

export class GroupingRuleChangeDto implements GroupingRuleChangeRequest {
  @ApiPropertyOptional({ maxLength: GROUPING_RULE_NAME_MAX_LENGTH })
  @Given()
  @Name()
  name?: string;

  @ApiPropertyOptional({ type: [AlertRuleConditionDto] })
  @ValidateIf((_dto: object, value: unknown) => value !== undefined && value !== null)
  @Conditions()
  conditions?: AlertRuleConditionDto[];

  @ApiPropertyOptional({ type: [String], example: FIELDS_EXAMPLE })
  @Given()
  @Fields()
  fields?: string[];

  @ApiPropertyOptional({ example: 'PT10M' })
  @Given()
  @Window()
  window?: string;

  @ApiPropertyOptional({ minimum: 0 })
  @Given()
  @Position()
  position?: number;
}

export class AlertGroupsQueryDto {
  @ApiPropertyOptional({ description: "One team's groups" })
  @IsOptional()
  @stacked(IsString(), MaxLength(ID_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('team_id', ID_MAX_LENGTH) }))
  team_id?: string;
}

export class GroupingRulesQueryDto extends AlertGroupsQueryDto {}

export class AlertGroupsListQueryDto extends AlertGroupsQueryDto {
  @ApiPropertyOptional({ enum: ['open'], description: 'open: only the groups still taking alerts' })
  @IsOptional()
  @IsIn(['open'], { message: FIELD_MESSAGES.oneOf('status', ['open']) })
  status?: 'open';
}
