import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { TypeAhead } from './type-ahead';

type Name = { id: number; name: string };
const everyone: Name[] = [
  { id: 1, name: 'Rita Retail' },
  { id: 2, name: 'Ricardo Ruiz' },
  { id: 3, name: 'Sam Stone' },
];

/**
 * A search the test answers by hand: typing marks it in flight, `answer()` delivers the matches of what
 * was typed. The options shown until then are the previous answer's, as with keepPreviousData.
 */
function Harness(props: { onPick: (o: Name | null) => void; answers: { answer?: () => void } }) {
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Name[]>([]);
  const [searching, setSearching] = useState(false);
  props.answers.answer = () => {
    setOptions(everyone.filter((n) => n.name.toLowerCase().startsWith(text.toLowerCase())));
    setSearching(false);
  };
  return (
    <TypeAhead
      label="Search people"
      requireText
      value={text}
      onChange={(v) => {
        setText(v);
        setSearching(true);
      }}
      options={options}
      optionKey={(o) => o.id}
      renderOption={(o) => o.name}
      emptyText="No matches"
      isSearching={searching}
      onPick={props.onPick}
    />
  );
}

function setup() {
  const onPick = vi.fn();
  const answers: { answer?: () => void } = {};
  renderWithProviders(<Harness onPick={onPick} answers={answers} />);
  const field = screen.getByRole('combobox', { name: 'Search people' });
  return { onPick, field, answer: () => act(() => answers.answer?.()), user: userEvent.setup() };
}

describe('TypeAhead', () => {
  it('opens only once something is typed, moves with the arrows and names the active option', async () => {
    const { field, answer, user, onPick } = setup();
    await user.click(field);
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.type(field, 'Ri');
    expect(screen.getByRole('listbox', { name: 'Search people suggestions' })).toHaveTextContent(
      'Searching…',
    );
    answer();
    await user.keyboard('{ArrowDown}');
    const active = screen.getByRole('option', { name: 'Ricardo Ruiz' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(field).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(onPick).toHaveBeenLastCalledWith({ id: 1, name: 'Rita Retail' });
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter before the search for the typed text answers waits for it, and never picks a stale option', async () => {
    const { field, answer, user, onPick } = setup();
    await user.type(field, 'R');
    answer();
    expect(screen.getAllByRole('option')).toHaveLength(2);
    // 'S' typed: the R-names still show, the search for 'RS'… is in flight; Enter must not pick Rita.
    await user.clear(field);
    await user.type(field, 'S');
    await user.keyboard('{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    answer();
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick).toHaveBeenLastCalledWith({ id: 3, name: 'Sam Stone' });
  });

  it('Enter with nothing to pick reports no match; Escape closes; a click picks', async () => {
    const { field, answer, user, onPick } = setup();
    await user.type(field, 'Zed');
    answer();
    expect(screen.getByRole('listbox')).toHaveTextContent('No matches');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith(null);

    await user.clear(field);
    await user.type(field, 'Sa');
    answer();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: 'Sam Stone' }));
    expect(onPick).toHaveBeenLastCalledWith({ id: 3, name: 'Sam Stone' });
  });
});
