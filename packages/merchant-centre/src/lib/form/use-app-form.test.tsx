import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as yup from 'yup';
import { TextInput } from '@cc/ui/text-input';
import { useAppForm } from './use-app-form';
import type { UseAppFormOptions } from './use-app-form';

type Values = { name: string; email: string };
const schema = yup.object({
  name: yup.string().required(),
  email: yup.string().required().email(),
});

function Form(
  props: Partial<UseAppFormOptions<Values>> & { onSubmit: UseAppFormOptions<Values>['onSubmit'] },
) {
  const form = useAppForm<Values>({
    initialValues: { name: '', email: '' },
    validationSchema: schema,
    ...props,
  });
  return (
    <form {...form.formProps} aria-label="Test form">
      <TextInput label="Name" {...form.fieldProps('name')} />
      <TextInput label="Email" {...form.fieldProps('email')} />
      <button type="submit">Send</button>
    </form>
  );
}

/** The form with its rules as a loader whose chunk arrives when the test calls `deliverRules`. */
function renderWithLateRules() {
  let deliver: (loaded: typeof schema) => void = () => undefined;
  const rules = new Promise<typeof schema>((resolve) => {
    deliver = resolve;
  });
  const onSubmit = vi.fn();
  render(<Form onSubmit={onSubmit} validationSchema={() => rules} />);
  return { user: userEvent.setup(), onSubmit, deliverRules: () => deliver(schema) };
}

describe('form behaviour', () => {
  it('collects all errors and shows them capitalised', async () => {
    const user = userEvent.setup();
    render(<Form onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Name is a required field')).toBeVisible();
    expect(screen.getByText('Email is a required field')).toBeVisible();
  });

  it('revalidates on change', async () => {
    const user = userEvent.setup();
    render(<Form onSubmit={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(await screen.findByLabelText('Email'), 'x');
    expect(await screen.findByText('Email must be a valid email')).toBeVisible();
  });

  it('Enter submits by default', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'a@b.co{Enter}');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', email: 'a@b.co' }, expect.anything()),
    );
  });

  it('Enter does not submit when submitByEnter is false', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Form onSubmit={onSubmit} submitByEnter={false} />);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'a@b.co{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('submitOnChange submits on every valid change', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <Form onSubmit={onSubmit} submitOnChange initialValues={{ name: 'Ann', email: 'a@b.co' }} />,
    );
    await user.type(screen.getByLabelText('Name'), 'e');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Anne', email: 'a@b.co' }, expect.anything()),
    );
  });

  it('resetOnSubmit empties the form after a submit', async () => {
    const user = userEvent.setup();
    render(<Form onSubmit={vi.fn()} resetOnSubmit />);
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
  });

  it('a valid submit made while the rules are still loading waits for them, then submits once', async () => {
    const { user, onSubmit, deliverRules } = renderWithLateRules();
    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).not.toHaveBeenCalled();
    deliverRules();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Ann', email: 'a@b.co' }, expect.anything());
  });

  it('an invalid submit made while the rules are still loading shows the errors once they arrive', async () => {
    const { user, onSubmit, deliverRules } = renderWithLateRules();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    deliverRules();
    expect(await screen.findByText('Name is a required field')).toBeVisible();
    expect(screen.getByText('Email must be a valid email')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
