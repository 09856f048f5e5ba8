/** The settings the cluster test reads, and the environment its children start from. */
export const inheritedEnv: NodeJS.ProcessEnv = process.env;

/** Where the release artifacts are: CLUSTER_RELEASE_DIR, else the repository's release/. */
export const releaseDirOverride: string | undefined = process.env.CLUSTER_RELEASE_DIR || undefined;
