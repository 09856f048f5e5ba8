/** The brand package's version, set by the build (the version label). */
declare const __APP_VERSION__: string;
