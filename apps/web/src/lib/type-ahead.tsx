import { Paper, Text, TextInput } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/** Blur closes the list after this long, so a click on an option lands first (002 §9: 150 ms). */
export const TYPE_AHEAD_BLUR_CLOSE_MS = 150;

export type TypeAheadProps<T> = {
  label: string;
  placeholder?: string;
  value: string;
  onChange: (text: string) => void;
  options: readonly T[];
  optionKey: (option: T) => string | number;
  renderOption: (option: T) => ReactNode;
  /** Enter or a click on an option; `null` is Enter with no option to pick. */
  onPick: (option: T | null) => void;
  /** The options do not answer the typed text yet (typing pause or search in flight): Enter waits for them. */
  isSearching?: boolean;
  /** Shown in the open list when it has no option ('No matches'); without it an empty list stays closed. */
  emptyText?: ReactNode;
  /** The list opens only while something is typed (else also on focus with an empty field). */
  requireText?: boolean;
};

/**
 * A type-ahead over options the caller searches (the customers screen, the estimate wizard's customer
 * step): a combobox whose active option is announced through aria-activedescendant; ArrowDown/ArrowUp
 * move, Enter picks, Escape closes; the list is at most 200 px high (002 §9). Enter pressed while the
 * search for the typed text is still on its way picks once it has answered, never a stale option.
 */
export function TypeAhead<T>(props: TypeAheadProps<T>) {
  const { options, isSearching = false } = props;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [enterPending, setEnterPending] = useState(false);
  const listboxId = useId();
  // The close after a blur is called off when the field is used again before it runs.
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closing.current), []);
  const keepOpen = () => {
    clearTimeout(closing.current);
    setOpen(true);
  };
  const optionId = (i: number) => `${listboxId}-option-${i}`;
  const showList =
    open &&
    (!props.requireText || props.value.trim() !== '') &&
    (options.length > 0 || props.emptyText !== undefined || isSearching);

  function pick(i: number) {
    setOpen(false);
    props.onPick(options[i] ?? null);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the search settles, picking what Enter chose.
  useEffect(() => {
    if (enterPending && !isSearching) {
      setEnterPending(false);
      pick(active);
    }
  }, [enterPending, isSearching]);

  return (
    <div style={{ position: 'relative' }}>
      <TextInput
        label={props.label}
        placeholder={props.placeholder}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={showList && options.length > 0 ? optionId(active) : undefined}
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
          closing.current = setTimeout(() => setOpen(false), TYPE_AHEAD_BLUR_CLOSE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(Math.max(options.length - 1, 0), a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter' && showList) {
            e.preventDefault();
            if (isSearching) setEnterPending(true);
            else pick(active);
          } else if (e.key === 'Escape') {
            setEnterPending(false);
            setOpen(false);
          }
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
          {options.length === 0 ? (
            <Text p="xs" c="dimmed" size="sm">
              {isSearching ? 'Searching…' : props.emptyText}
            </Text>
          ) : (
            options.map((o, i) => (
              <Text
                key={props.optionKey(o)}
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
                {props.renderOption(o)}
              </Text>
            ))
          )}
        </Paper>
      )}
    </div>
  );
}
