import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type {
  AlertRuleChangeRequest,
  AlertRuleMoveRequest,
  AlertRulePreviewRequest,
  AlertRuleRequest,
} from '@tocsin/contracts';
import { ALERT_RULE_PREVIEW_DEFAULT, ALERT_RULE_PREVIEW_MAX } from '@tocsin/contracts';
import {
  FIELD_MESSAGES,
  PRIORITIES,
  RULE_ACTION_TYPES,
  RULE_MESSAGES,
  RULE_NAME_MAX_LENGTH,
  type Priority,
  type RuleActionType,
} from '@tocsin/domain';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, Max, Min, MinLength, ValidateIf, ValidateNested } from 'class-validator';
import { Given, RequiredName, stacked } from '../../shared/dto-rules';
import { AlertRuleConditionDto, Conditions } from './alert-rule-condition.dto';

// The bounds and words are the rules decider's (libs/domain signals/alert-rules/validation.ts), which still judges what
// needs the team (a policy of another team, a place past the end, the team's patterns together).

const CONDITIONS_EXAMPLE = [{ field: 'labels.service', operator: 'equals', value: 'database' }];

const routes = (action: AlertRuleActionDto) => action.type === 'route';

/** `route` to one of the team's escalation policies (the contract's union, as one shape), or `drop`. */
export class AlertRuleActionDto {
  @ApiProperty({ enum: RULE_ACTION_TYPES })
  @IsIn(RULE_ACTION_TYPES, { message: RULE_MESSAGES.actionType('type') })
  type!: RuleActionType;

  @ApiPropertyOptional({ description: "route: one of the team's escalation policies" })
  @ValidateIf(routes)
  @stacked(IsString(), MinLength(1, { message: FIELD_MESSAGES.required('escalation_policy_id') }))
  escalation_policy_id?: string;

  @ApiPropertyOptional({ enum: PRIORITIES, nullable: true, description: "route: overrides the alert's priority" })
  @ValidateIf((action: AlertRuleActionDto, value: unknown) => routes(action) && value !== undefined && value !== null)
  @IsIn(PRIORITIES, { message: RULE_MESSAGES.priority('priority') })
  priority?: Priority | null;
}

const Action = () =>
  stacked(
    IsObject({ message: RULE_MESSAGES.action('action') }),
    ValidateNested(),
    Type(() => AlertRuleActionDto),
  );

const Name = () => RequiredName(RULE_NAME_MAX_LENGTH);

/** A place in the team's order: the decider bounds it by the team's number of rules. */
const Position = () =>
  stacked(
    IsInt({ message: FIELD_MESSAGES.wholeNumber('position') }),
    Min(0, { message: FIELD_MESSAGES.atLeast('position', 0) }),
  );

export class AlertRuleDto implements Omit<AlertRuleRequest, 'action'> {
  @ApiProperty({ maxLength: RULE_NAME_MAX_LENGTH })
  @Name()
  name!: string;

  @ApiProperty({
    type: [AlertRuleConditionDto],
    description: 'All must hold; none: matches every alert',
    example: CONDITIONS_EXAMPLE,
  })
  @Conditions()
  conditions!: AlertRuleConditionDto[];

  @ApiProperty({
    type: AlertRuleActionDto,
    example: { type: 'route', escalation_policy_id: 'policy-id', priority: 'HIGH' },
  })
  @Action()
  action!: AlertRuleActionDto;

  @ApiPropertyOptional({ minimum: 0, description: "0-based place in the team's order; left out: last" })
  @Given()
  @Position()
  position?: number;
}

export class AlertRuleChangeDto implements Omit<AlertRuleChangeRequest, 'action'> {
  @ApiPropertyOptional({ maxLength: RULE_NAME_MAX_LENGTH })
  @Given()
  @Name()
  name?: string;

  @ApiPropertyOptional({ type: [AlertRuleConditionDto], example: CONDITIONS_EXAMPLE })
  @Given()
  @Conditions()
  conditions?: AlertRuleConditionDto[];

  @ApiPropertyOptional({ type: AlertRuleActionDto, example: { type: 'drop' } })
  @Given()
  @Action()
  action?: AlertRuleActionDto;
}

export class AlertRuleMoveDto implements AlertRuleMoveRequest {
  @ApiProperty({ minimum: 0, description: "0-based place in the team's order" })
  @Position()
  position!: number;
}

export class AlertRulePreviewDto implements AlertRulePreviewRequest {
  @ApiProperty({ type: [AlertRuleConditionDto], example: CONDITIONS_EXAMPLE })
  @Conditions()
  conditions!: AlertRuleConditionDto[];

  @ApiPropertyOptional({ minimum: 1, maximum: ALERT_RULE_PREVIEW_MAX, default: ALERT_RULE_PREVIEW_DEFAULT })
  @ValidateIf((_dto: object, value: unknown) => value !== undefined && value !== null)
  @IsInt({ message: FIELD_MESSAGES.wholeNumber('limit') })
  @Min(1, { message: FIELD_MESSAGES.atLeast('limit', 1) })
  @Max(ALERT_RULE_PREVIEW_MAX, { message: FIELD_MESSAGES.atMost('limit', ALERT_RULE_PREVIEW_MAX) })
  limit?: number;
}
