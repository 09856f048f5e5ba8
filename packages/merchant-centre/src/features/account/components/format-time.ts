const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO 8601 time as the browser's local yyyy-MM-dd HH:mm (the app's date format, and the time). */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  const date = `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
  return `${date} ${pad(time.getHours())}:${pad(time.getMinutes())}`;
}
