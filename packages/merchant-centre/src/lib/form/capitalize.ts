/** Error messages are shown with the first letter capitalised. */
export function capitalize(message: string): string {
  return message.charAt(0).toUpperCase() + message.slice(1);
}
