import { CheckIcon, Combobox, Group, Pill, PillsInput, useCombobox } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useLayoutEffect, useRef } from 'react';
import { groupedOptions, listedOptions, nextValue, rememberOptions, type PickerOption } from './search-picker-options';
import type { PickerSearch } from './use-picker-search';

interface Props {
  label: string;
  placeholder: string;
  withAsterisk?: boolean;
  error?: string;
  /** 1: picking another replaces the choice. */
  maxValues?: number;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  /** The typed text; the caller asks the server with its `query`. */
  search: PickerSearch;
  /** The server's latest answer (react-query keeps it per query, so an older answer never replaces it). */
  found: PickerOption[];
  /** Options known before any search (what a saved form names), for their labels. */
  known?: PickerOption[];
  /** Headings to list the options under, in this order. */
  groups?: readonly string[];
  searching: boolean;
  nothingFound: string;
}

/**
 * A picker whose options a server search returns as one types. What is chosen stays chosen, listed and
 * labelled, whatever an answer holds; and an answer arriving while a person moves through the list with the
 * keyboard never moves their pick onto someone else.
 */
export function SearchPicker({ search, found, known = [], groups, maxValues = Infinity, value, ...props }: Props) {
  const id = useId();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const labels = useRef(new Map<string, PickerOption>());
  for (const option of known) if (!labels.current.has(option.value)) labels.current.set(option.value, option);
  rememberOptions(labels.current, found);
  const options = listedOptions(found, value, labels.current);
  const listed = options.map((option) => option.value).join('\n');

  // Mantine marks the highlighted option on its element but submits the option at the index it counted when
  // the highlight moved. An answer that changes the list under the highlight would make Enter pick whoever
  // is now at that index: count it again, before any key can reach it, wherever the highlight is now.
  useLayoutEffect(() => {
    const list = combobox.listId ? document.getElementById(combobox.listId) : null;
    const items = list ? Array.from(list.querySelectorAll('[data-combobox-option]')) : [];
    combobox.updateSelectedOptionIndex(items.findIndex((item) => item.hasAttribute('data-combobox-selected')));
  }, [listed, combobox]);

  const typed = (text: string) => {
    search.setSearch(text);
    combobox.resetSelectedOption();
  };
  const submit = (picked: string) => {
    props.onChange(nextValue(value, picked, maxValues));
    typed('');
    if (maxValues === 1) combobox.closeDropdown();
  };
  const option = ({ value: v, label }: PickerOption) => {
    const checked = value.includes(v);
    return (
      <Combobox.Option value={v} key={v} active={checked} aria-selected={checked}>
        <Group gap={8} wrap="nowrap">
          {checked && <CheckIcon size={12} aria-hidden />}
          <span>{label}</span>
        </Group>
      </Combobox.Option>
    );
  };
  const full = value.length >= maxValues;

  return (
    <Combobox store={combobox} onOptionSubmit={submit}>
      <Combobox.DropdownTarget>
        <PillsInput
          id={id}
          label={props.label}
          withAsterisk={props.withAsterisk}
          error={props.error}
          onClick={() => combobox.openDropdown()}
          rightSection={<Combobox.Chevron error={props.error} />}
          rightSectionPointerEvents="none"
        >
          <Pill.Group>
            {value.map((v) => (
              <Pill key={v} withRemoveButton onRemove={() => props.onChange(value.filter((x) => x !== v))}>
                {labels.current.get(v)?.label ?? v}
              </Pill>
            ))}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                id={id}
                ref={props.inputRef}
                // once full, the field shows only while focused, so a single choice stays on one line
                type={full ? 'auto' : 'visible'}
                placeholder={full ? undefined : props.placeholder}
                value={search.search}
                onChange={(event) => (typed(event.currentTarget.value), combobox.openDropdown())}
                onFocus={() => combobox.openDropdown()}
                onBlur={() => (combobox.closeDropdown(), typed(''), props.onBlur?.())}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search.search === '' && value.length > 0) {
                    props.onChange(value.slice(0, -1));
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options labelledBy={`${id}-label`} mah={220} style={{ overflowY: 'auto' }}>
          {options.length === 0 && (
            <Combobox.Empty>{props.searching ? 'Searching...' : props.nothingFound}</Combobox.Empty>
          )}
          {groups
            ? groupedOptions(options, groups).map(({ group, items }) => (
                <Combobox.Group label={group} key={group}>
                  {items.map(option)}
                </Combobox.Group>
              ))
            : options.map(option)}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
