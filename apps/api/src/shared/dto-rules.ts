import { applyDecorators } from '@nestjs/common';
import { FIELD_MESSAGES } from '@tocsin/domain';
import { IsString, Matches, MaxLength, ValidateIf } from 'class-validator';

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
