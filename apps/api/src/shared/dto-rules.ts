import { applyDecorators } from '@nestjs/common';
import { ValidateIf } from 'class-validator';

/** Left out keeps the value (a change) or takes the default; null is refused like any missing value. */
export const Given = () => ValidateIf((_dto: object, value: unknown) => value !== undefined);

/** Decorators in the order they would be stacked: the pipe reports the first written that fails. */
export const stacked = (...decorators: PropertyDecorator[]) => applyDecorators(...decorators.reverse());
