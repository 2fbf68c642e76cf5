import { Paper, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { type Found, partyId, partyName } from './customers-api';

/** Blur closes the list after this long, so a click on an option lands first (002 §9: 150 ms). */
const BLUR_CLOSE_MS = 150;

/**
 * The customers screen's type-ahead (002 §2.9): a combobox over the server's matches; ArrowDown/ArrowUp move,
 * Enter picks, Escape closes; the list is at most 200 px high. `onNoMatch` is Enter with nothing to pick.
 */
export function PartySearch(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  results: readonly Found[];
  isSearching: boolean;
  onPick: (found: Found) => void;
  onNoMatch: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Enter pressed while the search for the typed text is still on its way picks once it has answered.
  const [enterPending, setEnterPending] = useState(false);
  const listboxId = useId();
  // The close after a blur is called off when the field is used again before it runs.
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const keepOpen = () => {
    clearTimeout(closing.current);
    setOpen(true);
  };
  const optionId = (i: number) => `${listboxId}-option-${i}`;
  const { results } = props;
  const showList = open && props.value.trim() !== '';

  function pick(i: number) {
    const found = results[i];
    setOpen(false);
    if (found) props.onPick(found);
    else props.onNoMatch();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search settles, picking what Enter chose.
  useEffect(() => {
    if (enterPending && !props.isSearching) {
      setEnterPending(false);
      pick(active);
    }
  }, [enterPending, props.isSearching]);

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        label={props.label}
        placeholder="Type a name or phone number"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={showList && results.length > 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={props.value}
        onChange={(e) => {
          props.onChange(e.currentTarget.value);
          setEnterPending(false);
          keepOpen();
          setActive(0);
        }}
        onFocus={keepOpen}
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), BLUR_CLOSE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(Math.max(results.length - 1, 0), a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            if (props.isSearching) setEnterPending(true);
            else pick(active);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {showList && (
        <Paper
          id={listboxId}
          role="listbox"
          aria-label={`${props.label} suggestions`}
          withBorder
          shadow="sm"
          style={{ position: 'absolute', zIndex: 10, left: 0, right: 0, maxHeight: 200, overflowY: 'auto' }}
        >
          {results.length === 0 ? (
            <Text p="xs" c="dimmed" size="sm">
              {props.isSearching ? 'Searching…' : 'No matches'}
            </Text>
          ) : (
            results.map((f, i) => (
              <Text
                key={`${f.kind}-${partyId(f)}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                p="xs"
                bg={i === active ? 'var(--mantine-color-blue-light)' : undefined}
                style={{ cursor: 'pointer' }}
                onMouseDown={(e) => {
                  e.preventDefault();
                  pick(i);
                }}
              >
                {partyName(f)}
                {f.kind === 'customer' && f.record.customer_phone_number ? (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    · {f.record.customer_phone_number}
                  </Text>
                ) : null}
              </Text>
            ))
          )}
        </Paper>
      )}
    </div>
  );
}
