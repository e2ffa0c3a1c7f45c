import { ViewNames } from '@tocsin/contracts';
import type { RegistrationState } from '@tocsin/domain';
import { readModel, type ViewDocument, type ViewReader } from './read-model';

/**
 * One document per sign-up started, the decider's own state, so the complete page checks its link against
 * exactly what the registration stream decides on. Global and internal: no organization, never pushed.
 */
export type RegistrationDoc = ViewDocument & RegistrationState;

const model = readModel<RegistrationDoc>({ name: ViewNames.registrations, collection: 'registrations' });

export const registrationsView = {
  ...model,
  byId: (reader: ViewReader, registrationId: string) => model.findOne(reader, { _id: registrationId }),
};
