import { createSlice, isRejectedWithValue } from '@reduxjs/toolkit';
import type { Middleware, PayloadAction } from '@reduxjs/toolkit';
import { NOTIFICATION_AUTO_HIDE_MS } from '@cc/config';
import { API_BASE_PATH } from './constants';
import { toNoticeItem } from './errors';
import type { NoticeItem } from './errors';

export type NoticesState = { notifications: NoticeItem[]; errors: NoticeItem[] };

const initialState: NoticesState = { notifications: [], errors: [] };

export const noticesSlice = createSlice({
  name: 'notices',
  initialState,
  reducers: {
    noticeAdded(state, action: PayloadAction<NoticeItem>) {
      const list = action.payload.list === 'notification' ? state.notifications : state.errors;
      list.push(action.payload);
    },
    noticeDisplayed(state, action: PayloadAction<string>) {
      for (const item of [...state.notifications, ...state.errors]) {
        if (item.id === action.payload) item.displayed = true;
      }
    },
    noticeHidden(state, action: PayloadAction<string>) {
      state.notifications = state.notifications.filter((item) => item.id !== action.payload);
      state.errors = state.errors.filter((item) => item.id !== action.payload);
    },
  },
  selectors: {
    selectNotifications: (state) => state.notifications,
    selectErrors: (state) => state.errors,
    /** The item a failed call left in either list, while it is there. */
    selectNoticeOfRequest: (state, requestId: string) =>
      [...state.notifications, ...state.errors].find((item) => item.requestId === requestId),
  },
});

export const { noticeAdded, noticeDisplayed, noticeHidden } = noticesSlice.actions;
export const { selectNotifications, selectErrors, selectNoticeOfRequest } = noticesSlice.selectors;

/** SPEC section 8: failures of these calls are swallowed (loading just stops). */
export const SILENT_ENDPOINTS: ReadonlySet<string> = new Set([
  'getCoupon',
  'getPlan',
  'getTransactions',
  'updateSubscription',
  'logout',
]);

/** Screens show these failures beside the form, so the item is recorded as displayed. */
export const INLINE_ENDPOINTS: ReadonlySet<string> = new Set([
  'login',
  'register',
  'verifyEmail',
  'setNewPassword',
  'passwordReset',
  'createStore',
  'updateStore',
  'createCoupon',
  'updateCoupon',
  'deleteAccount',
  'changePassword',
  'changeEmail',
  'confirmEmailChange',
  'revertEmailChange',
  'sendVerificationEmail',
  'endAccountSession',
  'signOutOtherSessions',
]);

/**
 * Visitor calls, made without a session (see SESSIONLESS_PATHS): their 401 is the
 * answer the form shows ('Invalid Email/Password combination'), not an ended session.
 */
const SESSIONLESS_ENDPOINTS: ReadonlySet<string> = new Set([
  'login',
  'register',
  'verifyEmail',
  'setNewPassword',
  'passwordReset',
]);

type RejectedMeta = { requestId?: string; arg?: { endpointName?: string; originalArgs?: unknown } };

/**
 * Records every failed API call in the notification list (400) or the error list
 * (everything else), with the call's request id. Every item added, by a failed call
 * or by a screen, hides after NOTIFICATION_AUTO_HIDE_MS unless timeless.
 * A 401 on a session call ends the session instead of showing an item.
 */
export const noticesMiddleware: Middleware = (store) => (next) => (action) => {
  const result = next(action);
  if (noticeAdded.match(action) && !action.payload.timeless) {
    const { id } = action.payload;
    setTimeout(() => store.dispatch(noticeHidden(id)), NOTIFICATION_AUTO_HIDE_MS);
  }
  if (isRejectedWithValue(action)) {
    const meta = action.meta as RejectedMeta;
    const endpointName = meta.arg?.endpointName ?? '';
    if (SILENT_ENDPOINTS.has(endpointName)) return result;
    const item = toNoticeItem(action.payload, {
      url: `${API_BASE_PATH}/${endpointName}`,
      requestId: meta.requestId,
    });
    if (item.status === 401 && !SESSIONLESS_ENDPOINTS.has(endpointName)) return result;
    if (INLINE_ENDPOINTS.has(endpointName)) item.displayed = true;
    store.dispatch(noticeAdded(item));
  }
  return result;
};
