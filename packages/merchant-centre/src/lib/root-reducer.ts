import { combineSlices } from '@reduxjs/toolkit';
import type { ThunkDispatch, UnknownAction, WithSlice } from '@reduxjs/toolkit';
import { noticesSlice } from '@cc/api';
import type { api, ApiExtra } from '@cc/api';
import { sessionSlice } from './session/session-slice';

/**
 * The notice lists and the session from the start; the RTK Query slice joins when
 * the first screen that talks to the API loads (see app/attach-api.ts), so the landing
 * page does not download the API layer. The store itself is built in app/store.ts.
 */
export const rootReducer = combineSlices(noticesSlice, sessionSlice).withLazyLoadedSlices<
  WithSlice<typeof api>
>();

export type RootState = ReturnType<typeof rootReducer>;

/** What features dispatch with: thunks get the client id (ApiExtra), as app/store.ts configures. */
export type AppDispatch = ThunkDispatch<RootState, ApiExtra, UnknownAction>;
