/** The settings the compose test and `site` read, and the environment compose.yaml is interpolated from. */
export const inheritedEnv: NodeJS.ProcessEnv = process.env;

/** Where the release images are: CC_RELEASE_DIR, else the repository's release/. */
export const releaseDir: string | undefined = process.env.CC_RELEASE_DIR || undefined;
