import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/**
 * The API's field messages under the fields they name, as well as in the alert above the form: `fields` maps
 * each of the API's field names to the form's field that shows its message.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: Readonly<Record<string, Path<Values>>>,
) {
  if (!(error instanceof ApiError) || !error.fields) return;
  for (const [field, shownAt] of Object.entries(fields)) {
    const problems = error.fields[field];
    if (problems) setError(shownAt, { type: 'server', message: [problems].flat().join(', ') });
  }
}
