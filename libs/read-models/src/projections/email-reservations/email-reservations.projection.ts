import type { EmailReleased, EmailReserved } from '@tocsin/domain';
import type { Projection, RecordedEvent } from '../../projection';
import { emailReservationsView, type EmailReservationDoc } from '../../email-reservations.read-model';

export const emailReservationsProjection: Projection<EmailReservationDoc> = {
  name: emailReservationsView.name,
  version: 1,
  collection: emailReservationsView.collection,
  indexes: emailReservationsView.indexes,
  handles: ['EmailReserved', 'EmailReleased'],
  documentIds: (event) => [(event.data as { email: string }).email],
  evolve(doc, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as EmailReserved | EmailReleased;
    const { email, userId } = event.data;
    switch (event.type) {
      case 'EmailReserved':
        return { _id: email, userId };
      case 'EmailReleased':
        // only its holder releases an address
        return doc?.userId === userId ? null : doc;
    }
  },
};
