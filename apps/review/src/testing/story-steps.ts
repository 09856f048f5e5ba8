import type { StoryContext } from '@storybook/react-vite';

/** What a play function acts through: the story's canvas and its user. */
type Play = Pick<StoryContext, 'canvas' | 'userEvent'>;

/** Types each value into the field whose label starts with its name, then presses the button named `button`. */
export async function fillAndPress(
  { canvas, userEvent }: Play,
  fields: Record<string, string>,
  button: string,
) {
  for (const [label, value] of Object.entries(fields))
    await userEvent.type(canvas.getByLabelText(new RegExp(`^${label}`)), value);
  await userEvent.click(canvas.getByRole('button', { name: button }));
}
