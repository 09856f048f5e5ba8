/** A request's path as text, or undefined when its percent-escapes are malformed. */
export function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return undefined;
  }
}
