import { useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { Provider } from 'react-redux';
import { NEUTRAL_THEME, ThemeProvider } from '@cc/ui/theme';
import { createReviewStore } from '../app/store';
import { ConsoleFrame } from '../components/console-frame';
import { writeSession, type StaffSession } from '../features/auth/session';

/**
 * What a console screen finds around it in the console: the console's own store (packages/api's
 * slice on the staff session, as main.tsx makes it), the staff session of this tab, and the
 * console's look (the kit's neutral theme, its header bar on the console's grey). The console has
 * no router: it opens the invitation page from the address, and the page takes the token as a prop.
 */
function ConsoleProviders({
  session,
  children,
}: {
  session: StaffSession | null;
  children: ReactNode;
}) {
  const [store] = useState(() => {
    // The tab's session is the story's (a story before may have signed in).
    writeSession(session);
    return createReviewStore();
  });
  return (
    <Provider store={store}>
      {/* The console is no brand's: the kit's neutral theme, whatever the toolbar's brand. */}
      <ThemeProvider theme={NEUTRAL_THEME}>
        <div className="bg-slate-50">
          <ConsoleFrame>{children}</ConsoleFrame>
        </div>
      </ThemeProvider>
    </Provider>
  );
}

/**
 * A story decorator with the console's providers: `parameters.session` signs a staff member in
 * (none: signed out). The screen's calls go through the console's endpoints to the story's MSW
 * handlers (`parameters.msw`, test/api-answers.ts).
 */
export const withConsoleProviders: Decorator = (Story, { parameters }) => (
  <ConsoleProviders session={(parameters['session'] as StaffSession | undefined) ?? null}>
    <Story />
  </ConsoleProviders>
);
