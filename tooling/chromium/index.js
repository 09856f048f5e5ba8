// How every browser test and screenshot script here starts Debian's Chromium:
// headless, without the sandbox (CI runs as root) and without the background
// connections a machine with no network refuses.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
