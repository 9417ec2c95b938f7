// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { CheckboxField } from './checkbox-field';
import { ChoiceCards } from './choice-cards';
import { FormMessage } from './form-message';
import { PasswordField } from './password-field';
import { RadioGroup } from './radio-group';
import { SelectField } from './select-field';
import { TextAreaField, TextField } from './text-field';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The texts an element's aria-describedby points at, in order. */
const descriptions = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('TextField', () => {
  it('is named by its label and sends what is typed', () => {
    const onChange = vi.fn();
    render(
      <TextField
        name="email"
        type="email"
        label="Email address"
        value=""
        onChange={onChange}
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        isRequired
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Email address' });
    expect(input.getAttribute('name')).toBe('email');
    expect(input.getAttribute('type')).toBe('email');
    expect(input.getAttribute('autocomplete')).toBe('email');
    expect(input.getAttribute('inputmode')).toBe('email');
    expect(input.getAttribute('maxlength')).toBe('254');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    fireEvent.change(input, { target: { value: 'a@b.fr' } });
    expect(onChange).toHaveBeenCalledWith('a@b.fr');
  });

  it('links its description and error, and is invalid while it has an error', () => {
    const { rerender, container } = render(
      <TextField
        name="phone"
        type="tel"
        label="Phone"
        value="12"
        onChange={() => undefined}
        description="For the carrier"
        error="Enter a valid phone number."
        ltr
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Phone' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(input)).toEqual(['For the carrier', 'Enter a valid phone number.']);
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(container.querySelector('.form-field')!.hasAttribute('data-invalid')).toBe(true);
    rerender(
      <TextField
        name="phone"
        type="tel"
        label="Phone"
        value="12"
        onChange={() => undefined}
        description="For the carrier"
        ltr
      />,
    );
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(descriptions(input)).toEqual(['For the carrier']);
    expect(screen.queryByText('Enter a valid phone number.')).toBeNull();
  });

  it('marks an optional field after its label, never a required one', () => {
    const { rerender } = render(
      <TextField name="company" label="Company" value="" onChange={() => undefined} optionalText="(optional)" />,
    );
    expect(screen.getByRole('textbox', { name: 'Company (optional)' })).toBeTruthy();
    rerender(
      <TextField
        name="company"
        label="Company"
        value=""
        onChange={() => undefined}
        optionalText="(optional)"
        isRequired
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Company' })).toBeTruthy();
  });

  it('shows a read-only value that cannot be changed', () => {
    const { container } = render(
      <TextField name="country" label="Country" value="France" onChange={() => undefined} isReadOnly />,
    );
    expect((screen.getByRole('textbox', { name: 'Country' }) as HTMLInputElement).readOnly).toBe(true);
    expect(container.querySelector('.form-field')!.hasAttribute('data-readonly')).toBe(true);
  });
});

describe('PasswordField', () => {
  it('hides the password until its toggle is pressed, and says whether it is', () => {
    const onChange = vi.fn();
    render(
      <PasswordField
        name="password"
        label="Password"
        value="secret"
        onChange={onChange}
        autoComplete="current-password"
        showLabel="Show password"
        error="Wrong password."
      />,
    );
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(input.getAttribute('aria-required')).toBe('true');
    expect(descriptions(input)).toEqual(['Wrong password.']);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('type')).toBe('button');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(input, { target: { value: 'secret2' } });
    expect(onChange).toHaveBeenCalledWith('secret2');
  });
});

describe('TextAreaField', () => {
  it('is a labelled text area with its hint and error linked', () => {
    const onChange = vi.fn();
    render(
      <TextAreaField
        name="gift"
        label="Message"
        optionalText="(optional)"
        value=""
        onChange={onChange}
        description="0 / 200"
        error="Too long."
        maxLength={200}
        rows={3}
      />,
    );
    const area = screen.getByRole('textbox', { name: 'Message (optional)' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('rows')).toBe('3');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(area)).toEqual(['0 / 200', 'Too long.']);
    fireEvent.change(area, { target: { value: 'Happy birthday' } });
    expect(onChange).toHaveBeenCalledWith('Happy birthday');
  });
});

describe('SelectField', () => {
  const states = [
    { id: 'NY', label: 'New York' },
    { id: 'CA', label: 'California' },
  ];

  it('is a native select named by its label, showing the placeholder until a choice is made', () => {
    const onChange = vi.fn();
    render(
      <SelectField
        name="state"
        label="State"
        items={states}
        value=""
        onChange={onChange}
        placeholder="Choose"
        isRequired
      />,
    );
    const select = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('');
    expect(select.selectedOptions[0]!.textContent).toBe('Choose');
    expect(select.selectedOptions[0]!.disabled).toBe(true);
    expect(select.getAttribute('aria-required')).toBe('true');
    fireEvent.change(select, { target: { value: 'CA' } });
    expect(onChange).toHaveBeenCalledWith('CA');
  });

  it('shows the chosen item, and its error linked', () => {
    render(
      <SelectField
        name="state"
        label="State"
        items={states}
        value="NY"
        onChange={() => undefined}
        placeholder="Choose"
        error="Choose a state."
      />,
    );
    const select = screen.getByRole('combobox', { name: 'State' }) as HTMLSelectElement;
    expect(select.value).toBe('NY');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(select)).toEqual(['Choose a state.']);
  });

  it('keeps a hidden label as the accessible name', () => {
    const { container } = render(
      <SelectField
        name="q"
        label="Quantity"
        isLabelHidden
        items={[{ id: '1', label: '1' }]}
        value="1"
        onChange={() => undefined}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'Quantity' })).toBeTruthy();
    expect(container.querySelector('label')!.className).toBe('sr-only');
  });
});

