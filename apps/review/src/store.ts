import { configureStore } from '@reduxjs/toolkit';
import { useDispatch } from 'react-redux';
import { reviewApi } from './api';

export function createReviewStore() {
  return configureStore({
    reducer: { [reviewApi.reducerPath]: reviewApi.reducer },
    middleware: (getDefault) => getDefault().concat(reviewApi.middleware),
  });
}

export type ReviewDispatch = ReturnType<typeof createReviewStore>['dispatch'];
export const useReviewDispatch = useDispatch.withTypes<ReviewDispatch>();
