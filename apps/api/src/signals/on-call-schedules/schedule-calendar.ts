import ical from 'ical-generator';

/** What a feed holds: from 30 days back to 90 days ahead of now (calendar apps re-fetch every few hours). */
export const FEED_PAST_DAYS = 30;
export const FEED_AHEAD_DAYS = 90;

export interface FeedEvent {
  uid: string;
  start: string;
  end: string;
  summary: string;
  description: string;
}

/** An iCalendar text of the shifts (times in UTC; the calendar app shows them in its own zone). */
export function calendarText(name: string, events: readonly FeedEvent[], stamp: Date): string {
  const calendar = ical({ name, prodId: { company: 'Tocsin', product: 'Tocsin', language: 'EN' } });
  for (const event of events)
    calendar.createEvent({
      id: event.uid,
      start: new Date(event.start),
      end: new Date(event.end),
      stamp,
      summary: event.summary,
      description: event.description,
    });
  return calendar.toString();
}
