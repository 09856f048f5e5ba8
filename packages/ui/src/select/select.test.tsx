import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { OFFER_TYPE_OPTIONS } from '@cc/contract/offer';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select';
import { listMaxHeight } from './select-logic';
import type { SelectSize } from './select-logic';

/** The app's Offer Type options, as the contract defines them. */
const OFFER_TYPES = [...OFFER_TYPE_OPTIONS];

function Single({ onBlur }: { onBlur?: () => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <>
      <Select
        label="Offer Type"
        options={OFFER_TYPES}
        value={value}
        onChange={setValue}
        onBlur={onBlur}
      />
      <p>Outside</p>
    </>
  );
}

function Multi({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <Select
        isMulti
        hasSelectAll
        label="Categories"
        options={OFFER_TYPES}
        value={value}
        onChange={setValue}
      />
      <p>Outside</p>
    </>
  );
}

describe('Select', () => {
  it('opens on click and closes after a pick in single mode', async () => {
    render(<Single />);
    const combo = screen.getByRole('combobox', { name: 'Offer Type' });
    expect(combo).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(combo);
    expect(combo).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Free shipping' }));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combo).toHaveTextContent('Free shipping');
  });

  it('closes on an outside click', async () => {
    render(<Single />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Offer Type' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(screen.getByText('Outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('closes on Escape and keeps focus on the select', async () => {
    render(<Single />);
    const combo = screen.getByRole('combobox', { name: 'Offer Type' });
    await userEvent.click(combo);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combo).toHaveFocus();
  });

  it('works from the keyboard: arrows move, Enter picks, the list closes', async () => {
    render(<Single />);
    const combo = screen.getByRole('combobox', { name: 'Offer Type' });
    await userEvent.tab();
    expect(combo).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(combo).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Sitewide amount' }).id,
    );
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(combo).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Free shipping' }).id,
    );
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(combo).toHaveTextContent('Sitewide percent');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.keyboard('{End}');
    expect(combo).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Other' }).id,
    );
    await userEvent.keyboard('{Home} ');
    expect(combo).toHaveTextContent('Sitewide amount');
  });

  it('jumps to an option by typing its first letters', async () => {
    render(<Single />);
    const combo = screen.getByRole('combobox', { name: 'Offer Type' });
    await userEvent.tab();
    await userEvent.keyboard('sale');
    expect(combo).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Sale amount' }).id,
    );
    await userEvent.keyboard('{Enter}');
    expect(combo).toHaveTextContent('Sale amount');
  });

  it('closes and reports blur when focus leaves', async () => {
    const onBlur = vi.fn();
    render(<Single onBlur={onBlur} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Offer Type' }));
    await userEvent.tab();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(onBlur).toHaveBeenCalledOnce();
  });

  it('shows the chosen label, then "N items selected" with more than one in multi mode', async () => {
    render(<Multi />);
    const combo = screen.getByRole('combobox', { name: 'Categories' });
    await userEvent.click(combo);
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
    await userEvent.click(screen.getByRole('option', { name: 'Sale amount' }));
    expect(combo).toHaveTextContent('Sale amount');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('option', { name: 'Other' }));
    expect(combo).toHaveTextContent('2 items selected');
    expect(screen.getByRole('option', { name: 'Other' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(combo).toHaveTextContent('Sale amount');
  });

  it("toggles 'Select all' / 'Unselect All'", async () => {
    render(<Multi />);
    const combo = screen.getByRole('combobox', { name: 'Categories' });
    await userEvent.click(combo);
    await userEvent.click(screen.getByRole('button', { name: 'Select all' }));
    expect(combo).toHaveTextContent('6 items selected');
    for (const option of screen.getAllByRole('option'))
      expect(option).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Unselect All' }));
    expect(combo).toHaveTextContent('Select...');
    expect(screen.getByRole('button', { name: 'Select all' })).toBeInTheDocument();
    expect(combo).toHaveFocus();
  });

  it("reads 'Unselect All' when every option is already chosen", async () => {
    render(<Multi initial={OFFER_TYPES.map((option) => option.value)} />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Categories' }));
    expect(screen.getByRole('button', { name: 'Unselect All' })).toBeInTheDocument();
  });

  it('announces its error and does not open when disabled', async () => {
    const { rerender } = render(
      <Select
        label="Offer Type"
        options={OFFER_TYPES}
        value={null}
        onChange={() => {}}
        error="Offer Type is required"
      />,
    );
    const combo = screen.getByRole('combobox', { name: 'Offer Type' });
    expect(combo).toHaveAttribute('aria-invalid', 'true');
    expect(combo).toHaveAccessibleDescription('Offer Type is required');
    rerender(
      <Select label="Offer Type" options={OFFER_TYPES} value={null} onChange={() => {}} disabled />,
    );
    await userEvent.click(combo);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('says it is loading while the options are fetched', async () => {
    render(<Select label="Category" options={[]} value={null} onChange={() => {}} isLoading />);
    const combo = screen.getByRole('combobox', { name: 'Category' });
    expect(combo).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(combo);
    expect(screen.getByText('Loading options...')).toBeInTheDocument();
  });

  it('limits the list height by size 0 to 11', () => {
    const expected = [
      '40px',
      '12px',
      '20px',
      '28px',
      '36px',
      '48px',
      '56px',
      '64px',
      '72px',
      '80px',
      '96px',
      'none',
    ];
    for (let size = 0; size <= 11; size += 1)
      expect(listMaxHeight(size as SelectSize)).toBe(expected[size]);
  });

  it('applies the size to the open list', async () => {
    render(
      <Select label="Offer Type" options={OFFER_TYPES} value={null} onChange={() => {}} size={9} />,
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Offer Type' }));
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '80px' });
  });
});
