import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { readStoredUser, signedOut, tokensRefreshed } from '@cc/api';
import type { StoredUser } from '@cc/api';

export type SessionState = { user: StoredUser | null };

export function initialSessionState(): SessionState {
  return { user: readStoredUser() };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A login or registration answered with tokens, or the stored user was refreshed. */
    userStored(state, action: PayloadAction<StoredUser>) {
      state.user = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, (state) => {
        state.user = null;
      })
      .addCase(tokensRefreshed, (state, action) => {
        if (state.user) {
          state.user.token = action.payload.token;
          state.user.expiration = action.payload.expiration;
        }
      });
  },
  selectors: {
    selectUser: (state) => state.user,
    selectIsSignedIn: (state) => state.user !== null,
    selectStore: (state) => state.user?.store ?? null,
  },
});

export const { userStored } = sessionSlice.actions;
export const { selectUser, selectIsSignedIn, selectStore } = sessionSlice.selectors;
