import { ViewNames } from '@tocsin/contracts';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * Who holds each sign-in address: one document per reserved address (id: the address, lowercased), gone once
 * released. The email streams guarantee one holder at a time; this view answers "is it taken?" before a change
 * is attempted. Global and internal: no organization, never pushed.
 */
export interface EmailReservationDoc extends ViewDocument {
  userId: string;
}

const model = readModel<EmailReservationDoc>({ name: ViewNames.emailReservations, collection: 'email_reservations' });

export const emailReservationsView = {
  ...model,
  /** The user holding `email`'s reservation, or null when it is free. */
  holderOf: async (reader: ViewReader, email: string) =>
    (await model.findOne(reader, { _id: email.trim().toLowerCase() }))?.userId ?? null,
};
