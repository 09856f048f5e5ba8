/** Sends this tab to another address (the processor's card form); the page unloads. */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
