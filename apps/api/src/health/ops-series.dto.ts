import { OPS_SERIES_MAX_WINDOW, OPS_SERIES_MIN_WINDOW, type OpsSeriesQuery } from '@tocsin/contracts';
import { FIELD_MESSAGES, parseDuration } from '@tocsin/domain';
import { IsOptional } from 'class-validator';
import { IsWholeMinutes } from '../shared/duration.validators';

const MIN_MINUTES = parseDuration(OPS_SERIES_MIN_WINDOW)! / 60;
const MAX_MINUTES = parseDuration(OPS_SERIES_MAX_WINDOW)! / 60;

export class OpsSeriesQueryDto implements OpsSeriesQuery {
  /** How far back the series goes: samples are kept a little over an hour. */
  @IsOptional()
  @IsWholeMinutes(
    MIN_MINUTES,
    MAX_MINUTES,
    FIELD_MESSAGES.minutes('window', OPS_SERIES_MIN_WINDOW, OPS_SERIES_MAX_WINDOW),
  )
  window?: string;
}
