import type { KeyboardEvent } from 'react';
import { useRef } from 'react';
import { findRowMove } from './list-navigation';

/**
 * The keys of a list of row buttons: arrows move the selection (and the focus) one row, Home and End to the
 * ends. `refFor(id)` registers a row's button, `keyDownFor(index)` handles its keys.
 */
export function useRowKeys<TItem>(
  items: readonly TItem[],
  idOf: (item: TItem) => number,
  onSelect: (id: number, options: { isKeyboardMove: true }) => void,
) {
  const rowRefs = useRef(new Map<number, HTMLButtonElement>());
  return {
    keyDownFor: (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
      const target = findRowMove(event.key, index, items.length);
      if (target === null) return;
      event.preventDefault();
      const next = items[target];
      if (next === undefined) return;
      onSelect(idOf(next), { isKeyboardMove: true });
      rowRefs.current.get(idOf(next))?.focus();
    },
    refFor: (id: number) => (element: HTMLButtonElement | null) => {
      if (element) rowRefs.current.set(id, element);
      else rowRefs.current.delete(id);
    },
  };
}
