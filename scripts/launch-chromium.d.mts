import type { Browser } from 'playwright-core';

/** Where Chromium is: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export declare const CHROMIUM: string;
/** Headless Debian Chromium with the flags this machine needs; throws a clear error when it is not installed. */
export declare function launchChromium(): Promise<Browser>;
