import { applyDecorators } from '@nestjs/common';
import { FIELD_MESSAGES } from '@tocsin/domain';
import { IsISO8601, IsString, Matches, MaxLength, ValidateBy, ValidateIf } from 'class-validator';

/** Left out keeps the value (a change) or takes the default; null is refused like any missing value. */
export const Given = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

/** Decorators in the order they would be stacked: the pipe reports the first written that fails. */
export const stacked = (...decorators: PropertyDecorator[]) => applyDecorators(...decorators.reverse());

/** A name: text with something in it, at most `max` characters (the domain's field messages). */
export const RequiredName = (max: number) =>
  stacked(
    IsString(),
    Matches(/\S/, { message: FIELD_MESSAGES.required('name') }),
    MaxLength(max, { message: FIELD_MESSAGES.maxLength('name', max) }),
  );

/**
 * An ISO-8601 instant this runtime can read: week dates (`2024-W01-1`) and basic forms (`20240101T000000Z`) pass
 * class-validator's IsISO8601 yet make an invalid Date, whose toISOString throws (a 500), so both must hold.
 */
export const IsInstant = (message: string, options: { strict?: boolean } = { strict: true }) =>
  stacked(
    IsISO8601(options, { message }),
    ValidateBy(
      {
        name: 'readableInstant',
        validator: { validate: (value: unknown) => typeof value === 'string' && Number.isFinite(Date.parse(value)) },
      },
      { message },
    ),
  );
