import { evolveRegistration, initialRegistration, type RegistrationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '@tocsin/platform';
import { registrationsView, type RegistrationDoc } from '@tocsin/read-models';

export const registrationsProjection: Projection<RegistrationDoc> = {
  name: registrationsView.name,
  version: 1,
  collection: registrationsView.collection,
  handles: ['RegistrationStarted', 'RegistrationCompleted'],
  documentIds: (event) => [(event.data as { registrationId: string }).registrationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as RegistrationEvent;
    const { status, email, name, tokenHash, expiresAt } = evolveRegistration(doc ?? initialRegistration(), event);
    return { _id: event.data.registrationId, status, email, name, tokenHash, expiresAt };
  },
};
