import { useEffect } from 'react';
import { noticeDisplayed, selectErrors, selectNotifications } from '@cc/api';
import { toast } from '@cc/ui/toast-container';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';

/** Shows each error or notification item not yet displayed as a toast, then flags it displayed. */
export function NoticeToasts() {
  const dispatch = useAppDispatch();
  const notifications = useAppSelector(selectNotifications);
  const errors = useAppSelector(selectErrors);
  useEffect(() => {
    for (const item of notifications) {
      if (item.displayed) continue;
      toast.info(item.message, { toastId: item.id });
      dispatch(noticeDisplayed(item.id));
    }
    for (const item of errors) {
      if (item.displayed) continue;
      toast.error(item.message, { toastId: item.id });
      dispatch(noticeDisplayed(item.id));
    }
  }, [dispatch, notifications, errors]);
  return null;
}
