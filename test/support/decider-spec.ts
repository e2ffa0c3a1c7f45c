/** given(events).when(command).then(events) for pure deciders (emmett's DeciderSpecification). */
export function deciderSpec<State, Command, Event>(decider: {
  initial: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
}) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initial());
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then: (expected: Event[]) => expect(run()).toEqual(expected),
            thenNothingHappened: () => expect(run()).toEqual([]),
            thenThrows: (check: (error: unknown) => void) => {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeDefined();
              check(thrown);
            },
          };
        },
      };
    },
  };
}
