import Bowser from 'bowser';

export const UNKNOWN_BROWSER = 'Unknown browser';
export const UNKNOWN_SYSTEM = 'Unknown system';

/** A version as people say it: the major number ('142'), or two parts where the major one says little (macOS 10.15). */
function shortVersion(version: string | undefined, twoParts: boolean): string {
  const parts = (version ?? '').split('.').filter((part) => /^\d+$/.test(part));
  return parts.slice(0, twoParts ? 2 : 1).join('.');
}

const join = (name: string, version: string) => (version ? `${name} ${version}` : name);

/**
 * A sign-in's device as its session list shows it, read from the User-Agent with bowser:
 * `{ browser: 'Chrome 142', os: 'macOS 10.15' }`; what cannot be read is 'Unknown browser'
 * or 'Unknown system'.
 */
export function describeUserAgent(userAgent: string): { browser: string; os: string } {
  if (userAgent.trim() === '') return { browser: UNKNOWN_BROWSER, os: UNKNOWN_SYSTEM };
  let parsed: Bowser.Parser.ParsedResult;
  try {
    parsed = Bowser.parse(userAgent);
  } catch {
    return { browser: UNKNOWN_BROWSER, os: UNKNOWN_SYSTEM };
  }
  const { browser, os } = parsed;
  const browserName = browser.name?.trim();
  const osName = os.name?.trim();
  // Windows reports its kernel ('NT 10.0'); the name people know is the version name ('10').
  const osVersion =
    osName === 'Windows'
      ? (os.versionName ?? '')
      : shortVersion(os.version, osName === 'macOS' && os.version?.startsWith('10.') === true);
  return {
    browser: browserName
      ? join(browserName, shortVersion(browser.version, false))
      : UNKNOWN_BROWSER,
    os: osName ? join(osName, osVersion) : UNKNOWN_SYSTEM,
  };
}
