import { configureStore } from '@reduxjs/toolkit';
import { reviewApi } from './api';

export const store = configureStore({
  reducer: { [reviewApi.reducerPath]: reviewApi.reducer },
  middleware: (getDefault) => getDefault().concat(reviewApi.middleware),
});
