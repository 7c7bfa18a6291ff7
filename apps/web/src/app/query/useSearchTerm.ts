import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** A search box's text and its trimmed, debounced term (what a list query is built from). */
export function useSearchTerm(delayMs = 300) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), delayMs);
  return { search, setSearch, term };
}
