import { Box, Stack, Text } from '@mantine/core';
import { useNarrow } from '../../shared/components/use-narrow';
import { dayLabel, DAY_MS } from '../lib/schedule-time';
import classes from './schedule-timeline.module.css';

export type BarKind = 'layer' | 'override' | 'final' | 'gap' | 'remove';

export interface TimelineBar {
  key: string;
  start: number;
  end: number;
  /** What the bar shows (a name), and the whole sentence a screen reader hears. */
  text: string;
  label: string;
  kind: BarKind;
}

export interface TimelineTrack {
  key: string;
  title: string;
  bars: TimelineBar[];
}

/**
 * Horizontal bars over days: `dayStarts` are the instants each local day starts (one more than the days, the
 * last ends the range), so a day the clocks change is drawn 23 or 25 hours wide. Each bar names who, when and
 * why for a screen reader; the shifts table beside it says the same in rows.
 */
export function ScheduleTimeline({
  label,
  firstDay,
  dayStarts,
  tracks,
  showDays = true,
}: {
  label: string;
  /** The first local day (UTC ms of its date), for the day names. */
  firstDay: number;
  dayStarts: number[];
  tracks: TimelineTrack[];
  showDays?: boolean;
}) {
  const narrow = useNarrow();
  const from = dayStarts[0];
  const to = dayStarts[dayStarts.length - 1];
  const span = to - from;
  const at = (t: number) => `${(((Math.min(Math.max(t, from), to) - from) / span) * 100).toFixed(3)}%`;
  const widthOf = (a: number, b: number) => `${(((Math.min(b, to) - Math.max(a, from)) / span) * 100).toFixed(3)}%`;
  const days = dayStarts
    .slice(0, -1)
    .map((start, i) => ({ start, end: dayStarts[i + 1], local: firstDay + i * DAY_MS }));

  return (
    <Stack gap={4} role="group" aria-label={label} className={classes.timeline}>
      {showDays && (
        <Box className={narrow ? classes.rowNarrow : classes.row} aria-hidden>
          {!narrow && <Box className={classes.title} />}
          <Box className={classes.dayTrack}>
            {days.map((day) => (
              <Text
                key={day.start}
                size="xs"
                c="dimmed"
                className={classes.day}
                style={{ left: at(day.start), width: widthOf(day.start, day.end) }}
              >
                {narrow ? dayLabel(day.local).split(' ')[0].slice(0, 2) : dayLabel(day.local)}
              </Text>
            ))}
          </Box>
        </Box>
      )}
      {tracks.map((track) => (
        <Box key={track.key} className={narrow ? classes.rowNarrow : classes.row}>
          <Text size="sm" fw={500} className={classes.title} truncate="end">
            {track.title}
          </Text>
          <Box className={classes.track} role="list" aria-label={`${track.title}, ${label}`}>
            {days.slice(1).map((day) => (
              <span key={day.start} aria-hidden className={classes.gridline} style={{ left: at(day.start) }} />
            ))}
            {track.bars.length === 0 && (
              <Text size="xs" c="dimmed" className={classes.empty} role="listitem">
                Nobody
              </Text>
            )}
            {track.bars
              .filter((bar) => bar.end > from && bar.start < to)
              .map((bar) => (
                <div
                  key={bar.key}
                  role="listitem"
                  aria-label={bar.label}
                  title={bar.label}
                  data-kind={bar.kind}
                  data-testid={`bar-${bar.kind}`}
                  className={classes.bar}
                  style={{ left: at(bar.start), width: widthOf(bar.start, bar.end) }}
                >
                  <span aria-hidden className={classes.barText}>
                    {bar.text}
                  </span>
                </div>
              ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
