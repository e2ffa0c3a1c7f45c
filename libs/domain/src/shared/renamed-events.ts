/**
 * Event types renamed after they were first recorded (ARCHITECTURE.md: old versions are upcast when read;
 * events are never rewritten). One mechanism for every area: the area lists `old name -> current name`,
 * and its readers upcast what they fold and accept every name a current type was recorded under.
 */
export function renamedEvents<Event extends { type: string; data: unknown }>(
  aliases: Readonly<Record<string, Event['type']>>,
) {
  return {
    /** The event under its current name; the data did not change, only the name. */
    upcast(event: { type: string; data: unknown }): Event {
      const current = aliases[event.type];
      return (current ? { type: current, data: event.data } : event) as Event;
    },
    /** `current` and every name it was recorded under before. */
    namesOf(current: Event['type']): string[] {
      return [
        current,
        ...Object.entries(aliases)
          .filter(([, now]) => now === current)
          .map(([old]) => old),
      ];
    },
  };
}
