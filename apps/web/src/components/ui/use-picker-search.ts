import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

export interface PickerSearch {
  /** What is typed in the picker now. */
  search: string;
  setSearch: (search: string) => void;
  /** What to ask the server: the typed text, trimmed, once typing pauses. */
  query: string;
}

/** The text typed in a SearchPicker and the query it asks the server, a quarter second after typing stops. */
export function usePickerSearch(): PickerSearch {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  return { search, setSearch, query };
}