describe('CheckboxField', () => {
  it('is a native checkbox named by its label, toggled by a click', () => {
    function Terms() {
      const [on, setOn] = useState(false);
      return (
        <CheckboxField name="terms" isSelected={on} onChange={setOn} isRequired>
          I accept the <a href="/terms">terms</a>
        </CheckboxField>
      );
    }
    const { container } = render(<Terms />);
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-required')).toBe('true');
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    expect(container.querySelector('.form-checkbox__control')!.hasAttribute('data-selected')).toBe(true);
  });

  it('links its error and is invalid while it has one', () => {
    render(
      <CheckboxField name="terms" isSelected={false} onChange={() => undefined} error="Please accept the terms.">
        I accept the terms
      </CheckboxField>,
    );
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(box)).toEqual(['Please accept the terms.']);
  });
});

describe('RadioGroup', () => {
  const titles = [
    { value: 'MRS', label: 'Mrs' },
    { value: 'MR', label: 'Mr' },
  ] as const;

  it('is a group of native radios named by its legend', () => {
    const onChange = vi.fn();
    render(
      <RadioGroup
        name="civility"
        label="Title"
        optionalText="(optional)"
        items={titles}
        value=""
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Title (optional)' });
    expect(group.tagName).toBe('FIELDSET');
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.checked)).toEqual([false, false]);
    expect(new Set(radios.map((r) => r.name))).toEqual(new Set(['civility']));
    fireEvent.click(screen.getByRole('radio', { name: 'Mr' }));
    expect(onChange).toHaveBeenCalledWith('MR');
  });

  it('checks the chosen value and marks the group invalid with its error', () => {
    render(
      <RadioGroup
        name="civility"
        label="Title"
        items={titles}
        value="MRS"
        onChange={() => undefined}
        error="Choose a title."
        isRequired
      />,
    );
    expect((screen.getByRole('radio', { name: 'Mrs' }) as HTMLInputElement).checked).toBe(true);
    const group = screen.getByRole('radiogroup', { name: 'Title' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-required')).toBe('true');
    expect(descriptions(group)).toEqual(['Choose a title.']);
    expect(descriptions(screen.getByRole('radio', { name: 'Mr' }))).toEqual(['Choose a title.']);
  });
});

describe('ChoiceCards', () => {
  const options = [
    { id: 'std', title: 'Standard delivery', detail: 'In 3 to 5 days', aside: 'Free' },
    { id: 'store', title: 'Collect in store', detail: 'Today', isDisabled: true },
  ];

  it('names each radio by its whole card and keeps unavailable cards out of reach', () => {
    const onChange = vi.fn();
    const { container } = render(
      <ChoiceCards
        name="delivery"
        label="Delivery method"
        isLabelHidden
        items={options}
        value="std"
        onChange={onChange}
      />,
    );
    expect(screen.getByRole('radiogroup', { name: 'Delivery method' })).toBeTruthy();
    expect(container.querySelector('legend')!.className).toBe('sr-only');
    const standard = screen.getByRole('radio', { name: 'Standard delivery In 3 to 5 days Free' }) as HTMLInputElement;
    expect(standard.checked).toBe(true);
    const store = screen.getByRole('radio', { name: /^Collect in store/ }) as HTMLInputElement;
    expect(store.disabled).toBe(true);
    expect(container.querySelector('.choice-card[data-disabled]')).toBeTruthy();
  });

  it('reports the choice and shows its error on the group', () => {
    const onChange = vi.fn();
    render(
      <ChoiceCards
        name="delivery"
        label="Delivery method"
        items={options}
        value={null}
        onChange={onChange}
        error="Choose a delivery method."
      />,
    );
    fireEvent.click(screen.getByRole('radio', { name: /^Standard delivery/ }));
    expect(onChange).toHaveBeenCalledWith('std');
    const group = screen.getByRole('radiogroup', { name: 'Delivery method' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(descriptions(group)).toEqual(['Choose a delivery method.']);
    expect(descriptions(screen.getByRole('radio', { name: /^Standard delivery/ }))).toEqual([
      'Choose a delivery method.',
    ]);
  });
});

describe('FormMessage', () => {
  it('is an alert for an error and a status for information, focusable by script', () => {
    render(
      <>
        <FormMessage>Card declined.</FormMessage>
        <FormMessage tone="info">No boutique nearby.</FormMessage>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Card declined.');
    expect(screen.getByRole('alert').getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('status').textContent).toBe('No boutique nearby.');
  });
});

describe('server rendering', () => {
  it('renders every field on the server and hydrates it without a warning', async () => {
    const form = (
      <form noValidate>
        <TextField
          name="email"
          label="Email"
          value="a@b.fr"
          onChange={() => undefined}
          description="Hint"
          error="Wrong"
        />
        <TextAreaField name="note" label="Note" value="" onChange={() => undefined} />
        <SelectField
          name="state"
          label="State"
          items={[{ id: 'NY', label: 'New York' }]}
          value=""
          placeholder="Choose"
          onChange={() => undefined}
        />
        <CheckboxField name="terms" isSelected onChange={() => undefined} error="Accept">
          Terms
        </CheckboxField>
        <RadioGroup
          name="civility"
          label="Title"
          items={[{ value: 'MR', label: 'Mr' }]}
          value="MR"
          onChange={() => undefined}
        />
        <ChoiceCards
          name="delivery"
          label="Delivery"
          items={[{ id: 'std', title: 'Standard' }]}
          value="std"
          onChange={() => undefined}
        />
      </form>
    );
    const html = renderToString(form);
    expect(html).toContain('aria-invalid="true"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable = vi.fn();
    await act(async () => void hydrateRoot(container, form, { onRecoverableError: recoverable }));
    expect(errors).not.toHaveBeenCalled();
    expect(recoverable).not.toHaveBeenCalled();
    // The ids the server wrote are those the client links to.
    const email = within(container).getByRole('textbox', { name: 'Email' });
    expect(descriptions(email)).toEqual(['Hint', 'Wrong']);
    container.remove();
  });
});
