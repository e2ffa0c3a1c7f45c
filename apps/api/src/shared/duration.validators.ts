import { durationMinutes } from '@tocsin/domain';
import { ValidateBy } from 'class-validator';

/**
 * ISO-8601 duration text in whole minutes within [min, max] minutes (libs/domain shared/duration.ts): the
 * paging timers the domain keeps in minutes take their wire form this way, refused in the decider's words.
 */
export const IsWholeMinutes = (min: number, max: number, message: string) =>
  ValidateBy({
    name: 'wholeMinutes',
    validator: {
      validate: (value: unknown) => {
        const minutes = durationMinutes(value);
        return minutes !== null && minutes >= min && minutes <= max;
      },
      defaultMessage: () => message,
    },
  });
