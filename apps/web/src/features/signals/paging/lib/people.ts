import type { AlertPeople } from '@tocsin/contracts';
import type { NameOf } from './timeline-format';

/** What the page says of someone the answer gave no name for: they are no longer in the organization. */
export const FORMER_MEMBER = 'someone no longer in the organization';

/**
 * How an alert's page names people: "you", else the name the alert's answer gave (members of the organization
 * only, so every role reads who acted without listing users), else a former member. `people` undefined: the
 * names are still loading.
 */
export function personNamer(people: AlertPeople | undefined, myId: string): NameOf {
  return (userId) => {
    if (userId === myId) return 'you';
    if (!people) return 'someone';
    return people[userId]?.name ?? FORMER_MEMBER;
  };
}
