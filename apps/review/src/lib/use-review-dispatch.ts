import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import type { ApiExtra } from '@cc/api';

/** The console store's dispatch: plain actions and the API slice's thunks. */
export type ReviewDispatch = ThunkDispatch<unknown, ApiExtra, UnknownAction>;

export const useReviewDispatch = useDispatch.withTypes<ReviewDispatch>();
