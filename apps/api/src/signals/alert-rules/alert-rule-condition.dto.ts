import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { AlertRuleConditionBody } from '@tocsin/contracts';
import {
  compilePattern,
  CONDITION_MESSAGES,
  CONDITION_OPERATORS,
  FIELD_MESSAGES,
  isConditionField,
  isPriorityValue,
  PATTERN_MAX_LENGTH,
  PATTERN_MESSAGES,
  RULE_CONDITIONS_MAX,
  type ConditionOperator,
} from '@tocsin/domain';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsString,
  MaxLength,
  MinLength,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { stacked } from '../../shared/dto-rules';

// The bounds and words are the conditions' own (libs/domain signals/alerts/condition-errors.ts), which the rules
// decider still applies. A condition's message names its field by its own name; the pipe writes `conditions[0].value`.

const IsConditionField = () =>
  ValidateBy({
    name: 'conditionField',
    validator: { validate: isConditionField, defaultMessage: () => CONDITION_MESSAGES.field('field') },
  });

/** What the operator asks of a value's text: a pattern RE2 takes within its bounds, or a priority. */
const IsConditionValue = () =>
  ValidateBy({
    name: 'conditionValue',
    validator: {
      validate: (value: unknown, { object }: ValidationArguments) => {
        const { field, operator } = object as AlertRuleConditionDto;
        // the text's type and length are judged first, by their own checks
        if (typeof value !== 'string' || value === '' || value.length > PATTERN_MAX_LENGTH) return true;
        if (operator === 'matches') return typeof compilePattern(value) !== 'string';
        return !(field === 'priority' && operator === 'equals') || isPriorityValue(value);
      },
      defaultMessage: ({ value, object }: ValidationArguments) => {
        if ((object as AlertRuleConditionDto).operator !== 'matches') return CONDITION_MESSAGES.priority('value');
        const problem = compilePattern(value as string);
        return PATTERN_MESSAGES[typeof problem === 'string' ? problem : 'invalid']('value');
      },
    },
  });

/** A value is read only for an operator that takes one (a bad operator is named alone, as the decider does). */
const takesValue = ({ operator }: AlertRuleConditionDto) =>
  operator !== 'exists' && (CONDITION_OPERATORS as readonly unknown[]).includes(operator);

export class AlertRuleConditionDto implements AlertRuleConditionBody {
  @ApiProperty({ description: 'source, summary, priority or labels.<name>', example: 'labels.service' })
  @IsConditionField()
  field!: string;

  @ApiProperty({ enum: CONDITION_OPERATORS })
  @IsIn(CONDITION_OPERATORS, { message: CONDITION_MESSAGES.operator('operator') })
  operator!: ConditionOperator;

  @ApiPropertyOptional({
    maxLength: PATTERN_MAX_LENGTH,
    description: 'Left out for exists; an RE2 pattern for matches',
  })
  @ValidateIf(takesValue)
  @stacked(
    IsString(),
    MinLength(1, { message: FIELD_MESSAGES.required('value') }),
    MaxLength(PATTERN_MAX_LENGTH, { message: FIELD_MESSAGES.maxLength('value', PATTERN_MAX_LENGTH) }),
    IsConditionValue(),
  )
  value?: string;
}

/** What an item that is itself a list is judged as: class-validator would take its items for the list's own. */
const NOT_A_CONDITION = 'a list';

/**
 * A rule's or a preview's conditions: all must hold; none matches every alert. A list past the bound is refused
 * whatever its items, so only its first items past the bound are judged: each `matches` costs a compile, and a
 * body of thousands would hold the process as the decider (which stops at the bound) never did. An item that is
 * a list is not a condition (class-validator would judge `[[{...}]]` as `[{...}]`, and `[[]]` as nothing).
 */
export const Conditions = () =>
  stacked(
    IsArray({ message: CONDITION_MESSAGES.list('conditions') }),
    ArrayMaxSize(RULE_CONDITIONS_MAX, { message: CONDITION_MESSAGES.max('conditions') }),
    ValidateNested({ each: true, message: CONDITION_MESSAGES.condition('conditions[]') }),
    Type(() => AlertRuleConditionDto),
    Transform(({ value }: { value: unknown }) =>
      Array.isArray(value)
        ? value.slice(0, RULE_CONDITIONS_MAX + 1).map((item: unknown) => (Array.isArray(item) ? NOT_A_CONDITION : item))
        : value,
    ),
  );
