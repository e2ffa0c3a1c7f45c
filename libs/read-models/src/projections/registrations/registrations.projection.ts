import { evolveRegistration, initialRegistration, type RegistrationEvent } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { registrationsView, type RegistrationDoc } from '../../registrations.read-model';

export const registrationsProjection: Projection<RegistrationDoc> = {
  name: registrationsView.name,
  version: 1,
  collection: registrationsView.collection,
  indexes: registrationsView.indexes,
  handles: ['RegistrationStarted', 'RegistrationCompleted'],
  documentIds: (event) => [(event.data as { registrationId: string }).registrationId],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as RegistrationEvent;
    const { status, email, name, tokenHash, expiresAt } = evolveRegistration(doc ?? initialRegistration(), event);
    return { _id: event.data.registrationId, status, email, name, tokenHash, expiresAt };
  },
};
